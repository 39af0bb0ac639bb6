import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, instantOf, wallTimeAt } from '@drivebay/shared';
import { createLogger } from '../../lib/logger';
import { createConversation, startConversationHarness, waitFor, type ConversationHarness } from '../../testing/conversation-harness';
import { startOutboxWorker } from './outbox-worker';
import { quietHoursRelease } from './quiet-hours';

const NY = 'America/New_York';

describe('quietHoursRelease', () => {
  it('lets texts out from 08:00 to 20:59 and holds them from 21:00 to 07:59', () => {
    // 2026-07-01 is in daylight time: New York is UTC-4.
    expect(quietHoursRelease(new Date('2026-07-01T12:00:00Z'), NY)).toBeNull(); // 08:00
    expect(quietHoursRelease(new Date('2026-07-02T00:59:00Z'), NY)).toBeNull(); // 20:59
    expect(quietHoursRelease(new Date('2026-07-02T01:00:00Z'), NY)).toEqual(new Date('2026-07-02T12:00:00Z')); // 21:00 -> 08:00 next day
    expect(quietHoursRelease(new Date('2026-07-02T03:59:00Z'), NY)).toEqual(new Date('2026-07-02T12:00:00Z')); // 23:59
    expect(quietHoursRelease(new Date('2026-07-02T04:00:00Z'), NY)).toEqual(new Date('2026-07-02T12:00:00Z')); // 00:00 same morning
    expect(quietHoursRelease(new Date('2026-07-02T11:59:00Z'), NY)).toEqual(new Date('2026-07-02T12:00:00Z')); // 07:59
  });

  it('reads the clock of the zone it is given, across month ends and daylight-saving changes', () => {
    // 22:00 in Los Angeles on 31 Dec is 06:00 UTC on 1 Jan: released at 08:00 Los Angeles on 1 Jan.
    expect(quietHoursRelease(new Date('2027-01-01T06:00:00Z'), 'America/Los_Angeles')).toEqual(new Date('2027-01-01T16:00:00Z'));
    // The same instant is 01:00 in New York: held until 08:00 New York that morning.
    expect(quietHoursRelease(new Date('2027-01-01T06:00:00Z'), NY)).toEqual(new Date('2027-01-01T13:00:00Z'));
    // The night the clocks go back (1 Nov 2026): 23:00 EDT on 31 Oct is released at 08:00 EST.
    expect(quietHoursRelease(new Date('2026-11-01T03:00:00Z'), NY)).toEqual(new Date('2026-11-01T13:00:00Z'));
    // An unknown zone never lets a text out at night: it is read as New York.
    expect(quietHoursRelease(new Date('2026-07-02T03:00:00Z'), 'Mars/Olympus_Mons')).toEqual(new Date('2026-07-02T12:00:00Z'));
  });
});

