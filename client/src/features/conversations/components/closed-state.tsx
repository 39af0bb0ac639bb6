import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { notify } from '../../../lib/notices';
import { setConversationClosed } from '../api';

/** Closes or reopens the conversation on the server; the caller updates its copy after. */
function useCloseToggle(interactionId: number, onChanged: (convClosed: boolean) => void) {
  const [busy, setBusy] = useState(false);
  const change = async (convClosed: boolean) => {
    setBusy(true);
    try {
      const result = await setConversationClosed(interactionId, convClosed);
      notify({ severity: 'success', message: result.message });
      onChanged(convClosed);
    } catch {
      // The API client has shown the server's answer.
    } finally {
      setBusy(false);
    }
  };
  return { busy, change };
}

type Props = { interactionId: number; onChanged: (convClosed: boolean) => void };

/** The header's control to close a conversation that needs nothing more: it leaves the live inbox. */
export function CloseConversationButton({ interactionId, onChanged }: Props) {
  const { busy, change } = useCloseToggle(interactionId, onChanged);
  return (
    <Tooltip title="Close conversation">
      <span>
        <IconButton aria-label="Close conversation" onClick={() => void change(true)} disabled={busy}>
          <TaskAltIcon />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * Shown over the thread of a closed conversation: it is out of the live inbox, can still be read
 * and answered, and comes back to the inbox with Reopen (or by itself when the customer replies).
 */
export function ClosedConversationBar({ interactionId, onChanged }: Props) {
  const { busy, change } = useCloseToggle(interactionId, onChanged);
  return (
    <Alert
      severity="info"
      square
      data-testid="closed-conversation"
      action={
        <Button color="inherit" size="small" onClick={() => void change(false)} disabled={busy}>
          Reopen
        </Button>
      }
      sx={{ borderBottom: 1, borderColor: 'divider', py: 0 }}
    >
      This conversation is closed and not in the inbox. A reply from the customer reopens it.
    </Alert>
  );
}
