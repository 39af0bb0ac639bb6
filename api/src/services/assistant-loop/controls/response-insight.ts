import { ASSISTANT_NOTICES, type ResponseCategory } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import type { SessionUser } from '../../auth/sessions';
import { loadInteractionForUser } from '../../conversations/interaction-access';
import { recordEvent } from '../effects/record-event';
import type { TurnDeps } from '../turn-types';
import { FSI_FIELD } from './common';

/** `PUT .../responseInsight`: a person sets the conversation's response category. */
export async function setResponseInsight(deps: TurnDeps, user: SessionUser, q: { interactionId: number; insight: ResponseCategory }): Promise<{ message: string; responseInsight: string }> {
  const f = await loadInteractionForUser(deps.sql, user, q.interactionId, FSI_FIELD);
  await deps.sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    await tx`update future_service_interaction set response_insight = ${q.insight}, updated_on = now() where id = ${f.id}`;
    await recordEvent(tx, f.id, 'NEW_EVENT', null);
  });
  deps.notifier.interactionsChanged(f.storeId, [f.id]);
  return { message: ASSISTANT_NOTICES.updated, responseInsight: q.insight };
}
