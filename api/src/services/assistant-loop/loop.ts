import { carrierKeyword } from '@drivebay/shared';
import { borrowJobSystem, type JobSystem } from '../../jobs/job-system';
import { QUEUES } from '../../jobs/queues';
import { defaultAnalyzer, type ReplyAnalyzer } from '../assistant';
import { onInboundCommitted, type InboundCommitted } from '../conversations/inbound-events';
import { uuidFromText } from '../conversations/receive-inbound';
import { applyIntentRules } from '../assistant-config/intent-rules';
import { loadContext } from './context';
import { decideInbound } from './decide';
import { rephraserFromEnv, type AssistantLlmEnv, type Rephraser } from './llm';
import { runTurn, type TurnDeps, type TurnResult } from './turn';
import { ackGate, FOLLOW_UP_MAX_WAIT_MS } from '../../lib/ack-first';

export type AssistantLoopOptions = TurnDeps & {
  /** The reply reader; the one trained on the shipped replies unless a test gives another. */
  analyzer?: ReplyAnalyzer | undefined;
};

export type AssistantLoop = {
  /** Answers one committed customer message (at most once, however often it is called). */
  handle(event: Pick<InboundCommitted, 'interactionId' | 'messageId'>): Promise<TurnResult | null>;
  /**
   * Answers customer texts of the last `withinMinutes` that no turn claimed: what a process that
   * stopped between a message's commit and its turn left behind.
   */
  recover(o?: { withinMinutes?: number }): Promise<number>;
  /** Waits for the turns under way. */
  idle(): Promise<void>;
};

/** The client id of the assistant's answer to a message: the same for every attempt at it. */
export const replyClientId = (messageId: number) => uuidFromText(`assistant-reply:${messageId}`);

/** How far back a start looks for customer texts left unanswered. */
export const RECOVERY_MINUTES = 30;

type Message = { id: number; futureServiceInteractionId: number; content: string; direction: string; createdOn: Date; timestamp: Date | null };

/**
 * The assistant's loop over customer messages. Turns of one interaction run one after another in
 * the order their messages came in, so "yes" and "thursday at 3" sent back to back are answered
 * in that order; across processes the interaction's row lock and the claims keep them apart.
 */
export function createAssistantLoop(o: AssistantLoopOptions): AssistantLoop {
  const deps: TurnDeps = { sql: o.sql, notifier: o.notifier, outbox: o.outbox, logger: o.logger, rephraser: o.rephraser, clock: o.clock };
  const clock = o.clock ?? (() => new Date());
  const chains = new Map<number, Promise<unknown>>();

  const turn = async (messageId: number): Promise<TurnResult | null> => {
    const [m] = await o.sql<Message[]>`
      select id, future_service_interaction_id, content, direction, created_on, "timestamp" from message_instance where id = ${messageId}`;
    // Carrier keywords are the carrier's and the product's business; they never reach the assistant.
    if (!m || m.direction !== 'RECEIVED' || carrierKeyword(m.content) !== null) return null;
    const ctx = await loadContext(o.sql, m.futureServiceInteractionId);
    if (!ctx) return null;
    const referenceTime = m.timestamp ?? m.createdOn;
    const text = m.content.slice(0, 1600);
    const read = (o.analyzer ?? defaultAnalyzer()).analyze(text, { instant: referenceTime, zone: ctx.zone });
    // The store division's intent rules (the developer area's aiva file) decide first; none saved, nothing changes.
    const result = await applyIntentRules(o.sql, { storeId: ctx.storeId, divisionId: ctx.divisionId, text, analysis: read });
    return runTurn(deps, {
      interactionId: m.futureServiceInteractionId,
      kind: 'INBOUND',
      messageId: m.id,
      analysis: { result, referenceTime, zone: ctx.zone },
      decide: (c, db) => decideInbound({ ctx: c, db, now: clock(), analysis: result, messageAt: m.createdOn, customerText: text }),
      outreach: false,
      customerText: text,
      clientMessageId: replyClientId(m.id),
    });
  };

  const handle: AssistantLoop['handle'] = (event) => {
    const previous = chains.get(event.interactionId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => turn(event.messageId));
    chains.set(event.interactionId, next);
    void next.finally(() => {
      if (chains.get(event.interactionId) === next) chains.delete(event.interactionId);
    }).catch(() => undefined);
    return next;
  };

  return {
    handle,
    async recover({ withinMinutes = RECOVERY_MINUTES } = {}) {
      // Texts that came through a carrier (lead-form requests and seeded data have no carrier id).
      const rows = await o.sql<{ id: number; futureServiceInteractionId: number; content: string }[]>`
        select m.id, m.future_service_interaction_id, m.content from message_instance m
        where m.direction = 'RECEIVED' and m.notification_type = 'MESSAGE_FROM_CUSTOMER' and m.carrier_message_id is not null
          and m.created_on > now() - ${withinMinutes} * interval '1 minute'
          and not exists (select 1 from assistant_turn t where t.message_instance_id = m.id and t.kind = 'INBOUND')
        order by m.id`;
      let answered = 0;
      for (const r of rows) {
        if (carrierKeyword(r.content) !== null) continue;
        const result = await handle({ interactionId: r.futureServiceInteractionId, messageId: r.id });
        if (result && !result.duplicate) answered += 1;
      }
      return answered;
    },
    async idle() {
      while (chains.size) await Promise.allSettled([...chains.values()]);
    },
  };
}

