import { ASSISTANT_NOTICES, GM_HANDOFF_TRACK, type ComplaintCategory } from '@drivebay/shared';
import type { SessionUser } from '../../auth/sessions';
import { loadInteractionForUser } from '../../conversations/interaction-access';
import { assertDealRoomOptions } from '../messages';
import { runTurn, type TurnDeps } from '../turn';
import { FSI_FIELD, controlResult, customerWords, handoffInsight, plan, who, type ControlResult } from './common';

/** `POST /api/lisa/hand-off/gm-hand-off`: the deal room's GM Handoff (parameter CQ). */
export async function gmHandoff(deps: TurnDeps, user: SessionUser, q: { interactionId: number; parameter: ComplaintCategory }): Promise<ControlResult> {
  assertDealRoomOptions(user);
  const f = await loadInteractionForUser(deps.sql, user, q.interactionId, FSI_FIELD);
  const words = await customerWords(deps.sql, f.id);
  const result = await runTurn(deps, {
    interactionId: f.id, kind: 'HANDOFF', messageId: null, user: who(user), outreach: true, customerText: words.text,
    decide: async (ctx) =>
      plan({ kind: 'HANDOFF', handoff: 'GM', reason: q.parameter, reply: null }, { parameter: q.parameter, track: GM_HANDOFF_TRACK, insight: handoffInsight(ctx) }),
  });
  return controlResult(ASSISTANT_NOTICES.handedOff, result);
}
