import { AppError } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import { inboxChanges } from '../conversations/messages';
import { applyPlan } from './apply-plan';
import { loadContext } from './context';
import type { Plan } from './decide';
import { replyForStep } from './replies';
import type { TurnDeps, TurnRequest, TurnResult } from './turn-types';

export type { StoredAnalysis, TurnDeps, TurnKind, TurnRequest, TurnResult } from './turn-types';

const DUPLICATE: TurnResult = {
  duplicate: true, turnId: null, action: 'DUPLICATE', plan: null, replyText: null, replyMessageId: null, appointmentId: null, heldUntil: null,
};

/**
 * Runs one turn of the assistant for an interaction, exactly once: everything it does (the
 * reading of the message, the claim, the booking, the reply queued in the outbox, the handoff
 * bubble, flags, marks, the dialogue's state, the workflow track and the event) is written in one
 * transaction that holds the interaction's row lock, decided from the state read under that lock.
 * An INBOUND turn first claims its message; a message claimed before (a redelivered event, another
 * process, a restart) does nothing. With a rephraser, the reply is reworded before the
 * transaction (the model is not asked while a lock is held) and used only if the turn decided
 * under the lock comes to the same template text.
 */
export async function runTurn(deps: TurnDeps, req: TurnRequest): Promise<TurnResult> {
  const { sql } = deps;
  const now = (deps.clock ?? (() => new Date()))();
  if (req.kind === 'INBOUND' && req.messageId !== null && (await isClaimed(sql, req.messageId))) return DUPLICATE;

  let rephrased: { template: string; text: string } | null = null;
  if (deps.rephraser) {
    const ctx = await loadContext(sql, req.interactionId);
    if (ctx) {
      const draft = await replyForStep(sql, ctx, (await req.decide(ctx, sql)).step);
      if (draft) {
        const text = await deps.rephraser.rephrase({ draft: draft.text, customerMessage: req.customerText, keep: draft.keep });
        if (text) rephrased = { template: draft.text, text };
      }
    }
  }

  const changes = inboxChanges();
  const result = await sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    const [locked] = await tx<{ id: number }[]>`select id from future_service_interaction where id = ${req.interactionId} for update`;
    if (!locked) throw new AppError('NOT_FOUND', `Interaction ${req.interactionId} does not exist`);
    let claimId: number | null = null;
    let superseded = false;
    if (req.kind === 'INBOUND' && req.messageId !== null) {
      const [claim] = await tx<{ id: number }[]>`
        insert into assistant_turn (future_service_interaction_id, message_instance_id, kind, action)
        values (${req.interactionId}, ${req.messageId}, 'INBOUND', 'CLAIMED')
        on conflict (message_instance_id) where kind = 'INBOUND' do nothing
        returning id`;
      if (!claim) return null;
      claimId = claim.id;
      // A later message of the customer was answered already: answering this one now would
      // reply out of order, and the later answer was decided with it in the thread.
      const [later] = await tx`select 1 from assistant_turn where future_service_interaction_id = ${req.interactionId}
        and kind = 'INBOUND' and message_instance_id > ${req.messageId} limit 1`;
      superseded = !!later;
    }
    const ctx = (await loadContext(tx, req.interactionId))!;
    const plan: Plan = superseded
      ? { intent: null, step: { kind: 'NONE', reason: 'SUPERSEDED' }, parameter: null, track: null, insight: null, marks: [], respondedToAi: false }
      : await req.decide(ctx, tx);
    return applyPlan(t, { tx, changes }, ctx, plan, { ...req, claimId, now, rephrased });
  });
  if (!result) return DUPLICATE;
  changes.announce(deps.notifier);
  if (result.replyMessageId !== null) deps.outbox?.wake();
  return result;
}

async function isClaimed(sql: Sql, messageId: number): Promise<boolean> {
  const [row] = await sql`select 1 from assistant_turn where message_instance_id = ${messageId} and kind = 'INBOUND'`;
  return !!row;
}
