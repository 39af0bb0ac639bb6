import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import type { SendMessageType } from '@drivebay/shared';
import type { PresencePeer } from '../../../lib/collab';
import { notify } from '../../../lib/notices';
import type { Interaction } from '../api';
import { missingPart, sendBody } from '../compose-body';
import { useConversationOffline, type ComposerDraft } from '../offline-port';
import { segmentSummary } from '../segment-summary';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { TemplatesSlot } from './templates-slot';

/** The editor's height (spec §9), on a screen tall enough for it. */
export const EDITOR_HEIGHT_PX = 200;
/** The least the editor keeps: three lines and a bit. */
export const EDITOR_MIN_HEIGHT_PX = 88;
// On a short window the editor gives up height before the thread loses its newest messages: it
// follows the window's height, between its floor and the spec's 200 px (full size from ~820 px up).
const EDITOR_HEIGHT = `clamp(${EDITOR_MIN_HEIGHT_PX}px, calc(100dvh - 620px), ${EDITOR_HEIGHT_PX}px)`;
/** Typing settles this long before the draft is written down. */
export const DRAFT_SAVE_DELAY_MS = 400;
/** Without a key for this long the user no longer counts as typing. */
export const TYPING_IDLE_MS = 4_000;

const CHANNEL_LABELS: Record<SendMessageType, string> = { SMS: 'SMS', EMAIL: 'Email', INTERNAL_NOTES: 'Internal note' };

type ComposerProps = {
  interaction: Interaction;
  customerName: string;
  senderName: string;
  /** False when the user's roles do not show internal notes: they are told so before writing one. */
  canSeeNotes: boolean;
  /** The thread is being fetched again after a reconnect: Send waits until what arrived is shown. */
  catchingUp: boolean;
  /** Other people typing in this conversation right now. */
  othersTyping: readonly PresencePeer[];
  onTypingChange: (typing: boolean) => void;
  /** The template picker the route module provides; Templates opens it in a dialog. */
  templates?: TemplatesSlot | undefined;
};

const firstName = (p: PresencePeer) => p.name.split(/\s+/)[0] || p.name;

/**
 * Writes an SMS, an e-mail or an internal note for the open conversation. What is typed is kept as
 * a draft (on the device, then on the server for the user's other devices); Send puts the message
 * into the device's outbox, which delivers it now or when the connection returns. The draft's
 * clientMessageId travels with it, so it is one message however often and from wherever it is sent.
 */
