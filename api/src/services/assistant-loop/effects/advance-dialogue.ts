import type { Sql } from '../../../db/database';
import type { DialogueStage, LoopContext } from '../context';
import type { Plan, Step } from '../decide';

type NextDialogue = { stage: DialogueStage; proposed: Date[]; requested: Date | null };

/** The dialogue's next state after a step; null leaves it as it is. */
function nextDialogue(step: Step, booked: boolean, current: DialogueStage): NextDialogue | null {
  switch (step.kind) {
    case 'NONE': return null;
    case 'OPT_OUT': return { stage: 'IDLE', proposed: [], requested: null };
    // A car in the shop is not a booking: whatever was asked or offered still stands.
    case 'RO_STATUS': return null;
    case 'ACK': return step.endsDialogue ? { stage: 'IDLE', proposed: [], requested: null } : null;
    case 'ASK': return { stage: 'ASKED_DAY_TIME', proposed: [], requested: null };
    case 'PROPOSE': return { stage: 'PROPOSED', proposed: step.starts, requested: step.requested };
    case 'BOOK': return booked ? { stage: 'BOOKED', proposed: [], requested: null } : { stage: current, proposed: [], requested: null };
    case 'HANDOFF': return { stage: 'HANDED_OFF', proposed: [], requested: null };
  }
}

/** Moves the date-time dialogue on (what was asked or offered, and when), keeping the last parameter and track it saw. */
export async function advanceDialogue(tx: Sql, ctx: LoopContext, step: Step, o: { booked: boolean; parameter: Plan['parameter']; track: Plan['track'] }): Promise<void> {
  const next = nextDialogue(step, o.booked, ctx.dialogue.stage);
  if (!next) return;
  await tx`
    insert into assistant_dialogue (future_service_interaction_id, stage, proposed_slots, proposed_on, requested_start, last_parameter, last_track, version)
    values (${ctx.interactionId}, ${next.stage}, ${next.proposed.map((d) => d.toISOString())}::timestamptz[], case when ${next.proposed.length > 0} then now() end, ${next.requested},
      ${o.parameter}, ${o.track}, 1)
    on conflict (future_service_interaction_id) do update set stage = excluded.stage, proposed_slots = excluded.proposed_slots,
      proposed_on = case when cardinality(excluded.proposed_slots) > 0 then now() else null end, requested_start = excluded.requested_start,
      last_parameter = coalesce(excluded.last_parameter, assistant_dialogue.last_parameter),
      last_track = coalesce(excluded.last_track, assistant_dialogue.last_track),
      version = assistant_dialogue.version + 1, updated_on = now()`;
}
