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

type Case = { customerId: number; vehicleId: number };

/**
 * The customers a start refuses, as the planners' left-out reasons name them: one opted out, one
 * with an open conversation about the vehicle, one texted by the store two days ago in a
 * conversation since closed.
 */
export async function seedRefusedCustomers(sql: Sql, storeId: number, c: { optedOut: Case; open: Case; texted: Case }): Promise<void> {
  await sql`insert into mark (target, customer_id, intent_type, value) values ('CUSTOMER', ${c.optedOut.customerId}, 'SMS_OPT_OUT', 'true')`;
  await sql`insert into future_service_interaction (store_id, company_id, customer_id, service_vehicle_id, service_type) values (${storeId}, 1, ${c.open.customerId}, ${c.open.vehicleId}, 'OIL_CHANGE')`;
  const [texted] = await sql<{ id: number }[]>`
    insert into future_service_interaction (store_id, company_id, customer_id, service_type, conversation_initiated, conv_closed)
    values (${storeId}, 1, ${c.texted.customerId}, 'OIL_CHANGE', true, true) returning id`;
  await sql`insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, created_on)
    values (${texted!.id}, ${storeId}, ${c.texted.customerId}, 'Your car is ready', 'SENT', 'SMS', now() - interval '2 days')`;
}
