import { ASSISTANT_NOTICES, insightForIntent, marksForIntents, type IntentCode } from '@drivebay/shared';
import type { SessionUser } from '../../auth/sessions';
import { loadInteractionForUser } from '../../conversations/interaction-access';
import { decideForIntent, type Step } from '../decide';
import { assertMessageOptions, loadCustomerMessage, readMessage } from '../messages';
import { runTurn, type TurnDeps } from '../turn';
import { FSI_FIELD, controlResult, plan, who, type ControlResult } from './common';

/**
 * Action Intents and Default Action Intents: a person says which intent a customer message
 * carries. The choice is kept with the message's reading (Show Intents shows it). Action Intents
 * then has the assistant do what it does for that intent (answer, offer times, book, hand off),
 * as if it had read it so, whether or not it is switched on; Default Action Intents only files
 * the message under the intent (response insight and marks; a stop also opts the customer out)
 * and sends nothing.
 */
export async function applyActionIntent(
  deps: TurnDeps,
  user: SessionUser,
  q: { interactionId: number; messageId: number; intent: IntentCode; mode: 'ACTION' | 'DEFAULT' },
): Promise<ControlResult & { intent: IntentCode }> {
  assertMessageOptions(user);
  const f = await loadInteractionForUser(deps.sql, user, q.interactionId, FSI_FIELD);
  const m = await loadCustomerMessage(deps.sql, f.id, q.messageId);
  const { analysis, stored } = await readMessage(deps.sql, m);
  const now = (deps.clock ?? (() => new Date()))();
  const result = await runTurn(deps, {
    interactionId: f.id,
    kind: q.mode === 'ACTION' ? 'ACTION_INTENT' : 'DEFAULT_ACTION_INTENT',
    messageId: m.id,
    user: who(user),
    analysis: stored ? null : analysis,
    staffIntent: q.intent,
    outreach: true,
    customerText: m.content,
    decide: async (ctx, db) => {
      if (q.mode === 'DEFAULT') {
        const step: Step = q.intent === 'STOP' ? { kind: 'OPT_OUT' } : { kind: 'NONE', reason: 'RECORDED' };
        return plan(step, { intent: q.intent, insight: insightForIntent(q.intent), marks: marksForIntents([q.intent]) });
      }
      return decideForIntent({ ctx, db, now, analysis: analysis.result, messageAt: m.createdOn, customerText: m.content }, q.intent);
    },
  });
  return { ...controlResult(ASSISTANT_NOTICES.updated, result), intent: q.intent };
}
