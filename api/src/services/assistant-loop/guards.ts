import { type AnalyzeResponse, type IntentCode } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { LoopContext } from './context';
import type { Plan } from './decide';
import { findOpenRepairOrder } from './repair-order';

/**
 * Intents a rule of the analyzer decides (an opt-out, a wrong number, a car no longer owned, a
 * date offered): the loop acts on them whatever the classifier's confidence, so the `uncertain`
 * and repair-order flags never override them.
 */
const RULE_INTENTS: ReadonlySet<IntentCode> = new Set(['STOP', 'WN', 'NLO', 'DT']);

/**
 * A reply that might revoke consent but does not clearly ("who gave u my number??"): the
 * assistant says nothing more and a person reads it before anyone texts the customer again
 * (consent can be revoked in any reasonable manner, so a guess either way is not ours to make).
 * Done whatever the assistant's switch says, like a clear opt-out; null when the flag is not set.
 */
export function possibleOptOutPlan(analysis: AnalyzeResponse, ctx: LoopContext, primary: IntentCode, marks: string[]): Plan | null {
  if (!analysis.optOutUncertain) return null;
  const base = { intent: primary, parameter: null, track: null, marks, respondedToAi: ctx.aiEnabled };
  if (ctx.customer.optedOut) return { ...base, step: { kind: 'NONE', reason: 'OPTED_OUT' }, insight: null };
  return { ...base, step: { kind: 'HANDOFF', handoff: 'CUSTOMER', reason: 'OPT_OUT_UNCERTAIN', reply: null }, insight: 'HO' };
}

/**
 * A reading the analyzer marks as a guess: a person answers instead of the assistant acting on
 * it, and nothing is texted meanwhile (a holding reply to "asdfgh" would itself be a guess). The
 * guessed intents are not filed as marks.
 */
export function uncertainPlan(analysis: AnalyzeResponse, primary: IntentCode): Plan | null {
  if (!analysis.uncertain || RULE_INTENTS.has(primary)) return null;
  return {
    intent: primary, step: { kind: 'HANDOFF', handoff: 'CUSTOMER', reason: 'UNCERTAIN', reply: null },
    parameter: null, track: null, insight: 'HO', marks: [], respondedToAi: true,
  };
}

/**
 * A question about a car already in the shop is answered from its open repair order (lane and
 * promised time), never with appointment slots: the customer is not booking. Without an open
 * repair order a person answers, as for any question the assistant cannot.
 */
export async function repairOrderPlan(db: Sql, analysis: AnalyzeResponse, ctx: LoopContext, primary: IntentCode, marks: string[]): Promise<Plan | null> {
  if (!analysis.repairOrderQuestion || RULE_INTENTS.has(primary)) return null;
  const base = { intent: 'CQ' as const, track: null, insight: 'CQ' as const, marks, respondedToAi: true };
  const ro = await findOpenRepairOrder(db, ctx);
  if (!ro) return { ...base, parameter: 'CQ', step: { kind: 'HANDOFF', handoff: 'GM', reason: 'NO_OPEN_REPAIR_ORDER', reply: 'HO' } };
  return { ...base, parameter: null, step: { kind: 'RO_STATUS', roNumber: ro.roNumber, statusCode: ro.statusCode, promised: ro.promised } };
}
