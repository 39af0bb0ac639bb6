import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIATE_TEXT, isForcibleRefusal } from '@drivebay/shared';
import { startConversationHarness, testPhone, waitFor, type ConversationHarness } from '../../testing/conversation-harness';
import { recordOptOut } from '../conversations/opt-out';
import { createInteractions, initiateInteraction, runInitiationJob } from './index';

let h: ConversationHarness;
beforeAll(async () => {
  h = await startConversationHarness();
});
afterAll(async () => {
  await h?.close();
});

/** 12:00 in New York (store 1's clock), 09:00 on the west coast: outside everyone's quiet hours. */
const NOON = new Date('2026-11-24T17:00:00Z');
let n = 0;

async function newCustomer(o: { phone?: string | null; vehicle?: boolean } = {}) {
  const sql = h.db.sql;
  n += 1;
  const phone = o.phone === undefined ? testPhone() : o.phone;
  const [c] = await sql<{ id: number }[]>`
    insert into customer (boc_id, store_id, custno, first_name, last_name, cellular)
    values (1, 1, ${`INIT-${Date.now()}-${n}`}, 'Dana', 'Reyes', ${phone}) returning id`;
  let vehicleId: number | null = null;
  if (o.vehicle !== false) {
    const [v] = await sql<{ id: number }[]>`
      insert into service_vehicle (customer_id, vin, make, model, year, odometer)
      values (${c!.id}, ${`INITVIN${String(Date.now()).slice(-6)}${n}`}, 'Toyota', 'Camry', 2022, 21000) returning id`;
    vehicleId = v!.id;
  }
  return { customerId: c!.id, vehicleId, phone };
}

async function interactionFor(c: { customerId: number; vehicleId: number | null }, serviceType: 'OIL_CHANGE_10K' | 'STATE_INSPECTION' = 'OIL_CHANGE_10K') {
  const [id] = await createInteractions(h.db.sql, [{ storeId: 1, customerId: c.customerId, serviceVehicleId: c.vehicleId, serviceType }]);
  return id!;
}

const deps = () => ({ sql: h.db.sql, notifier: h.deps.notifier, outbox: h.deps.outbox });

describe('createInteractions', () => {
  it('writes not-started interactions in one go, ids in the order given, BOC and VIN from the store and the vehicle', async () => {
    const a = await newCustomer();
    const b = await newCustomer({ vehicle: false });
    const ids = await createInteractions(h.db.sql, [
      { storeId: 1, customerId: a.customerId, serviceVehicleId: a.vehicleId, serviceType: 'OIL_CHANGE_15K', plannedDate: '2026-12-01', estimatedDueDate: '2026-12-10', metadata: { plannerRunId: 7 } },
      { storeId: 1, customerId: b.customerId, serviceVehicleId: null, serviceType: 'STATE_INSPECTION' },
    ]);
    expect(ids).toHaveLength(2);
    const rows = await h.db.sql<{ id: number; customerId: number; companyId: number; vin: string | null; conversationInitiated: boolean; plannedDate: Date | null; metadata: Record<string, unknown> }[]>`
      select id, customer_id, company_id, vin, conversation_initiated, planned_date, metadata from future_service_interaction where id in ${h.db.sql(ids)} order by id`;
    expect(rows.map((r) => Number(r.customerId))).toEqual([a.customerId, b.customerId]);
    expect(rows.every((r) => Number(r.companyId) === 1 && !r.conversationInitiated)).toBe(true);
    expect(rows[0]!.vin).toMatch(/^INITVIN/);
    expect(rows[0]!.metadata).toEqual({ plannerRunId: 7 });
    expect(rows[1]!.vin).toBeNull();
    expect(await createInteractions(h.db.sql, [])).toEqual([]);
  });
});

