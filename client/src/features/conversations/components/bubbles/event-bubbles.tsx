import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import EventIcon from '@mui/icons-material/Event';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import PhoneIcon from '@mui/icons-material/PhoneInTalkOutlined';
import { formatInTimeZone } from '../../../../lib/dates';
import type { ThreadMessage } from '../../api';
import { formatCallDuration } from '../../message-layout';
import { EventCard, Field } from './event-card';
import { MessageBody } from './message-body';

export type CardProps = { message: ThreadMessage; timeZone: string | null; customerName: string; options: ReactNode };

const AMPM = 'MM/DD/YYYY hh:mm A';

/** A scheduled internal task: title, host, guest and time. */
export function TaskBubble({ message: m, timeZone, customerName, options }: CardProps) {
  return (
    <EventCard icon={<AssignmentIcon fontSize="small" color="primary" />} heading="Task assigned" time={formatInTimeZone(m.createdOn, timeZone)} archived={m.archived} options={options}>
      <Field label="Task">{m.title || m.content}</Field>
      <Field label="Host">{m.fromName || m.from || '—'}</Field>
      <Field label="Guest">{m.toName || customerName}</Field>
      <Field label="Time">{formatInTimeZone(m.startTime ?? m.createdOn, timeZone, AMPM)}</Field>
    </EventCard>
  );
}

/** A user invite or a deal-room response. */
export function InviteBubble({ message: m, timeZone, options }: CardProps) {
  const heading = m.notificationType === 'USER_INVITE' ? 'Invitation' : 'Deal room response';
  return (
    <EventCard icon={<MailOutlineIcon fontSize="small" color="primary" />} heading={m.title || heading} time={formatInTimeZone(m.createdOn, timeZone)} archived={m.archived} options={options}>
      <Field label="From">{m.fromName || m.from || '—'}</Field>
      {m.toName || m.to ? <Field label="To">{m.toName || m.to}</Field> : null}
      <MessageBody content={m.content} />
    </EventCard>
  );
}

/** A calendar invite: Subject, Host, Guest and Time with AM/PM. */
export function CalendarCard({ message: m, timeZone, customerName, options }: CardProps) {
  return (
    <EventCard icon={<EventIcon fontSize="small" color="primary" />} heading="Calendar invite" time={formatInTimeZone(m.createdOn, timeZone)} archived={m.archived} options={options}>
      <Typography variant="caption" color="text.secondary" component="div">
        {m.fromName || m.from || '—'} → {m.toName || m.to || customerName}
      </Typography>
      <Field label="Subject">{m.title || m.subject || m.content}</Field>
      <Field label="Host">{m.fromName || m.from || '—'}</Field>
      <Field label="Guest">{customerName}</Field>
      <Field label="Time">{formatInTimeZone(m.startTime ?? m.createdOn, timeZone, AMPM)}</Field>
    </EventCard>
  );
}

/** A call: who called whom, when, for how long, and its recording when there is one. */
export function CallCard({ message: m, timeZone, customerName, options }: CardProps) {
  const heading = m.notificationType === 'VOICEMAIL_LEFT' ? 'Voicemail' : 'Call';
  return (
    <EventCard icon={<PhoneIcon fontSize="small" color="primary" />} heading={heading} time={formatInTimeZone(m.createdOn, timeZone)} archived={m.archived} options={options}>
      <Field label="From">{m.fromName || m.from || '—'}</Field>
      <Field label="To">{m.toName || m.to || customerName}</Field>
      <Field label="Start">{formatInTimeZone(m.startTime ?? m.createdOn, timeZone, AMPM)}</Field>
      {m.callDurationSeconds != null ? <Field label="Duration">{formatCallDuration(m.callDurationSeconds)}</Field> : null}
      {(m.recordingUrl ?? m.mediaUrl) ? (
        <audio controls preload="none" style={{ width: '100%', marginTop: 8 }}>
          <source src={(m.recordingUrl ?? m.mediaUrl)!} type="audio/mpeg" />
        </audio>
      ) : (
        <Typography variant="caption" color="text.secondary">
          No recording
        </Typography>
      )}
    </EventCard>
  );
}
