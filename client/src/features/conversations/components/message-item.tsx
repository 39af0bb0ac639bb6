import { memo, useContext } from 'react';
import Box from '@mui/material/Box';
import { messageOptions, statusIcon, type MessageOption, type Role } from '@drivebay/shared';
import type { ThreadMessage } from '../api';
import { bubbleKind } from '../message-layout';
import { ChatBubble } from './bubbles/chat-bubble';
import { CalendarCard, CallCard, InviteBubble, TaskBubble } from './bubbles/event-bubbles';
import { HandoffBubble, NoteCard } from './bubbles/note-cards';
import { LogModeContext } from './log-mode-context';
import { MessageOptionsMenu } from './message-options-menu';

type MessageItemProps = {
  message: ThreadMessage;
  roles: readonly Role[];
  timeZone: string | null;
  customerName: string;
  showBadges: boolean;
  onOption: (option: MessageOption, message: ThreadMessage) => void;
};

/** One item of the thread, drawn by its kind, with the attributes tests and tools find it by. */
export const MessageItem = memo(function MessageItem({ message, roles, timeZone, customerName, showBadges, onOption }: MessageItemProps) {
  const kind = bubbleKind(message);
  const options = messageOptions(roles, message, { assistant: true });
  const logMode = useContext(LogModeContext);
  const menu = <MessageOptionsMenu options={options} onChoose={(option) => onOption(option, message)} />;
  const common = { message, timeZone, customerName, options: menu };
  let view;
  switch (kind) {
    case 'note':
      view = <NoteCard {...common} showBadges={showBadges} />;
      break;
    case 'handoff':
      view = <HandoffBubble {...common} showBadges={showBadges} />;
      break;
    case 'task':
      view = <TaskBubble {...common} />;
      break;
    case 'invite':
      view = <InviteBubble {...common} />;
      break;
    case 'calendar':
      view = <CalendarCard {...common} />;
      break;
    case 'call':
      view = <CallCard {...common} />;
      break;
    default:
      view = <ChatBubble {...common} showBadges={showBadges} />;
  }
  return (
    <Box
      role="listitem"
      data-message-id={message.id}
      data-status={statusIcon(message).icon ?? 'none'}
      data-message-status={message.messageStatus ?? 'none'}
      data-client-message-id={message.clientMessageId ?? undefined}
      data-kind={kind}
      data-direction={message.direction}
      data-archived={message.archived ? 'true' : 'false'}
      sx={{ px: 1, py: 0.75 }}
    >
      {view}
      {logMode && options.includes('LOG_MODE') ? (
        <Box sx={{ maxWidth: { xs: '92%', md: '75%' } }}>
          {logMode.control({ message, loggedReply: logMode.loggedReplies.get(message.id) ?? null, onVerdict: (valid) => logMode.onVerdict(message, valid) })}
        </Box>
      ) : null}
    </Box>
  );
});