export type RunningAssistantLoop = AssistantLoop & {
  /** Stops listening and waits for the turns under way. */
  stop(): Promise<void>;
};

export type StartAssistantLoopOptions = Omit<AssistantLoopOptions, 'rephraser'> & {
  env?: AssistantLlmEnv;
  rephraser?: Rephraser | null;
  /** The process's job system; a loop given none runs one of its own. */
  jobs?: JobSystem | undefined;
};

/**
 * Starts the assistant for an API process: it listens for committed customer messages
 * (`onInboundCommitted`, which runs after the commit and outside the carrier's request), trains
 * the reply reader ahead of the first message, and answers what a previous run left unanswered
 * through a job on the assistant-recovery queue (one scan when several processes start at once).
 * ASSISTANT_LLM_* settings turn on the optional rephrasing.
 */
export function startAssistantLoop(o: StartAssistantLoopOptions): RunningAssistantLoop {
  const rephraser = o.rephraser !== undefined ? o.rephraser : o.env ? rephraserFromEnv(o.env, o.logger) : null;
  const loop = createAssistantLoop({ ...o, rephraser });
  const remove = onInboundCommitted.add(async (event) => {
    // Carriers' acknowledgements in flight go first (the text is committed; nothing is lost).
    await ackGate.quiet(FOLLOW_UP_MAX_WAIT_MS);
    await loop.handle(event);
  });
  setTimeout(() => {
    if (!o.analyzer) defaultAnalyzer();
  }, 0).unref();
  const borrowed = borrowJobSystem(o.jobs, { sql: o.sql, logger: o.logger });
  const jobs = borrowed.jobs;
  let stopped = false;
  let stopWork: (() => Promise<void>) | null = null;
  const ready = (async () => {
    await jobs.start();
    stopWork = await jobs.work(QUEUES.assistantRecovery, async () => {
      if (stopped) return null;
      const answered = await loop.recover();
      if (answered) o.logger?.info({ answered }, 'assistant answered texts left from before the start');
      return { answered };
    });
    await jobs.send(QUEUES.assistantRecovery, null, { singletonKey: 'start' });
  })();
  ready.catch((err: unknown) => o.logger?.error({ err }, 'assistant recovery failed'));
  o.logger?.info({ rephrasing: rephraser !== null }, 'assistant loop started');
  return {
    ...loop,
    async stop() {
      stopped = true;
      remove();
      await ready.catch(() => undefined);
      await stopWork?.();
      await loop.idle();
      await borrowed.release();
    },
  };
}
