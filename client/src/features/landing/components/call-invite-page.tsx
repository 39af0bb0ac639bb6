import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CallIcon from '@mui/icons-material/Call';
import EmailIcon from '@mui/icons-material/Email';
import EventIcon from '@mui/icons-material/Event';
import ForumIcon from '@mui/icons-material/Forum';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SmsIcon from '@mui/icons-material/Sms';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import type { ReactNode } from 'react';
import { formatPhoneDisplay, type CallInvite, type CallInviteItem, type CallInviteItemKind } from '@drivebay/shared';
import { PageSpinner } from '../../../components/page-spinner';
import { formatInTimeZone } from '../../../lib/dates';
import { getCallInvite } from '../api';
import { LinkProblem } from './link-problem';
import { PublicShell } from './public-shell';

const ICONS: Record<CallInviteItemKind, ReactNode> = {
  EMAIL: <EmailIcon />,
  SMS: <SmsIcon />,
  INTERNAL_NOTIFICATION: <NotificationsActiveIcon />,
  USER_INVITE: <PersonAddIcon />,
  DEALROOM_RESPONSE: <ForumIcon />,
  CALL: <CallIcon />,
  SCHEDULED_TASK: <TaskAltIcon />,
  SCHEDULED_APPOINTMENT: <EventIcon />,
};

function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h ? `${h}h` : '', m ? `${m}m` : '', `${s}s`].filter(Boolean).join(' ');
}

function Item({ item, zone }: { item: CallInviteItem; zone: string }) {
  const who = [item.fromName, item.toName ? `to ${item.toName}` : null].filter(Boolean).join(' ');
  const when = item.startTime && item.kind !== 'CALL' ? `For ${formatInTimeZone(item.startTime, zone)}` : null;
  return (
    <ListItem alignItems="flex-start" divider data-kind={item.kind}>
      <ListItemIcon sx={{ mt: 0.5, minWidth: 40 }}>{ICONS[item.kind]}</ListItemIcon>
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip size="small" label={item.label} />
            {item.title ? <Typography sx={{ fontWeight: 600 }}>{item.title}</Typography> : null}
            <Typography variant="caption" color="text.secondary">
              {formatInTimeZone(item.createdOn, zone)}
            </Typography>
          </Stack>
        }
        secondary={
          <>
            <Typography component="span" sx={{ display: 'block', mt: 0.5, color: 'text.primary', whiteSpace: 'pre-wrap' }}>
              {item.text}
            </Typography>
            {[who, when, item.durationSeconds !== null ? `Duration ${duration(item.durationSeconds)}` : null].filter(Boolean).join(' · ')}
          </>
        }
      />
    </ListItem>
  );
}

/** CUSTOMER CALL INVITE: who to call, and what has happened in the conversation, latest first. */
export function CallInvitePage({ query }: { query: { futureServiceInteractionId: string; userMasterId: string; token: string } }) {
  const [invite, setInvite] = useState<CallInvite | null>(null);
  const [error, setError] = useState<unknown>(null);
  const { futureServiceInteractionId, userMasterId, token } = query;

  useEffect(() => {
    const controller = new AbortController();
    getCallInvite({ futureServiceInteractionId, userMasterId, token }, controller.signal).then(setInvite, (e: unknown) => {
      if (!controller.signal.aborted) setError(e);
    });
    return () => controller.abort();
  }, [futureServiceInteractionId, userMasterId, token]);

  return (
    <PublicShell
      title="CUSTOMER CALL INVITE"
      subtitle={invite ? `${invite.storeName} asks you to call this customer.` : undefined}
      maxWidth={760}
    >
      {error ? <LinkProblem error={error} /> : null}
      {!error && !invite ? <PageSpinner label="Loading the invitation" /> : null}
      {invite ? (
        <Stack spacing={2}>
          <Box sx={{ p: 2, bgcolor: 'action.hover', borderRadius: 1 }}>
            <Typography variant="h6" component="h2">
              {invite.customerName}
            </Typography>
            {invite.customerPhone ? (
              <Typography component="a" href={`tel:${invite.customerPhone}`} sx={{ fontSize: 18 }}>
                +1 {formatPhoneDisplay(invite.customerPhone)}
              </Typography>
            ) : (
              <Typography color="text.secondary">No mobile number on file</Typography>
            )}
          </Box>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            History
          </Typography>
          {invite.items.length === 0 ? (
            <Typography color="text.secondary">No records available</Typography>
          ) : (
            <List disablePadding aria-label="Conversation history">
              {invite.items.map((item) => (
                <Item key={item.id} item={item} zone={invite.timeZone} />
              ))}
            </List>
          )}
        </Stack>
      ) : null}
    </PublicShell>
  );
}
