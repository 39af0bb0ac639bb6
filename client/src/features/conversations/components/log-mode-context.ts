import { createContext } from 'react';
import type { ThreadMessage } from '../api';
import type { ConversationAssistant } from './assistant-slot';

/** What the thread's log-mode controls need from the conversation: its replies and the review call. */
export type LogModeHandlers = {
  /** What the assistant would have replied to a message put in log mode during this visit. */
  loggedReplies: ReadonlyMap<number, string>;
  onVerdict: (message: ThreadMessage, valid: boolean) => Promise<void>;
  /** The assistant's review control, handed in by the route module. */
  control: ConversationAssistant['logModeControl'];
};

export const LogModeContext = createContext<LogModeHandlers | null>(null);
