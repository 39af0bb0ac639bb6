import type { ReactNode } from 'react';
import type { LogModeResult } from '@drivebay/shared';
import type { Interaction, ThreadMessage } from '../api';

/** The per-message assistant dialogs the message menu opens: Show Intents, Action Intents, Default Action Intents, DT. */
export type AssistantDialogKind = 'SHOW_INTENTS' | 'ACTION_INTENTS' | 'DEFAULT_ACTION_INTENTS' | 'DT';

export type AssistantDialogProps = {
  kind: AssistantDialogKind;
  interaction: Interaction;
  message: ThreadMessage;
  timeZone: string | null;
  onClose: () => void;
  /** The dialog changed the conversation on the server: fetch it again. */
  onChanged: () => void;
};

/**
 * The assistant's controls inside the conversation pane. The conversations feature does not import
 * the assistant feature: the route module that places the pane hands these in, so the two features
 * meet only there.
 */
export type ConversationAssistant = {
  /** The header's AI switch. */
  aiSwitch: (props: { interaction: Interaction; onChanged: (aiEnabled: boolean) => void }) => ReactNode;
  /** The body of the header's Options popover, for users allowed the assistant options. */
  options: (props: { interaction: Interaction; latestCustomerText: string | null; lastTextFailed: boolean; onChanged: () => void }) => ReactNode;
  messageDialog: (props: AssistantDialogProps) => ReactNode;
  /** The log-mode review shown under a customer message put in log mode. */
  logModeControl: (props: { message: ThreadMessage; loggedReply: string | null; onVerdict: (valid: boolean) => Promise<void> }) => ReactNode;
  /** Puts a message in log mode (no verdict) or records the review's verdict. */
  setLogMode: (interactionId: number, messageId: number, validLogMode?: boolean) => Promise<LogModeResult>;
};
