import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatResponseTime, isOutbound, responseTimeBadge, statusIcon } from '@drivebay/shared';
import { formatInTimeZone } from '../../../../lib/dates';
import type { ThreadMessage } from '../../api';
import { StatusGlyph } from '../status-glyph';
import { MediaImages, MessageBody } from './message-body';
import { SenderBadge } from './sender-badge';

type ChatBubbleProps = {
  message: ThreadMessage;
  timeZone: string | null;
  customerName: string;
  showBadges: boolean;
  options: ReactNode;
};

/** An SMS or e-mail: inbound on the left, outbound on the right, archived ones grey. */
export function ChatBubble({ message: m, timeZone, customerName, showBadges, options }: ChatBubbleProps) {
  const outbound = isOutbound(m);
  const status = statusIcon(m);
  const email = m.messageType === 'EMAIL';
  const sender = m.fromName || (outbound ? m.from : customerName) || m.from || 'Unknown sender';
  const recipient = m.toName ? `${m.toName}${m.to ? ` <${m.to}>` : ''}` : (m.to ?? '');
  let bg = outbound ? '#e3ecfa' : '#ffffff';
  if (status.danger) bg = '#fdecea';
  if (m.archived) bg = '#eeeeee';

  return (
    <Box sx={{ display: 'flex', justifyContent: outbound ? 'flex-end' : 'flex-start' }}>
      <Box
        sx={{
          maxWidth: { xs: '92%', md: '75%' },
          bgcolor: bg,
          color: m.archived ? 'text.secondary' : 'text.primary',
          border: 1,
          borderColor: m.archived ? 'grey.400' : outbound ? '#c5d5f0' : 'divider',
          borderRadius: 2,
          borderTopRightRadius: outbound ? 2 : 8,
          borderTopLeftRadius: outbound ? 8 : 2,
          px: 1.5,
          py: 1,
        }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
          {!outbound && showBadges ? <SenderBadge name={sender} /> : <Typography variant="subtitle2">{sender}</Typography>}
          {email ? <Chip size="small" variant="outlined" label="Email" sx={{ height: 20 }} /> : null}
          {m.archived ? <Chip size="small" label="Archived" sx={{ height: 20 }} /> : null}
          <Box sx={{ flex: 1 }} />
          {options}
        </Stack>
        {recipient ? (
          <Typography variant="caption" color="text.secondary" component="div">
            To: {recipient}
          </Typography>
        ) : null}
        {email && m.subject ? (
          <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>
            {m.subject}
          </Typography>
        ) : null}
        <Box sx={{ mt: 0.5 }}>
          <MessageBody content={m.content} />
        </Box>
        <MediaImages urls={m.mediaUrls} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: 0.5 }}>
          {outbound && m.messageSentBy ? (
            <Typography variant="caption" color="text.secondary">
              by {m.messageSentBy}
            </Typography>
          ) : null}
          {showBadges && outbound && m.mrt !== null ? (
            <Chip size="small" variant="outlined" label={responseTimeBadge(m.mrt)} title={formatResponseTime(m.mrt)} sx={{ height: 20 }} />
          ) : null}
          <Typography variant="caption" color="text.secondary">
            {formatInTimeZone(m.createdOn, timeZone)}
          </Typography>
          <StatusGlyph status={status} />
        </Stack>
        {status.icon === 'cross' || status.icon === 'ban' ? (
          <Typography
            variant="caption"
            // error.main is 4.2:1 on the outbound tint; the darker red reads at AA.
            color="error.dark"
            component="div"
            sx={{ textAlign: 'right' }}
          >
            {status.title}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
