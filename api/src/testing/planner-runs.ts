import { plannerRunSchema, type PlannerRun } from '@drivebay/shared';
import type { Sql } from '../db/database';
import { testPhone, waitFor, type ConversationHarness } from './conversation-harness';
import { expectContract } from './contract';

/** Waits, through the API, until planner run `runId` has completed or failed, and returns it. */
export function finishedRun(h: ConversationHarness, token: string, runId: number): Promise<PlannerRun> {
  return waitFor(
    async () => {
      const res = await h.call(`/api/future-service-interaction/planner-runs/${runId}`, { token });
      const run = expectContract(plannerRunSchema, await res.json());
      return run.status === 'COMPLETED' || run.status === 'FAILED' ? run : null;
    },
    30_000,
    `run ${runId}`,
  );
}

/**
 * A store of its own in the demo enterprise's first BOC (New York time, Toyota, an Albany address),
 * with the service division and an assistant that texts from a fresh test number; returns its id.
 */
export async function createPlannerTestStore(sql: Sql, o: { code: string; name: string; address: string; agent: [string, string] }): Promise<number> {
  const [s] = await sql<{ id: number }[]>`
    insert into store (boc_id, store_code, store_name, office_time_zone, timezone_display, address, brand)
    values (1, ${o.code}, ${o.name}, 'America/New_York', 'Eastern Time (ET)', ${o.address}, 'Toyota') returning id`;
  await sql`insert into division (store_id, division_id) values (${s!.id}, 'DIV004')`;
  await sql`insert into assistant (store_id, division_id, agent_first_name, agent_last_name, agent_phone_number, initializer_process_enabled)
    values (${s!.id}, 'DIV004', ${o.agent[0]}, ${o.agent[1]}, ${testPhone()}, true)`;
  return s!.id;
}
