import { ASSISTANT_NOTICES } from '@drivebay/shared';
import type { SessionUser } from '../../auth/sessions';
import { loadInteractionForUser } from '../../conversations/interaction-access';
import { assertDealRoomOptions } from '../messages';
import { runTurn, type TurnDeps } from '../turn';
import { FSI_FIELD, controlResult, customerWords, handoffInsight, plan, who, type ControlResult } from './common';

/** `POST /api/lisa/hand-off/manual-hand-off`: a person takes the conversation over (Customer HANDOFF). */
export async function manualHandoff(deps: TurnDeps, user: SessionUser, q: { interactionId: number }): Promise<ControlResult> {
  assertDealRoomOptions(user);
  const f = await loadInteractionForUser(deps.sql, user, q.interactionId, FSI_FIELD);
  const words = await customerWords(deps.sql, f.id);
  const result = await runTurn(deps, {
    interactionId: f.id, kind: 'HANDOFF', messageId: null, user: who(user), outreach: true, customerText: words.text,
    decide: async (ctx) => plan({ kind: 'HANDOFF', handoff: 'CUSTOMER', reason: 'MANUAL_HANDOFF', reply: null }, { insight: handoffInsight(ctx) }),
  });
  return controlResult(ASSISTANT_NOTICES.handedOff, result);
}
