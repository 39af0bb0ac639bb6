import { ASSISTANT_NOTICES } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import type { SessionUser } from '../../auth/sessions';
import { loadInteractionForUser } from '../../conversations/interaction-access';
import { recordEvent } from '../effects/record-event';
import { assertDealRoomOptions } from '../messages';
import type { TurnDeps } from '../turn-types';

/** `POST .../dtDialog/disable`: the dialogue stops; an offer it made no longer stands. */
export async function disableDtDialog(deps: TurnDeps, user: SessionUser, body: { id: number }): Promise<{ message: string }> {
  assertDealRoomOptions(user);
  const f = await loadInteractionForUser(deps.sql, user, body.id, 'body.id');
  await deps.sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    await tx`update future_service_interaction set dt_dialog_enabled = false, updated_on = now() where id = ${f.id}`;
    await tx`update assistant_dialogue set stage = 'IDLE', proposed_slots = '{}', proposed_on = null, requested_start = null,
        version = version + 1, updated_on = now()
      where future_service_interaction_id = ${f.id} and stage in ('ASKED_DAY_TIME', 'PROPOSED')`;
    await recordEvent(tx, f.id, 'NEW_EVENT', null);
  });
  deps.notifier.interactionsChanged(f.storeId, [f.id]);
  return { message: ASSISTANT_NOTICES.dtDisabled };
}
