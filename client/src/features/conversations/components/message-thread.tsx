import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { canSeeMessage, type MessageOption, type Role } from '@drivebay/shared';
import { notify } from '../../../lib/notices';
import type { ThreadMessage } from '../api';
import type { QueuedMessage } from '../offline-port';
import { MessageItem } from './message-item';
import { QueuedMessageItem } from './queued-message';

/**
 * The chat scroll area's height on a tall screen (spec §9). On a shorter one the thread gives way
 * down to its floor, so the header and the composer with Send stay on screen without scrolling.
 */
export const CHAT_HEIGHT_PX = 550;
/** The least the thread keeps: the newest message or two stay readable on a short laptop screen. */
export const CHAT_MIN_HEIGHT_PX = 96;
// Closer than this to the bottom counts as "reading the newest": new messages keep it in view.
const STICK_TO_BOTTOM_PX = 120;

type Props = {
  interactionId: number;
  messages: readonly ThreadMessage[];
  roles: readonly Role[];
  timeZone: string | null;
  customerName: string;
  showBadges: boolean;
  onOption: (option: MessageOption, message: ThreadMessage) => void;
  /** Messages still on this device, after the server's (the ones the server has are left out). */
  queued: readonly QueuedMessage[];
  onRetry: (m: QueuedMessage) => void;
  onDiscard: (m: QueuedMessage) => void;
  onEdit: (m: QueuedMessage, change: { text: string; subject: string }) => Promise<void>;
};

/** The thread, oldest first, scrolled to the newest message, with Copy on selected text. */
export function MessageThread({ interactionId, messages, roles, timeZone, customerName, showBadges, onOption, queued, onRetry, onDiscard, onEdit }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const shownFor = useRef<number | null>(null);
  const nearBottom = useRef(true);
  const [menu, setMenu] = useState<{ top: number; left: number; text: string } | null>(null);
  const visible = messages.filter((m) => canSeeMessage(roles, m));
  const newestId = visible.length ? visible[visible.length - 1]!.id : null;
  // Once the server has a message (a refetch brought it), it is shown from there only.
  const onServer = new Set(messages.map((m) => m.clientMessageId).filter(Boolean));
  const waiting = queued.filter((q) => !onServer.has(q.clientMessageId));

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (shownFor.current !== interactionId || nearBottom.current) el.scrollTop = el.scrollHeight;
    shownFor.current = interactionId;
  }, [interactionId, newestId, visible.length, waiting.length]);

  // The pane settles its height after the first paint (fonts, the header wrapping, the window
  // turning): whoever was at the newest message stays there instead of being left above it.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (nearBottom.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = scroller.current;
    if (el) nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX;
  };

  const onMouseUp = (event: MouseEvent) => {
    const selection = window.getSelection();
    const text = selection?.toString().trim() ?? '';
    if (!text || !selection?.anchorNode || !scroller.current?.contains(selection.anchorNode)) return;
    setMenu({ top: event.clientY, left: event.clientX, text });
  };

  const copy = async (text: string) => {
    setMenu(null);
    try {
      await navigator.clipboard.writeText(text);
      notify({ severity: 'success', message: 'Text copied to clipboard' });
    } catch {
      notify({ severity: 'error', message: 'The browser did not allow copying to the clipboard.' });
    }
  };

  return (
    <Box
      ref={scroller}
      role="list"
      aria-label="Messages"
      // The thread scrolls on its own; focusable so it can be scrolled from the keyboard.
      tabIndex={0}
      onScroll={onScroll}
      onMouseUp={onMouseUp}
      sx={{ flex: `1 1 ${CHAT_HEIGHT_PX}px`, minHeight: CHAT_MIN_HEIGHT_PX, overflowY: 'auto', bgcolor: '#f7f8fb', py: 1 }}
    >
      {visible.length === 0 && waiting.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 6 }}>
          No messages in this conversation yet.
        </Typography>
      ) : (
        visible.map((m) => (
          <MessageItem key={m.id} message={m} roles={roles} timeZone={timeZone} customerName={customerName} showBadges={showBadges} onOption={onOption} />
        ))
      )}
      {waiting.map((q) => (
        <QueuedMessageItem key={q.clientMessageId} message={q} onRetry={onRetry} onDiscard={onDiscard} onEdit={onEdit} />
      ))}
      <Menu
        open={menu !== null}
        onClose={() => setMenu(null)}
        anchorReference="anchorPosition"
        anchorPosition={menu ? { top: menu.top, left: menu.left } : undefined}
      >
        <MenuItem onClick={() => menu && void copy(menu.text)}>Copy</MenuItem>
      </Menu>
    </Box>
  );
}
