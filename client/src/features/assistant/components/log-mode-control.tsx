import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';

export type LogModeFields = { id: number; isLogModeToBeSent: boolean; validLogMode: boolean | null };

type Props = {
  message: LogModeFields;
  /** What the assistant would have replied, when log mode was switched on in this session. */
  loggedReply: string | null;
  onVerdict: (valid: boolean) => Promise<void>;
};

/**
 * Log mode inside a customer message (spec §2, §4), by the review's three states: not reviewed
 * (null) shows only the check, which confirms the assistant's reading; right (true) shows the green
 * check and the pencil; wrong (false) the red cross and the pencil. The pencil opens the Options
 * popover: the red cross says the reading was wrong, the green check that it was right.
 */
export function LogModeControl({ message, loggedReply, onVerdict }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [saving, setSaving] = useState(false);
  if (!message.isLogModeToBeSent) return null;
  const state = message.validLogMode === null ? 'unreviewed' : message.validLogMode ? 'right' : 'wrong';

  const decide = async (valid: boolean) => {
    setSaving(true);
    try {
      await onVerdict(valid);
      setAnchor(null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box data-testid="log-mode" data-log-mode={state} sx={{ mt: 0.75, pt: 0.5, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Chip size="small" variant="outlined" label="Log mode" sx={{ height: 20 }} />
        {state === 'right' ? (
          <Tooltip title="The assistant’s reading was confirmed">
            <CheckIcon fontSize="small" color="success" aria-label="Reading confirmed" role="img" />
          </Tooltip>
        ) : null}
        {state === 'wrong' ? (
          <Tooltip title="The assistant’s reading was marked wrong">
            <CloseIcon fontSize="small" color="error" aria-label="Reading marked wrong" role="img" />
          </Tooltip>
        ) : null}
        <Box sx={{ flex: 1 }} />
        {state === 'unreviewed' ? (
          <Tooltip title="Confirm the assistant’s reading">
            <span>
              <IconButton size="small" color="success" aria-label="Confirm the reading" disabled={saving} onClick={() => void decide(true)}>
                <CheckIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        ) : (
          <Tooltip title="Change the review">
            <IconButton size="small" aria-label="Change the review" onClick={(e) => setAnchor(e.currentTarget)}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      {loggedReply ? (
        <Typography variant="caption" color="text.secondary" component="div">
          {`The assistant would reply: “${loggedReply}”`}
        </Typography>
      ) : null}
      <Popover open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Stack sx={{ p: 1.5 }} spacing={1} role="dialog" aria-label="Options">
          <Typography variant="subtitle2">Options</Typography>
          <Stack direction="row" spacing={1}>
            <IconButton color="error" aria-label="Reading wrong" disabled={saving} onClick={() => void decide(false)}>
              <CloseIcon />
            </IconButton>
            <IconButton color="success" aria-label="Reading right" disabled={saving} onClick={() => void decide(true)}>
              <CheckIcon />
            </IconButton>
          </Stack>
        </Stack>
      </Popover>
    </Box>
  );
}