describe('the outbox worker in quiet hours', () => {
  let h: ConversationHarness;
  let token: string;

  beforeAll(async () => {
    h = await startConversationHarness();
    token = await h.login('office_manager');
    await h.worker.stop();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A wall time on New York's clock a few days from now, so a hold's release lies in the real future. */
  function newYorkAt(hour: number, minute = 0): Date {
    const day = addDays(wallTimeAt(new Date(), NY), 3);
    return instantOf({ ...day, hour, minute }, NY);
  }

  async function queueSms(opts: { timeZone?: string; inboundAt?: Date } = {}) {
    const c = await createConversation(h);
    if (opts.timeZone) await h.db.sql`update customer set time_zone = ${opts.timeZone} where id = ${c.customerId}`;
    if (opts.inboundAt) {
      await h.db.sql`insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, created_on)
        values (${c.interactionId}, ${c.storeId}, ${c.customerId}, 'Is my car ready?', 'RECEIVED', 'SMS', ${opts.inboundAt})`;
    }
    const res = await h.call('/api/svc-message-instance/svc-send-message', {
      token,
      json: { id: c.customerId, jaguarFutureServiceInteractionId: c.interactionId, content: 'Your car is ready', messageType: 'SMS' },
    });
    expect(res.status).toBe(200);
    return { ...c, messageId: ((await res.json()) as { messageInstance: { id: number } }).messageInstance.id };
  }

  const outbox = async (messageId: number) =>
    (await h.db.sql<{ status: string; attempts: number; nextAttemptAt: Date; lastError: string | null }[]>`
      select status, attempts, next_attempt_at, last_error from message_outbox where message_instance_id = ${messageId}`)[0]!;

  async function runAt(now: Date) {
    const before = h.submissions.length;
    const worker = startOutboxWorker({
      sql: h.db.sql, logger: createLogger('silent'), notifier: h.deps.notifier, carrierFor: h.deps.carrier.carrierFor,
      publicUrl: h.baseUrl, pollIntervalMs: 60_000, quietHours: true, clock: () => now,
    });
    try {
      await worker.runOnce();
    } finally {
      await worker.stop();
    }
    return h.submissions.length - before;
  }

  it('holds a text the dealership starts at 23:00 until 08:00 the next morning, without counting an attempt', async () => {
    const q = await queueSms();
    expect(await runAt(newYorkAt(23))).toBe(0);
    const held = await outbox(q.messageId);
    const tomorrow = addDays(wallTimeAt(newYorkAt(23), NY), 1);
    expect(held).toMatchObject({ status: 'pending', attempts: 0 });
    expect(held.nextAttemptAt).toEqual(instantOf({ ...tomorrow, hour: 8, minute: 0 }, NY));
    expect(held.lastError).toMatch(/^Held for quiet hours until /);
    const [m] = await h.db.sql<{ messageStatus: string }[]>`select message_status from message_instance where id = ${q.messageId}`;
    expect(m!.messageStatus).toBe('accepted');
  });

  it('holds a text at 06:30 until 08:00 the same morning', async () => {
    const q = await queueSms();
    expect(await runAt(newYorkAt(6, 30))).toBe(0);
    expect((await outbox(q.messageId)).nextAttemptAt).toEqual(newYorkAt(8));
  });

  it('sends a reply to a customer who wrote within the last 24 hours at once, even at night', async () => {
    const now = newYorkAt(23, 30);
    const q = await queueSms({ inboundAt: new Date(now.getTime() - 23 * 3_600_000) });
    expect(await runAt(now)).toBe(1);
    expect((await outbox(q.messageId)).status).toBe('submitted');
  });

  it('does not count a customer text older than 24 hours as making this a reply', async () => {
    const now = newYorkAt(23, 30);
    const q = await queueSms({ inboundAt: new Date(now.getTime() - 25 * 3_600_000) });
    expect(await runAt(now)).toBe(0);
    expect((await outbox(q.messageId)).status).toBe('pending');
  });

  it('goes by the customer’s own zone when it has one: 23:30 in New York is 20:30 in Los Angeles', async () => {
    const q = await queueSms({ timeZone: 'America/Los_Angeles' });
    expect(await runAt(newYorkAt(23, 30))).toBe(1);
    expect((await outbox(q.messageId)).status).toBe('submitted');
  });

  it('sends in the day, and a held text once its morning comes', async () => {
    const q = await queueSms();
    expect(await runAt(newYorkAt(23))).toBe(0);
    // The release time has come: pull it forward to now so the table offers it to the worker again.
    await h.db.sql`update message_outbox set next_attempt_at = now() where message_instance_id = ${q.messageId}`;
    const tomorrowEight = instantOf({ ...addDays(wallTimeAt(newYorkAt(23), NY), 1), hour: 8, minute: 0 }, NY);
    expect(await runAt(tomorrowEight)).toBe(1);
    await waitFor(async () => (await outbox(q.messageId)).status === 'submitted', 5_000, 'submitted');
    expect((await outbox(q.messageId)).lastError).toBeNull();
  });
});
