import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import type { DtDialogueChoice } from './use-dt-dialogue';

type Props = {
  /** The customer's message the dialogue answers; typed over, or left for the latest received one. */
  initialMessage?: string;
  /** Shown while the field is empty: the latest message from the customer. */
  latestCustomerText?: string | null;
  initialLogMode?: boolean;
  busy: boolean;
  onSend: (choice: DtDialogueChoice) => void;
};

/**
 * The Send Date Time Dialogue form (spec §2): the Last Message, the log-mode switch and Send. With
 * log mode on, the time the customer accepts is handed to a person to book rather than booked by
 * the assistant.
 */
export function DtDialogueForm({ initialMessage = '', latestCustomerText, initialLogMode = false, busy, onSend }: Props) {
  const [text, setText] = useState(initialMessage);
  const [logMode, setLogMode] = useState(initialLogMode);
  return (
    <Stack spacing={1.5} component="form" onSubmit={(e) => { e.preventDefault(); onSend({ lastMessage: text, manualBooking: logMode }); }}>
      <TextField
        label="Last Message"
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={2}
        maxRows={6}
        placeholder={latestCustomerText ?? 'The latest message from the customer'}
        helperText={text.trim() ? 'The dialogue reads this text for a day and time.' : 'Left empty, the latest message from the customer is used.'}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: 1600 } }}
      />
      <FormControlLabel
        control={<Switch checked={logMode} onChange={(e) => setLogMode(e.target.checked)} disabled={busy} />}
        label="Log Mode"
      />
      <Typography variant="caption" color="text.secondary">
        {logMode ? 'Log mode: the time the customer accepts is handed to a person to book.' : 'The assistant books the time the customer accepts.'}
      </Typography>
      <Button type="submit" variant="contained" disabled={busy} endIcon={busy ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}>
        Send
      </Button>
    </Stack>
  );
}