export function Composer({ interaction, customerName, senderName, canSeeNotes, catchingUp, othersTyping, onTypingChange, templates }: ComposerProps) {
  const offline = useConversationOffline();
  const customer = interaction.customerMaster;
  const optedOut = customer.blockSms === true;
  const smsBlocked = optedOut || !customer.cellular;
  const emailBlocked = !customer.email;
  const [chosen, setChosen] = useState<SendMessageType>('SMS');
  const channel: SendMessageType = chosen === 'SMS' && smsBlocked ? (emailBlocked ? 'INTERNAL_NOTES' : 'EMAIL') : chosen;
  const [text, setText] = useState('');
  const [subject, setSubject] = useState('');
  const [clientMessageId, setClientMessageId] = useState<string>(() => crypto.randomUUID());
  const [queueing, setQueueing] = useState(false);
  // Whoever was typing here while this user wrote: asked about before sending.
  const [overlap, setOverlap] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [picking, setPicking] = useState(false);
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  // The user typed since a draft was last put into the composer: their typing wins.
  const touched = useRef(false);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pendingSave = useRef<(() => void) | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const summary = useMemo(() => (channel === 'SMS' ? segmentSummary(text) : null), [channel, text]);

  // The draft: the device copy at once, a later edit from another device when the server answers.
  useEffect(
    () =>
      offline.followDraft(interaction.id, (draft: ComposerDraft | null) => {
        if (touched.current) {
          // The draft was sent from another device while this one typed on: what is here now is
          // a new message, so it must not share the sent one's id.
          if (draft === null) setClientMessageId(crypto.randomUUID());
          return;
        }
        setChosen(draft?.channel ?? 'SMS');
        setText(draft?.text ?? '');
        setSubject(draft?.subject ?? '');
        setClientMessageId(draft?.clientMessageId ?? crypto.randomUUID());
      }),
    [offline, interaction.id],
  );

  // Leaving the conversation writes down what was typed last.
  useEffect(
    () => () => {
      if (saveTimer.current) clearTimeout(saveTimer.current);
      pendingSave.current?.();
      if (typingTimer.current) clearTimeout(typingTimer.current);
    },
    [],
  );

  // Whoever is writing here too while this user has text: asked about before sending. A colleague
  // who sends, or clears what they wrote, stops writing, and the warning goes with them.
  useEffect(() => {
    setOverlap(text.trim() ? [...new Set(othersTyping.map(firstName))] : []);
  }, [othersTyping, text]);

  const saveLater = (draft: ComposerDraft) => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    pendingSave.current = () => {
      pendingSave.current = null;
      offline.saveDraft(interaction.id, draft);
    };
    saveTimer.current = setTimeout(() => pendingSave.current?.(), DRAFT_SAVE_DELAY_MS);
  };

  const typed = () => {
    onTypingChange(true);
    if (typingTimer.current) clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => onTypingChange(false), TYPING_IDLE_MS);
  };

  const stopTyping = () => {
    if (typingTimer.current) clearTimeout(typingTimer.current);
    onTypingChange(false);
  };

  const insertTemplate = (filled: string) => edit({ text: text.trim() ? `${text.replace(/\s+$/, '')}\n${filled}` : filled });

  const edit = (change: Partial<{ channel: SendMessageType; text: string; subject: string }>) => {
    touched.current = true;
    const next = { channel: change.channel ?? chosen, text: change.text ?? text, subject: change.subject ?? subject };
    if (change.channel !== undefined) setChosen(change.channel);
    if (change.text !== undefined) setText(change.text);
    if (change.subject !== undefined) setSubject(change.subject);
    if (next.text.trim() === '' && next.subject.trim() === '') stopTyping();
    else if (change.text !== undefined || change.subject !== undefined) typed();
    saveLater({ channel: next.channel, text: next.text, subject: next.subject || null, clientMessageId });
  };

  const send = async (confirmed: boolean) => {
    if (catchingUp || queueing) return;
    const missing = missingPart({ channel, text, subject });
    if (missing) {
      notify({ severity: 'warning', message: missing });
      return;
    }
    if (!confirmed && overlap.length > 0) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    setQueueing(true);
    try {
      await offline.queue(sendBody(interaction, { customerName, senderName }, { channel, text, subject, clientMessageId }), text);
    } catch (error) {
      // Only a device that refuses to store anything ends here; the text stays in the composer.
      console.error('The message could not be kept on this device', error);
      notify({ severity: 'error', message: 'This device could not keep the message. Please try again.' });
      return;
    } finally {
      setQueueing(false);
    }
    if (saveTimer.current) clearTimeout(saveTimer.current);
    pendingSave.current = null;
    offline.clearDraft(interaction.id, { channel, clientMessageId });
    touched.current = false;
    setText('');
    setSubject('');
    setOverlap([]);
    setClientMessageId(crypto.randomUUID());
    if (typingTimer.current) clearTimeout(typingTimer.current);
    onTypingChange(false);
  };

  return (
    <Box component="form" onSubmit={(e) => { e.preventDefault(); void send(false); }} sx={{ borderTop: 1, borderColor: 'divider', p: 1.5, bgcolor: 'background.paper' }}>
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
      {channel === 'EMAIL' ? (
        <TextField label="Subject" size="small" value={subject} onChange={(e) => edit({ subject: e.target.value })} fullWidth disabled={queueing} sx={{ mb: 1 }} />
      ) : null}
      <TextField
        multiline
        fullWidth
        value={text}
        onChange={(e) => edit({ text: e.target.value })}
        onKeyDown={(e) => {
          // Enter keeps its new line (messages are often several lines); Ctrl/Cmd+Enter sends.
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send(false);
          }
        }}
        placeholder={channel === 'INTERNAL_NOTES' ? 'Write a note for your colleagues' : `Write to ${customerName}`}
        disabled={queueing}
        slotProps={{ htmlInput: { 'aria-label': 'Message', 'aria-keyshortcuts': 'Control+Enter Meta+Enter' } }}
        sx={{ '& .MuiInputBase-root': { height: EDITOR_HEIGHT, alignItems: 'flex-start', overflow: 'auto' } }}
      />
      {/* The channel sits on the Send row, so the composer spends no extra line of the screen on it. */}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
        <TextField
          select
          size="small"
          label="Channel"
          value={channel}
          onChange={(e) => edit({ channel: e.target.value as SendMessageType })}
          sx={{ minWidth: 150 }}
          disabled={queueing}
        >
          <MenuItem value="SMS" disabled={smsBlocked}>
            {CHANNEL_LABELS.SMS}
          </MenuItem>
          <MenuItem value="EMAIL" disabled={emailBlocked}>
            {CHANNEL_LABELS.EMAIL}
          </MenuItem>
          <MenuItem value="INTERNAL_NOTES">{CHANNEL_LABELS.INTERNAL_NOTES}</MenuItem>
        </TextField>
        {templates ? (
          <Tooltip title="Insert a template">
            <span>
              <IconButton aria-label="Templates" onClick={() => setPicking(true)} disabled={queueing || channel === 'INTERNAL_NOTES'}>
                <DescriptionOutlinedIcon />
              </IconButton>
            </span>
          </Tooltip>
        ) : null}
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1, minWidth: 0 }} aria-live="polite">
          {catchingUp ? 'Catching up on messages that arrived while you were offline…' : summary}
        </Typography>
        <Button
          type="submit"
          variant="contained"
          title="Send (Ctrl+Enter)"
          disabled={queueing || catchingUp}
          endIcon={queueing || catchingUp ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
        >
          {catchingUp ? 'Catching up…' : 'Send'}
        </Button>
      </Stack>
      {templates && picking ? (
        <Dialog open onClose={() => setPicking(false)} fullWidth maxWidth="md" fullScreen={narrow} aria-labelledby="composer-templates-title">
          <DialogTitle id="composer-templates-title">Templates</DialogTitle>
          <DialogContent dividers>{templates({ interaction, customerName, insert: insertTemplate, close: () => setPicking(false) })}</DialogContent>
        </Dialog>
      ) : null}
      <ConfirmDialog
        open={confirming}
        header="Someone else is replying"
        message={`${overlap.join(' and ')} ${overlap.length === 1 ? 'is' : 'are'} also replying — send anyway?`}
        confirmText="Send anyway"
        loading={queueing}
        onConfirm={() => void send(true)}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
