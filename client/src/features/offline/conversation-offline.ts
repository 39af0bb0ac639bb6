import type { MessageInstanceDto, SendMessage, SendMessageType } from '@drivebay/shared';
import { heldBehindRefusal, type OutboxEntry } from './outbox/outbox-machine';
import { offlineSession, subscribeOfflineSession } from './offline-session';

/**
 * The offline layer as the conversation screen uses it (the shape that feature declares as its
 * ConversationOffline; the route layout hands this object in). Delegates to the signed-in user's
 * offline session, so it stays one stable object across sign-ins.
 */

type QueuedView = {
  clientMessageId: string;
  interactionId: number;
  channel: SendMessageType;
  text: string;
  subject: string | null;
  createdAt: number;
  state: 'queued' | 'sending' | 'refused' | 'held';
  reason: string | null;
};
type DraftView = { channel: SendMessageType; subject: string | null; text: string; clientMessageId: string };
type Accepted = { message: MessageInstanceDto; notice: string; interactionId: number; ownTab: boolean };

const EMPTY: readonly QueuedView[] = [];
let viewOf: { entries: readonly OutboxEntry[]; views: readonly QueuedView[] } | null = null;

function toViews(entries: readonly OutboxEntry[]): readonly QueuedView[] {
  if (viewOf?.entries === entries) return viewOf.views;
  const held = heldBehindRefusal(entries);
  const views = entries.map((e) => ({
    clientMessageId: e.clientMessageId,
    interactionId: e.interactionId,
    channel: e.body.messageType,
    text: e.text,
    subject: e.body.subject ?? null,
    createdAt: e.createdAt,
    state: held.has(e.clientMessageId) ? ('held' as const) : e.state,
    reason: e.error,
  }));
  viewOf = { entries, views };
  return views;
}

function session() {
  const s = offlineSession();
  if (!s) throw new Error('Nobody is signed in: there is no outbox to use');
  return s;
}

export const conversationOffline = {
  queue: (body: SendMessage & { clientMessageId: string }, text: string) => {
    const s = session();
    return s.outbox.enqueue({ userId: s.userId, body, text });
  },
  queued: (): readonly QueuedView[] => {
    const s = offlineSession();
    return s ? toViews(s.outbox.entries()) : EMPTY;
  },
  subscribeQueue: (listener: () => void) => {
    let stopOutbox = offlineSession()?.outbox.subscribe(listener) ?? (() => {});
    const stopSession = subscribeOfflineSession(() => {
      stopOutbox();
      stopOutbox = offlineSession()?.outbox.subscribe(listener) ?? (() => {});
      listener();
    });
    return () => {
      stopOutbox();
      stopSession();
    };
  },
  onAccepted: (listener: (event: Accepted) => void) => offlineSession()?.outbox.onAccepted(listener) ?? (() => {}),
  retry: (clientMessageId: string) => session().outbox.retry(clientMessageId),
  discard: (clientMessageId: string) => session().outbox.discard(clientMessageId),
  replace: (clientMessageId: string, body: SendMessage & { clientMessageId: string }, text: string) => session().outbox.replace(clientMessageId, body, text),
  followDraft: (interactionId: number, listener: (draft: DraftView | null) => void) =>
    offlineSession()?.drafts.open(interactionId, (d) =>
      listener(d ? { channel: d.channel, subject: d.subject, text: d.text, clientMessageId: d.clientMessageId } : null),
    ) ?? (() => {}),
  saveDraft: (interactionId: number, draft: DraftView) => {
    void offlineSession()
      ?.drafts.save({ interactionId, ...draft })
      .catch((error: unknown) => console.error('Saving the draft on this device failed', error));
  },
  clearDraft: (interactionId: number, draft: Pick<DraftView, 'channel' | 'clientMessageId'>) => {
    void offlineSession()
      ?.drafts.clear(interactionId, draft)
      .catch((error: unknown) => console.error('Clearing the draft failed', error));
  },
};
