import { createContext, useContext, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { MessageInstanceDto, SendMessage, SendMessageType } from '@drivebay/shared';

/**
 * What the conversation screen needs from the device's offline layer: an outbox that keeps
 * messages until the server has them, and drafts kept across the user's devices. Defined here and
 * handed in by the route layout (features do not import each other), so this feature states the
 * contract and the offline feature fulfils it.
 */

/** A message still on this device, as the thread shows it. */
export type QueuedMessage = {
  clientMessageId: string;
  interactionId: number;
  channel: SendMessageType;
  text: string;
  subject: string | null;
  createdAt: number;
  /**
   * `queued`: waits for the network; `sending`: on the wire; `refused`: the server said no (see
   * reason) and it waits for an edit, a retry or a discard; `held`: waits behind a refused
   * message of the same conversation, so the customer never gets them out of order.
   */
  state: 'queued' | 'sending' | 'refused' | 'held';
  reason: string | null;
};

/** The composer's state as a draft. */
export type ComposerDraft = { channel: SendMessageType; subject: string | null; text: string; clientMessageId: string };

export type AcceptedEvent = { message: MessageInstanceDto; notice: string; interactionId: number; ownTab: boolean };

export type ConversationOffline = {
  /** Stores the message on the device and starts sending it; resolves once it is stored. */
  queue(body: SendMessage & { clientMessageId: string }, text: string): Promise<void>;
  /** Every message on the device (all conversations), oldest first; the same array until it changes. */
  queued(): readonly QueuedMessage[];
  subscribeQueue(listener: () => void): () => void;
  onAccepted(listener: (event: AcceptedEvent) => void): () => void;
  retry(clientMessageId: string): Promise<void>;
  discard(clientMessageId: string): Promise<void>;
  /** Replaces a message not yet on the server (an edit after a refusal) with a new one. */
  replace(clientMessageId: string, body: SendMessage & { clientMessageId: string }, text: string): Promise<boolean>;
  /** Follows the draft of a conversation: the device copy first, then a later one from the server. */
  followDraft(interactionId: number, listener: (draft: ComposerDraft | null) => void): () => void;
  saveDraft(interactionId: number, draft: ComposerDraft): void;
  clearDraft(interactionId: number, draft: Pick<ComposerDraft, 'channel' | 'clientMessageId'>): void;
};

export const ConversationOfflineContext = createContext<ConversationOffline | null>(null);

export function useConversationOffline(): ConversationOffline {
  const port = useContext(ConversationOfflineContext);
  if (!port) throw new Error('The conversation screen needs a ConversationOfflineContext provider (the app layout provides it)');
  return port;
}

const NONE: readonly QueuedMessage[] = [];

/** The messages of one conversation still on this device, oldest first. */
export function useQueuedMessages(interactionId: number): readonly QueuedMessage[] {
  const port = useConversationOffline();
  const all = useSyncExternalStore(
    (listener) => port.subscribeQueue(listener),
    () => port.queued(),
  );
  return useMemo(() => {
    const mine = all.filter((m) => m.interactionId === interactionId);
    return mine.length ? mine : NONE;
  }, [all, interactionId]);
}

/** Calls `listener` for each message of the conversation the server accepts from the outbox. */
export function useAcceptedMessages(interactionId: number, listener: (event: AcceptedEvent) => void): void {
  const port = useConversationOffline();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(
    () =>
      port.onAccepted((event) => {
        if (event.interactionId === interactionId) latest.current(event);
      }),
    [port, interactionId],
  );
}
