import { ASK_FOR_SCHEDULE_TRACK, ASSISTANT_NOTICES, handoffForTrack, type IntentCode, type WorkflowTrack } from '@drivebay/shared';
import type { SessionUser } from '../../auth/sessions';
import { loadInteractionForUser } from '../../conversations/interaction-access';
import type { Plan } from '../decide';
import { assertDealRoomOptions } from '../messages';
import { runTurn, type TurnDeps } from '../turn';
import { FSI_FIELD, controlResult, customerWords, handoffInsight, plan, who, type ControlResult } from './common';

/**
 * `POST .../workflow/track`: posts a track. The ask-for-schedule track sends the day-and-time
 * question; handoff tracks hand off (GM, MD, the customer team, external); the other tracks of the
 * lead (follow-up e-mail, drop-off answers, no-show, long follow-up) are recorded for the reports
 * and the people who run those workflows.
 */
export async function postTrack(
  deps: TurnDeps,
  user: SessionUser,
  q: { interactionId: number; track: WorkflowTrack; parameter?: string | undefined; intentName?: string | undefined },
): Promise<ControlResult> {
  assertDealRoomOptions(user);
  const f = await loadInteractionForUser(deps.sql, user, q.interactionId, FSI_FIELD);
  const words = await customerWords(deps.sql, f.id);
  const parameter = (q.parameter ?? null) as Plan['parameter'];
  const intent = (q.intentName ?? null) as IntentCode | null;
  const result = await runTurn(deps, {
    interactionId: f.id, kind: 'WORKFLOW', messageId: null, user: who(user), outreach: true, customerText: words.text,
    decide: async (ctx) => {
      const handoff = handoffForTrack(q.track);
      if (handoff) {
        return plan({ kind: 'HANDOFF', handoff, reason: q.parameter ?? intent ?? q.track, reply: null }, { parameter, track: q.track, intent, insight: handoffInsight(ctx) });
      }
      if (q.track === ASK_FOR_SCHEDULE_TRACK) return plan({ kind: 'ASK', reply: 'YES' }, { parameter, track: q.track, intent });
      return plan({ kind: 'NONE', reason: 'RECORDED' }, { parameter, track: q.track, intent });
    },
  });
  return controlResult(ASSISTANT_NOTICES.updated, result);
}
