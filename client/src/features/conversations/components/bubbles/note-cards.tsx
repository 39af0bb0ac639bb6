import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { formatInTimeZone } from '../../../../lib/dates';
import type { ThreadMessage } from '../../api';
import { handoffTitle } from '../../message-layout';
import { MessageBody } from './message-body';
import { SenderBadge } from './sender-badge';

type NoteProps = { message: ThreadMessage; timeZone: string | null; showBadges: boolean; options: ReactNode };

/** An internal note: warning-coloured header, grey once archived, and whether it was read. */
export function NoteCard({ message: m, timeZone, showBadges, options }: NoteProps) {
  const author = m.messageSentBy || m.fromName || 'Staff';
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper variant="outlined" sx={{ width: { xs: '100%', md: '80%' }, overflow: 'hidden', borderColor: m.archived ? 'grey.400' : 'warning.light' }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', px: 1.5, py: 0.75, bgcolor: m.archived ? 'grey.300' : 'warning.light', color: m.archived ? 'text.secondary' : 'warning.contrastText' }}
        >
          <Typography variant="subtitle2" sx={{ flex: 1 }}>
            Internal note
          </Typography>
          {showBadges ? <SenderBadge name={author} /> : <Typography variant="caption">{author}</Typography>}
          <Typography variant="caption">{formatInTimeZone(m.createdOn, timeZone)}</Typography>
          {options}
        </Stack>
        <Box sx={{ px: 1.5, py: 1, color: m.archived ? 'text.secondary' : 'text.primary' }}>
          <MessageBody content={m.content} />
          <Typography variant="caption" color="text.secondary" component="div" sx={{ textAlign: 'right', mt: 0.5 }}>
            {m.readStatus ? 'Read' : 'Unread'}
            {m.archived ? ' · Archived' : ''}
          </Typography>
        </Box>
      </Paper>
    </Box>
  );
}

/** A handoff notice to staff, collapsed to its title until opened. */
export function HandoffBubble({ message: m, timeZone, options }: NoteProps) {
  const [open, setOpen] = useState(false);
  const title = handoffTitle(m);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper variant="outlined" sx={{ width: { xs: '100%', md: '80%' }, borderColor: m.archived ? 'grey.400' : 'error.light', bgcolor: m.archived ? 'grey.100' : '#fff5f5' }}>
        <Stack direction="row" sx={{ alignItems: 'center', pr: 1 }}>
          <ButtonBase
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
            sx={{ flex: 1, justifyContent: 'flex-start', gap: 1, px: 1.5, py: 0.75, textAlign: 'left' }}
          >
            {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
            <Typography variant="subtitle2" color={m.archived ? 'text.secondary' : 'error.dark'} sx={{ flex: 1 }}>
              {title}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatInTimeZone(m.createdOn, timeZone)}
            </Typography>
          </ButtonBase>
          {options}
        </Stack>
        <Collapse in={open} unmountOnExit>
          <Box sx={{ px: 1.5, pb: 1 }}>
            {m.fromName || m.toName ? (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
                {m.fromName ?? ''}
                {m.toName ? ` → ${m.toName}` : ''}
              </Typography>
            ) : null}
            <MessageBody content={m.content} />
          </Box>
        </Collapse>
      </Paper>
    </Box>
  );
}
