import { useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import type { MessageInstanceDto, SendMessage, SendMessageType } from '@drivebay/shared';
import { notify } from '../../../lib/notices';
import { sendMessage, type Interaction } from '../api';
import { textToHtml } from '../sanitize-html';
import { segmentSummary } from '../segment-summary';
import { sendFailureMessage } from '../send-failure';

/** The editor's height (spec §9). */
export const EDITOR_HEIGHT_PX = 200;

const CHANNEL_LABELS: Record<SendMessageType, string> = { SMS: 'SMS', EMAIL: 'Email', INTERNAL_NOTES: 'Internal note' };

type ComposerProps = {
  interaction: Interaction;
  customerName: string;
  senderName: string;
  /** False when the user's roles do not show internal notes: they are told so before writing one. */
  canSeeNotes: boolean;
  onSent: (message: MessageInstanceDto) => void;
};

/** Writes and sends an SMS, an e-mail or an internal note for the open conversation. */
export function Composer({ interaction, customerName, senderName, canSeeNotes, onSent }: ComposerProps) {
  const customer = interaction.customerMaster;
  const optedOut = customer.blockSms === true;
  const smsBlocked = optedOut || !customer.cellular;
  const emailBlocked = !customer.email;
  const [chosen, setChosen] = useState<SendMessageType>('SMS');
  const channel: SendMessageType = chosen === 'SMS' && smsBlocked ? (emailBlocked ? 'INTERNAL_NOTES' : 'EMAIL') : chosen;
  const [text, setText] = useState('');
  const [subject, setSubject] = useState('');
  const [sending, setSending] = useState(false);
  // One id per draft: pressing Send again after a lost answer must not send the text twice.
  const draftId = useRef<string | null>(null);
  const summary = useMemo(() => (channel === 'SMS' ? segmentSummary(text) : null), [channel, text]);

  const edit = (apply: () => void) => {
    draftId.current = null;
    apply();
  };

  const send = async () => {
    draftId.current ??= crypto.randomUUID();
    const note = channel === 'INTERNAL_NOTES';
    const body: SendMessage = {
      id: customer.id,
      jaguarFutureServiceInteractionId: interaction.id,
      // Texts go as typed (the server makes them plain); e-mails and notes are HTML bodies.
      content: channel === 'SMS' ? text : textToHtml(text),
      subject: channel === 'EMAIL' ? subject : null,
      from: null,
      fromName: senderName,
      to: channel === 'SMS' ? (customer.cellular ?? null) : channel === 'EMAIL' ? (customer.email ?? null) : null,
      toName: customerName,
      direction: 'SEND',
      messageType: channel,
      notificationType: note ? 'INTERNAL_NOTES' : 'MESSAGE_TO_CUSTOMER',
      clientMessageId: draftId.current,
    };
    setSending(true);
    try {
      const result = await sendMessage(body);
      notify({ severity: 'success', message: result.message });
      draftId.current = null;
      setText('');
      setSubject('');
      onSent(result.messageInstance);
    } catch (error) {
      notify({ severity: 'error', message: sendFailureMessage(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box component="form" onSubmit={(e) => { e.preventDefault(); void send(); }} sx={{ borderTop: 1, borderColor: 'divider', p: 1.5, bgcolor: 'background.paper' }}>
      {optedOut ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          This customer has opted out of text messages. SMS is turned off for this conversation.
        </Alert>
      ) : null}
      {channel === 'INTERNAL_NOTES' && !canSeeNotes ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          Internal notes are shown to super users only; you will not see this note in the thread.
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1 }}>
        <TextField
          select
          label="Channel"
          value={channel}
          onChange={(e) => edit(() => setChosen(e.target.value as SendMessageType))}
          sx={{ minWidth: 160 }}
          disabled={sending}
        >
          <MenuItem value="SMS" disabled={smsBlocked}>
            {CHANNEL_LABELS.SMS}
          </MenuItem>
          <MenuItem value="EMAIL" disabled={emailBlocked}>
            {CHANNEL_LABELS.EMAIL}
          </MenuItem>
          <MenuItem value="INTERNAL_NOTES">{CHANNEL_LABELS.INTERNAL_NOTES}</MenuItem>
        </TextField>
        {channel === 'EMAIL' ? (
          <TextField label="Subject" value={subject} onChange={(e) => edit(() => setSubject(e.target.value))} fullWidth disabled={sending} />
        ) : null}
      </Stack>
      <TextField
        multiline
        fullWidth
        value={text}
        onChange={(e) => edit(() => setText(e.target.value))}
        placeholder={channel === 'INTERNAL_NOTES' ? 'Write a note for your colleagues' : `Write to ${customerName}`}
        disabled={sending}
        slotProps={{ htmlInput: { 'aria-label': 'Message' } }}
        sx={{ '& .MuiInputBase-root': { height: EDITOR_HEIGHT_PX, alignItems: 'flex-start', overflow: 'auto' } }}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }} aria-live="polite">
          {summary}
        </Typography>
        <Button
          type="submit"
          variant="contained"
          disabled={sending}
          endIcon={sending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
        >
          Send
        </Button>
      </Stack>
    </Box>
  );
}
