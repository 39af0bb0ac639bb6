import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MessageInstanceDto } from '@drivebay/shared';
import { formatInTimeZone } from '../../../lib/dates';
import { htmlToPlainText } from '../../../lib/html-text';

/** The chat's scroll area (spec §9). */
export const CHAT_SCROLL_HEIGHT_PX = 550;

const KIND_LABEL: Partial<Record<MessageInstanceDto['messageType'], string>> = {
  EMAIL: 'Email',
  INTERNAL_NOTES: 'Note',
  INTERNAL: 'Notice',
  CALENDAR_INVITE: 'Appointment',
  DEALROOM_MESSAGE_RESPONSE: 'Web response',
};

function Bubble({ m, timeZone, customerName }: { m: MessageInstanceDto; timeZone: string; customerName: string }) {
  const inbound = m.direction === 'RECEIVED';
  const internal = m.messageType === 'INTERNAL' || m.messageType === 'INTERNAL_NOTES';
  const who = inbound ? (m.fromName ?? customerName) : (m.fromName ?? m.messageSentBy ?? 'Store');
  const text = htmlToPlainText(m.content);
  return (
    <Box
      data-testid="deal-room-message"
      data-direction={m.direction}
      sx={{ alignSelf: internal ? 'center' : inbound ? 'flex-start' : 'flex-end', maxWidth: { xs: '92%', sm: '75%' } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: inbound ? 'flex-start' : 'flex-end', mb: 0.25 }}>
        <Typography variant="caption" sx={{ fontWeight: 600 }}>
          {who}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatInTimeZone(m.createdOn, timeZone)}
        </Typography>
        {KIND_LABEL[m.messageType] ? <Chip size="small" label={m.title ?? KIND_LABEL[m.messageType]} /> : null}
      </Stack>
      <Box
        sx={{
          px: 1.5,
          py: 1,
          borderRadius: 2,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          bgcolor: internal ? 'warning.light' : inbound ? 'grey.100' : 'primary.main',
          color: internal ? 'text.primary' : inbound ? 'text.primary' : 'primary.contrastText',
          opacity: m.archived ? 0.6 : 1,
        }}
      >
        {m.subject ? <Typography sx={{ fontWeight: 600 }}>{m.subject}</Typography> : null}
        {text}
      </Box>
      {!inbound && m.messageStatus ? (
        <Typography variant="caption" color={m.errors.length ? 'error' : 'text.secondary'} sx={{ display: 'block', textAlign: 'right' }}>
          {m.errors[0] ?? m.messageStatus}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The conversation, oldest first, kept scrolled to the latest message. */
export function DealRoomThread({ messages, timeZone, customerName }: { messages: MessageInstanceDto[]; timeZone: string; customerName: string }) {
  const end = useRef<HTMLDivElement | null>(null);
  const last = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);
  return (
    <Stack
      spacing={1.5}
      aria-label="Conversation"
      role="log"
      sx={{ height: CHAT_SCROLL_HEIGHT_PX, maxHeight: '60dvh', overflow: 'auto', p: 2, bgcolor: 'background.default', borderRadius: 1 }}
    >
      {messages.length === 0 ? <Typography color="text.secondary">No messages yet.</Typography> : null}
      {messages.map((m) => (
        <Bubble key={m.id} m={m} timeZone={timeZone} customerName={customerName} />
      ))}
      <div ref={end} />
    </Stack>
  );
}