describe('initiateInteraction', () => {
  it('texts the first reminder once, naming the vehicle and the service, and the carrier gets it', async () => {
    const c = await newCustomer();
    const id = await interactionFor(c);
    const first = await initiateInteraction(deps(), { interactionId: id, now: NOON });
    expect(first.outcome).toBe('QUEUED');
    const [m] = await h.db.sql<{ content: string; messageSentBy: string; toAddress: string }[]>`
      select content, message_sent_by, to_address from message_instance where id = ${first.messageId!}`;
    expect(m!.content).toContain('2022 Toyota Camry');
    expect(m!.content).toContain('Oil change 10K');
    expect(m!.content).toContain('Dana');
    expect(m!.toAddress).toBe(c.phone);
    await waitFor(async () => h.submissions.some((s) => s.to === c.phone), 5_000, 'the carrier to get the text');

    const again = await initiateInteraction(deps(), { interactionId: id, now: NOON, isForced: true });
    expect(again).toEqual({ interactionId: id, messageId: null, outcome: 'ALREADY_INITIATED' });
    const [count] = await h.db.sql<{ n: number }[]>`select count(*)::int as n from message_instance where future_service_interaction_id = ${id}`;
    expect(count!.n).toBe(1);
    const [f] = await h.db.sql<{ conversationInitiated: boolean; leadStage: string }[]>`
      select conversation_initiated, lead_stage from future_service_interaction where id = ${id}`;
    expect(f).toEqual({ conversationInitiated: true, leadStage: 'INITIATED' });
  });

  it('refuses a second conversation while another is open, with the text the forced warning shows; forced, it starts', async () => {
    const c = await newCustomer();
    const open = await interactionFor(c);
    await initiateInteraction(deps(), { interactionId: open, now: NOON, isForced: true });
    const second = await interactionFor(c, 'STATE_INSPECTION');
    const err = await initiateInteraction(deps(), { interactionId: second, now: NOON }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED', message: INITIATE_TEXT.otherInitiated, status: 400 });
    expect(isForcibleRefusal((err as Error).message)).toBe(true);
    const forced = await initiateInteraction(deps(), { interactionId: second, now: NOON, isForced: true });
    expect(forced.outcome).toBe('QUEUED');
  });

  it('refuses a customer the store texted within the last days; a closed conversation does not count as open', async () => {
    const c = await newCustomer();
    const earlier = await interactionFor(c);
    await initiateInteraction(deps(), { interactionId: earlier, now: NOON, isForced: true });
    await h.db.sql`update future_service_interaction set conv_closed = true where id = ${earlier}`;
    const next = await interactionFor(c, 'STATE_INSPECTION');
    await expect(initiateInteraction(deps(), { interactionId: next, now: NOON })).rejects.toMatchObject({ message: INITIATE_TEXT.alreadyContacted });
    // Eight days later the customer may be contacted again.
    const later = new Date(Date.now() + 8 * 86_400_000);
    const r = await initiateInteraction(deps(), { interactionId: next, now: new Date(Date.UTC(later.getUTCFullYear(), later.getUTCMonth(), later.getUTCDate(), 17)) });
    expect(r.outcome).toBe('QUEUED');
  });

  it('writes nothing to a customer who opted out or has no mobile number, and keeps the outcome on the interaction', async () => {
    const out = await newCustomer();
    await recordOptOut(h.db.sql, { storeId: 1, customerId: out.customerId, phone: out.phone! });
    const a = await interactionFor(out);
    expect((await initiateInteraction(deps(), { interactionId: a, now: NOON })).outcome).toBe('OPTED_OUT');
    const none = await newCustomer({ phone: null });
    const b = await interactionFor(none);
    expect((await initiateInteraction(deps(), { interactionId: b, now: NOON })).outcome).toBe('NO_MOBILE');
    const rows = await h.db.sql<{ id: number; conversationInitiated: boolean; outcome: string; messages: number }[]>`
      select f.id, f.conversation_initiated, f.metadata->'initiation'->>'outcome' as outcome,
        (select count(*)::int from message_instance m where m.future_service_interaction_id = f.id) as messages
      from future_service_interaction f where f.id in (${a}, ${b}) order by f.id`;
    expect(rows.map((r) => [r.conversationInitiated, r.outcome, r.messages])).toEqual([[false, 'OPTED_OUT', 0], [false, 'NO_MOBILE', 0]]);
  });

  it('holds a reminder started at night until the customer\'s quiet hours end', async () => {
    const c = await newCustomer();
    const id = await interactionFor(c);
    // 03:00 in New York.
    const night = new Date(Date.now() + 86_400_000 * 2);
    const at = new Date(Date.UTC(night.getUTCFullYear(), night.getUTCMonth(), night.getUTCDate(), 8));
    const r = await initiateInteraction(deps(), { interactionId: id, now: at });
    expect(r.outcome).toBe('QUEUED');
    const [o] = await h.db.sql<{ nextAttemptAt: Date; status: string }[]>`select next_attempt_at, status from message_outbox where message_instance_id = ${r.messageId!}`;
    expect(o!.status).toBe('pending');
    expect(o!.nextAttemptAt.toISOString()).toBe(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), 13)).toISOString());
  });

  it('answers 404 for an interaction that does not exist', async () => {
    await expect(initiateInteraction(deps(), { interactionId: 987654321 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('runInitiationJob', () => {
  it('starts each interaction of a batch, counts refusals and outcomes, and a rerun texts nobody twice', async () => {
    const ok = await newCustomer();
    const out = await newCustomer();
    await recordOptOut(h.db.sql, { storeId: 1, customerId: out.customerId, phone: out.phone! });
    const busy = await newCustomer();
    const busyOpen = await interactionFor(busy);
    await initiateInteraction(deps(), { interactionId: busyOpen, isForced: true, now: NOON });
    const ids = [await interactionFor(ok), await interactionFor(out), await interactionFor(busy, 'STATE_INSPECTION')];
    expect(await runInitiationJob(deps(), { interactionIds: ids })).toEqual({ QUEUED: 1, OPTED_OUT: 1, REFUSED: 1 });
    const [refused] = await h.db.sql<{ reason: string }[]>`select metadata->'initiation'->>'reason' as reason from future_service_interaction where id = ${ids[2]!}`;
    expect(refused!.reason).toBe(INITIATE_TEXT.otherInitiated);
    expect(await runInitiationJob(deps(), { interactionIds: ids })).toEqual({ ALREADY_INITIATED: 1, OPTED_OUT: 1, REFUSED: 1 });
    const [count] = await h.db.sql<{ n: number }[]>`select count(*)::int as n from message_instance where future_service_interaction_id = ${ids[0]!}`;
    expect(count!.n).toBe(1);
  });
});
