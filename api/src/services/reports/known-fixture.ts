import type { Sql } from '../../db/database';
import { hashPassword } from '../auth/password';
import { writeMessagesInBulk } from '../conversations/messages';
import type { MessageRecord } from '../conversations/messages';

/**
 * A small enterprise whose report figures are known by hand (see reports.test.ts): two stores in
 * different zones, five conversations, messages on both sides of the January/February edge (UTC).
 */
export type KnownFixture = {
  enterpriseId: number;
  bocId: number;
  s1: number;
  s2: number;
  fsi: Record<'i1' | 'i2' | 'i3' | 'i4' | 'i5', number>;
  storeUser: string;
};

const at = (iso: string) => new Date(iso);

export async function seedKnownFixture(sql: Sql): Promise<KnownFixture> {
  const [e] = await sql<{ id: number }[]>`insert into enterprise (name) values ('Known Answers Auto') returning id`;
  const [b] = await sql<{ id: number }[]>`insert into boc (enterprise_id, boc_code, boc_name) values (${e!.id}, 'KA', 'Known Answers BOC') returning id`;
  const store = async (code: string, name: string, zone: string) =>
    (await sql<{ id: number }[]>`insert into store (boc_id, store_code, store_name, office_time_zone, timezone_display)
      values (${b!.id}, ${code}, ${name}, ${zone}, ${zone}) returning id`)[0]!.id;
  const s1 = await store('KA1', 'Known East', 'America/New_York');
  const s2 = await store('KA2', 'Known West', 'America/Los_Angeles');

  const customer = async (storeId: number, n: number, blocked = false) =>
    (await sql<{ id: number }[]>`insert into customer (boc_id, store_id, custno, first_name, last_name, cellular, block_sms)
      values (${b!.id}, ${storeId}, ${`KA-${n}`}, ${`Known${n}`}, 'Customer', ${`+1212555${String(1000 + n)}`}, ${blocked}) returning id`)[0]!.id;
  const interaction = async (storeId: number, customerId: number, serviceType: string, sold: boolean, insight: string | null = null) => {
    const sale = sold ? (await sql<{ id: number }[]>`insert into sale (store_id, customer_id, sold_date) values (${storeId}, ${customerId}, '2025-06-01') returning id`)[0]!.id : null;
    return (await sql<{ id: number }[]>`insert into future_service_interaction (store_id, company_id, customer_id, service_type, sale_id, response_insight, created_on)
      values (${storeId}, ${b!.id}, ${customerId}, ${serviceType}, ${sale}, ${insight}, '2026-01-15T00:00:00Z') returning id`)[0]!.id;
  };
  const c = [await customer(s1, 1), await customer(s1, 2), await customer(s2, 3, true), await customer(s2, 4), await customer(s1, 5)];
  const i1 = await interaction(s1, c[0]!, 'SALES_THANKS', true, 'APPT_SET');
  const i2 = await interaction(s1, c[1]!, 'SALES_THANKS', false);
  const i3 = await interaction(s2, c[2]!, 'SALES_THANKS', true, 'STOP');
  const i4 = await interaction(s2, c[3]!, 'OIL_CHANGE', true);
  const i5 = await interaction(s1, c[4]!, 'OIL_CHANGE', true);

  const msg = (fsi: number, storeId: number, customerId: number, direction: 'SENT' | 'RECEIVED', when: string, messageType: 'SMS' | 'INTERNAL_NOTES' = 'SMS'): MessageRecord => ({
    futureServiceInteractionId: fsi, storeId, customerId, content: `${direction} ${when}`, direction, messageType, createdOn: at(when),
  });
  // Written out of order on purpose: the report rows must not depend on arrival order.
  await writeMessagesInBulk(sql, [
    msg(i1, s1, c[0]!, 'SENT', '2026-02-01T00:02:00Z'),
    msg(i1, s1, c[0]!, 'RECEIVED', '2026-02-01T00:00:00Z'),
    msg(i1, s1, c[0]!, 'SENT', '2026-01-31T23:00:00Z'),
    msg(i1, s1, c[0]!, 'RECEIVED', '2026-01-31T23:59:59Z'),
    msg(i2, s1, c[1]!, 'SENT', '2026-02-10T12:00:00Z'),
    msg(i2, s1, c[1]!, 'SENT', '2026-02-10T12:30:00Z', 'INTERNAL_NOTES'),
    msg(i3, s2, c[2]!, 'SENT', '2026-02-03T12:00:00Z'),
    msg(i3, s2, c[2]!, 'RECEIVED', '2026-02-03T12:04:00Z'),
    msg(i3, s2, c[2]!, 'SENT', '2026-02-03T12:06:00Z'),
    msg(i4, s2, c[3]!, 'SENT', '2026-02-04T09:00:00Z'),
    msg(i4, s2, c[3]!, 'RECEIVED', '2026-02-04T10:00:00Z'),
    msg(i5, s1, c[4]!, 'SENT', '2026-02-07T15:00:00Z'),
  ]);
  await sql`insert into mark (target, customer_id, intent_type, value, created_on) values ('CUSTOMER', ${c[2]!}, 'SMS_OPT_OUT', 'true', '2026-02-03T12:04:30Z')`;
  await sql`insert into workflow_track_event (future_service_interaction_id, track, source, created_on) values (${i4}, 'CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK', 'ASSISTANT', '2026-02-04T10:30:00Z')`;
  const appt = (fsi: number, storeId: number, customerId: number, status: string, created: string, start: string) =>
    sql`insert into appointment (store_id, future_service_interaction_id, customer_id, appt_status, start_date, end_date, created_on)
      values (${storeId}, ${fsi}, ${customerId}, ${status}, ${start}, ${new Date(Date.parse(start) + 3_600_000)}, ${created})`;
  await appt(i1, s1, c[0]!, 'COMPLETED', '2026-02-02T10:00:00Z', '2026-02-05T15:00:00Z');
  await appt(i4, s2, c[3]!, 'NO_SHOW', '2026-02-04T11:00:00Z', '2026-02-06T16:00:00Z');
  await appt(i4, s2, c[3]!, 'CANCELLED', '2026-02-04T11:05:00Z', '2026-02-07T16:00:00Z');
  await appt(i5, s1, c[4]!, 'BOOKED', '2026-02-08T09:00:00Z', '2026-02-09T14:00:00Z');

  const storeUser = 'known_store_user';
  await sql`insert into app_user (username, password_hash, first_name, last_name, emp_level, enterprise_id, boc_id, store_id)
    values (${storeUser}, ${await hashPassword('demo')}, 'Kim', 'East', 'STORE', ${e!.id}, ${b!.id}, ${s1})`;
  const [u] = await sql<{ id: number }[]>`select id from app_user where username = ${storeUser}`;
  await sql`insert into user_role (user_id, role, position) values (${u!.id}, 'OFFICE_MANAGER', 0)`;
  return { enterpriseId: e!.id, bocId: b!.id, s1, s2, fsi: { i1, i2, i3, i4, i5 }, storeUser };
}
