import { useEffect, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import SendIcon from '@mui/icons-material/Send';
import { formatPhoneDisplay, isFromCustomer, smsSegments } from '@drivebay/shared';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiRequestError, firstErrorEntry } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import type { DealRoomHeader, DealRoomSource } from '../api';
import { DealRoomOptions } from './deal-room-options';
import { DealRoomThread } from './deal-room-thread';

/** The editor's height (spec §9). */
export const DEAL_ROOM_EDITOR_HEIGHT_PX = 200;
/** The message box clears this long after a send (spec §9). */
export const CLEAR_AFTER_SEND_MS = 1000;

/** The spec's send failure: the first entry of errors, else the message, else 'Server Error!'. */
export function sendFailureText(error: unknown): string {
  if (error instanceof ApiRequestError) return firstErrorEntry(error.body) ?? error.serverMessage ?? 'Server Error!';
  return 'Server Error!';
}

/** What the options slot gets: how to fetch the thread again, and the customer's latest message. */
export type OptionsSlot = (ctx: { header: DealRoomHeader; reloadHistory: () => void; latestCustomerText: string | null }) => ReactNode;

/** What the templates slot gets: the conversation, and how to put a text into the message box. */
export type TemplatesSlot = (ctx: { header: DealRoomHeader; insert: (text: string) => void; close: () => void }) => ReactNode;

export type DealRoomViewProps = {
  source: DealRoomSource;
  /** The template picker, shown in place of the chat while open. */
  templates: TemplatesSlot;
  /** Conversation controls of other features (handoffs, date-time dialogue), shown in the options popover. */
  options?: OptionsSlot;
  /** Controls beside the customer's name (the AI switch). */
  headerActions?: ReactNode;
  /** Shows the Logout link. */
  onLogout?: () => void;
  /** The link or the session no longer opens the conversation. */
  onUnavailable?: (error: unknown) => ReactNode;
};

/**
 * The deal-room chat (spec §2): the customer's name and phone (+1), Logout, the conversation,
 * the message editor with the template picker and the options popover, and Send. After a send the
 * thread reloads and the message box clears a second later.
 */
export function DealRoomView({ source, templates, options, headerActions, onLogout, onUnavailable }: DealRoomViewProps) {
  const header = useRemoteData(`${source.key}:header`, (signal) => source.loadHeader(signal));
  const [historyVersion, setHistoryVersion] = useState(0);
  const history = useRemoteData(`${source.key}:history:${historyVersion}`, (signal) => source.loadHistory(signal), { keepPrevious: true });
  const assistants = useRemoteData(source.loadAssistants ? `${source.key}:assistants` : null, (signal) => source.loadAssistants!(signal));
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [picking, setPicking] = useState(false);
  const draftId = useRef<string | null>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (clearTimer.current) clearTimeout(clearTimer.current);
  }, []);

  if (header.error) {
    return <>{onUnavailable ? onUnavailable(header.error) : <Alert severity="warning">This conversation could not be loaded.</Alert>}</>;
  }
  if (!header.data) return <PageSpinner label="Loading the deal room" />;
  const room = header.data;

  const edit = (value: string) => {
    draftId.current = null;
    setText(value);
  };

  const send = async () => {
    if (!text.trim()) {
      notify({ severity: 'warning', message: 'Please Enter Message' });
      return;
    }
    // One id per draft: pressing Send again after a lost answer must not text twice.
    draftId.current ??= crypto.randomUUID();
    setSending(true);
    try {
      const result = await source.send(text, draftId.current);
      notify({ severity: 'success', message: result.message });
      setHistoryVersion((v) => v + 1);
      clearTimer.current = setTimeout(() => {
        draftId.current = null;
        setText('');
      }, CLEAR_AFTER_SEND_MS);
    } catch (error) {
      notify({ severity: 'error', message: sendFailureText(error) });
    } finally {
      setSending(false);
    }
  };

  const segments = smsSegments(text.replace(/\s+/g, ' ').trim());
  const latestCustomerText = history.data?.findLast((m) => isFromCustomer(m) && !m.archived)?.content ?? null;
  const reloadHistory = () => setHistoryVersion((v) => v + 1);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }} data-testid="deal-room">
      <Stack direction="row" sx={{ alignItems: 'flex-start', mb: 2, gap: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h1" data-testid="deal-room-customer">
            {room.customerName}
          </Typography>
          <Typography color="text.secondary" data-testid="deal-room-phone">
            {room.customerPhone ? `+1 ${formatPhoneDisplay(room.customerPhone)}` : 'No mobile number'} · {room.storeName}
          </Typography>
        </Box>
        {headerActions}
        {onLogout ? (
          <Link component="button" onClick={onLogout} underline="hover" sx={{ mt: 0.5 }}>
            Logout
          </Link>
        ) : null}
      </Stack>

      {picking ? (
        templates({ header: room, insert: (t) => { edit(t); setPicking(false); }, close: () => setPicking(false) })
      ) : (
        <Stack spacing={1.5}>
          {history.data ? (
            <DealRoomThread messages={history.data} timeZone={room.timeZone} customerName={room.customerName} />
          ) : (
            <PageSpinner label="Loading the conversation" />
          )}
          {room.optedOut ? <Alert severity="warning">This customer has opted out of text messages.</Alert> : null}
          <TextField
            multiline
            fullWidth
            value={text}
            onChange={(e) => edit(e.target.value)}
            placeholder={`Write to ${room.customerName}`}
            disabled={sending}
            slotProps={{ htmlInput: { 'aria-label': 'Message' } }}
            sx={{ '& .MuiInputBase-root': { height: DEAL_ROOM_EDITOR_HEIGHT_PX, alignItems: 'flex-start', overflow: 'auto' } }}
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button startIcon={<DescriptionOutlinedIcon />} onClick={() => setPicking(true)} disabled={sending}>
              Templates
            </Button>
            <DealRoomOptions assistants={assistants.data ?? null} extra={options?.({ header: room, reloadHistory, latestCustomerText })} />
            <Typography variant="caption" color="text.secondary" sx={{ flex: 1, minWidth: 120 }} aria-live="polite">
              {`${segments.characters} / ${segments.perSegment} · ${segments.segments} segment${segments.segments === 1 ? '' : 's'}`}
            </Typography>
            <Button
              variant="contained"
              onClick={() => void send()}
              disabled={sending || room.optedOut}
              endIcon={sending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
            >
              Send
            </Button>
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
