import { useCallback, useEffect, useRef, useState } from 'react';
import { beforeIdleSignOut } from '../../../lib/before-idle-sign-out';
import { useCollabConnection } from '../../../lib/collab';
import { getHistory, getInteraction, postReadMarker, postUnreadResponsesRead, type Interaction, type ThreadMessage } from '../api';

/** How long a burst of live changes is gathered before the thread is fetched again. */
export const LIVE_REFETCH_DELAY_MS = 300;

export type Conversation = {
  interaction: Interaction | null;
  messages: ThreadMessage[] | null;
  /** A first load failed (the history failure itself is only logged, spec §8). */
  failed: boolean;
  /**
   * The sync socket came back after a drop and the thread is being fetched again: what arrived
   * meanwhile is not on screen yet, so nothing should be sent on the strength of it.
   */
  catchingUp: boolean;
  reload: () => void;
  /** Adds or replaces messages locally (a sent message before the reload answers, an archive). */
  patchMessages: (update: (messages: ThreadMessage[]) => ThreadMessage[]) => void;
  patchInteraction: (update: (interaction: Interaction) => Interaction) => void;
};

type State = { id: number; interaction: Interaction | null; messages: ThreadMessage[] | null; failed: boolean };

/**
 * One conversation: the interaction record and its thread. `liveKey` changes whenever the
 * conversation's inbox row changes (new message, delivery status, counters); the thread and the
 * record are then fetched again, at most once per {@link LIVE_REFETCH_DELAY_MS}. After each load the
 * read marker is sent for the newest message, once per message.
 */
export function useConversation(interactionId: number, liveKey: string | null): Conversation {
  const [state, setState] = useState<State>({ id: interactionId, interaction: null, messages: null, failed: false });
  const [attempt, setAttempt] = useState(0);
  const requestSeq = useRef(0);
  const markedUpTo = useRef<{ id: number; messageId: number } | null>(null);

  const load = useCallback(
    async (signal: AbortSignal) => {
      const seq = ++requestSeq.current;
      const [interaction, messages] = await Promise.allSettled([
        getInteraction(interactionId, signal),
        getHistory(interactionId, signal),
      ]);
      if (signal.aborted || seq !== requestSeq.current) return;
      if (messages.status === 'rejected') console.error('Loading the conversation history failed', messages.reason);
      setState((prev) => {
        const same = prev.id === interactionId;
        return {
          id: interactionId,
          interaction: interaction.status === 'fulfilled' ? interaction.value : same ? prev.interaction : null,
          messages: messages.status === 'fulfilled' ? messages.value : same ? prev.messages : null,
          failed: interaction.status === 'rejected' && !(same && prev.interaction),
        };
      });
    },
    [interactionId],
  );

  // First load and explicit reloads.
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load, attempt]);

  // Live changes: debounced, and not for the key the first load already reflects.
  const firstKey = useRef<{ id: number; key: string | null }>({ id: interactionId, key: liveKey });
  useEffect(() => {
    if (firstKey.current.id !== interactionId) firstKey.current = { id: interactionId, key: liveKey };
    if (firstKey.current.key === liveKey) return;
    firstKey.current.key = null;
    const controller = new AbortController();
    const timer = setTimeout(() => void load(controller.signal), LIVE_REFETCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [interactionId, liveKey, load]);

  // Catch-up: after a reconnect the thread is fetched again before the screen counts as current.
  const { reconnects } = useCollabConnection();
  const [currentAt, setCurrentAt] = useState(reconnects);
  useEffect(() => {
    if (reconnects === currentAt) return;
    const controller = new AbortController();
    void load(controller.signal).finally(() => {
      if (!controller.signal.aborted) setCurrentAt(reconnects);
    });
    return () => controller.abort();
  }, [reconnects, currentAt, load]);

  // Read marker for the newest message the user now has on screen.
  const messages = state.id === interactionId ? state.messages : null;
  const newest = messages && messages.length > 0 ? messages[messages.length - 1]!.id : null;
  useEffect(() => {
    if (newest === null) return;
    const marked = markedUpTo.current;
    if (marked && marked.id === interactionId && marked.messageId === newest) return;
    markedUpTo.current = { id: interactionId, messageId: newest };
    postReadMarker({ futureInteractionId: interactionId, lastMessageId: newest }).catch((error: unknown) =>
      console.error('Sending the read marker failed', error),
    );
  }, [interactionId, newest]);

  // Spec §4: when the user goes idle, the conversation on screen reports its responses read.
  useEffect(() => {
    if (newest === null) return;
    return beforeIdleSignOut(() => postUnreadResponsesRead({ futureInteractionId: interactionId, lastMessageId: newest }));
  }, [interactionId, newest]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const patchMessages = useCallback(
    (update: (messages: ThreadMessage[]) => ThreadMessage[]) =>
      setState((prev) => (prev.id === interactionId && prev.messages ? { ...prev, messages: update(prev.messages) } : prev)),
    [interactionId],
  );
  const patchInteraction = useCallback(
    (update: (interaction: Interaction) => Interaction) =>
      setState((prev) => (prev.id === interactionId && prev.interaction ? { ...prev, interaction: update(prev.interaction) } : prev)),
    [interactionId],
  );

  const current = state.id === interactionId;
  return {
    interaction: current ? state.interaction : null,
    messages,
    failed: current && state.failed,
    catchingUp: reconnects !== currentAt,
    reload,
    patchMessages,
    patchInteraction,
  };
}
