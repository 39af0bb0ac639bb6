import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { QueuedMessage } from '../offline-port';

const CAPTIONS: Record<QueuedMessage['state'], string> = {
  queued: 'On this device · sends when the connection returns',
  sending: 'Sending…',
  refused: 'Not sent',
  held: 'On this device · waits for the message above',
};

const CHANNEL: Record<QueuedMessage['channel'], string> = { SMS: 'SMS', EMAIL: 'Email', INTERNAL_NOTES: 'Internal note' };

type Props = {
  message: QueuedMessage;
  onRetry: (m: QueuedMessage) => void;
  onDiscard: (m: QueuedMessage) => void;
  /** Sends the edited text as a new message in this one's place. */
  onEdit: (m: QueuedMessage, change: { text: string; subject: string }) => Promise<void>;
};

/**
 * A message the server does not have yet, at the end of the thread: waiting on this device,
 * on its way, or refused with the server's reason and editable.
 */
export function QueuedMessageItem({ message: m, onRetry, onDiscard, onEdit }: Props) {
  const [editing, setEditing] = useState<{ text: string; subject: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const refused = m.state === 'refused';
  const canChange = m.state !== 'sending';

  const save = async () => {
    if (!editing) return;
    setSaving(true);
    try {
      await onEdit(m, editing);
      setEditing(null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box role="listitem" data-client-message-id={m.clientMessageId} data-outbox-state={m.state} sx={{ px: 1, py: 0.75, display: 'flex', justifyContent: 'flex-end' }}>
      <Box
        sx={{
          maxWidth: { xs: '92%', md: '75%' },
          bgcolor: refused ? '#fdecea' : '#eef3fb',
          border: 1,
          borderStyle: 'dashed',
          borderColor: refused ? 'error.light' : '#9fb6de',
          borderRadius: 2,
          borderTopRightRadius: 2,
          px: 1.5,
          py: 1,
        }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
          <Chip size="small" variant="outlined" label={CHANNEL[m.channel]} sx={{ height: 20 }} />
          {m.subject ? (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {m.subject}
            </Typography>
          ) : null}
        </Stack>
        {editing ? (
          <Stack spacing={1} sx={{ mt: 1 }}>
            {m.channel === 'EMAIL' ? (
              <TextField label="Subject" value={editing.subject} onChange={(e) => setEditing({ ...editing, subject: e.target.value })} disabled={saving} />
            ) : null}
            <TextField
              multiline
              minRows={2}
              value={editing.text}
              onChange={(e) => setEditing({ ...editing, text: e.target.value })}
              disabled={saving}
              slotProps={{ htmlInput: { 'aria-label': 'Edit message' } }}
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button size="small" onClick={() => setEditing(null)} disabled={saving}>
                Cancel
              </Button>
              <Button size="small" variant="contained" onClick={() => void save()} disabled={saving || !editing.text.trim()}>
                Send edited
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.text}
          </Typography>
        )}
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: 0.75 }}>
          {refused ? null : <ScheduleIcon sx={{ fontSize: 15 }} color="action" />}
          <Typography variant="caption" color={refused ? 'error.dark' : 'text.secondary'} data-testid="outbox-caption">
            {refused ? `${CAPTIONS.refused}: ${m.reason ?? 'refused by the server'}` : CAPTIONS[m.state]}
          </Typography>
        </Stack>
        {/* A server that failed for a passing reason; a missing network needs no words beyond the caption. */}
        {m.state === 'queued' && m.reason ? (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ textAlign: 'right' }}>
            {m.reason}
          </Typography>
        ) : null}
        {canChange && !editing && (refused || m.state === 'held' || m.state === 'queued') ? (
          <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', mt: 0.5 }}>
            {refused ? (
              <>
                <Button size="small" onClick={() => setEditing({ text: m.text, subject: m.subject ?? '' })}>
                  Edit
                </Button>
                <Button size="small" onClick={() => onRetry(m)}>
                  Retry
                </Button>
              </>
            ) : null}
            <Button size="small" color="error" onClick={() => onDiscard(m)}>
              Discard
            </Button>
          </Stack>
        ) : null}
      </Box>
    </Box>
  );
}
