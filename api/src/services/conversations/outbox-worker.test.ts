import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { createConversation, startConversationHarness, waitFor, type ConversationHarness } from '../../testing/conversation-harness';
import { CarrierError, type CarrierPort } from '../carriers/carrier-port';
import { startOutboxWorker, type OutboxWorker } from './outbox-worker';

let h: ConversationHarness;
let token: string;
const logger = createLogger('silent');

beforeAll(async () => {
  h = await startConversationHarness();
  token = await h.login('office_manager');
  // These tests run their own workers against the same table.
  await h.worker.stop();
});
afterAll(async () => {
  await h?.close();
});

async function queueSms(content = 'Your car is ready') {
  const c = await createConversation(h);
  const res = await h.call('/api/svc-message-instance/svc-send-message', {
    token,
    json: { id: c.customerId, jaguarFutureServiceInteractionId: c.interactionId, content, messageType: 'SMS' },
  });
  expect(res.status).toBe(200);
  return { ...c, messageId: ((await res.json()) as { messageInstance: { id: number } }).messageInstance.id };
}

const row = async (messageId: number) =>
  (await h.db.sql`
    select m.message_status, m.errors, m.carrier_message_id, o.status as outbox_status, o.attempts, o.last_error
    from message_instance m join message_outbox o on o.message_instance_id = m.id where m.id = ${messageId}`)[0]!;

/** The real simulated carrier, after `failures` refusals of the given kind. */
function flaky(failures: number, permanent: boolean): CarrierPort & { calls: number } {
  const port = {
    name: 'simulator' as const,
    calls: 0,
    async sendSms(m: Parameters<CarrierPort['sendSms']>[0]) {
      port.calls += 1;
      if (port.calls <= failures) {
        throw new CarrierError(permanent ? 'Invalid To phone number' : 'Service unavailable', { permanent, carrierCode: permanent ? 21211 : 503 });
      }
      return (await h.deps.carrier.carrierFor(1)).sendSms(m);
    },
  };
  return port;
}

function worker(carrier: CarrierPort, extra: Partial<Parameters<typeof startOutboxWorker>[0]> = {}): OutboxWorker {
  return startOutboxWorker({
    sql: h.db.sql, logger, notifier: h.deps.notifier, carrierFor: async () => carrier, publicUrl: h.baseUrl,
    pollIntervalMs: 20, backoffMs: () => 30, ...extra,
  });
}

describe('outbox worker', () => {
  it('retries a passing failure with backoff and sends once it passes', async () => {
    const q = await queueSms();
    const carrier = flaky(2, false);
    const w = worker(carrier);
    try {
      await waitFor(async () => (await row(q.messageId)).outboxStatus === 'submitted', 5000, 'submitted');
    } finally {
      await w.stop();
    }
    expect(carrier.calls).toBe(3);
    expect(await row(q.messageId)).toMatchObject({ attempts: 3, lastError: null, errors: [] });
    await waitFor(async () => (await row(q.messageId)).messageStatus === 'delivered', 5000, 'delivered');
  });

  it('gives up at once on a permanent refusal and records the error on the message', async () => {
    const q = await queueSms();
    const w = worker(flaky(1, true));
    try {
      await waitFor(async () => (await row(q.messageId)).outboxStatus === 'failed', 5000, 'failed');
    } finally {
      await w.stop();
    }
    expect(await row(q.messageId)).toMatchObject({ messageStatus: 'failed', attempts: 1, errors: ['Invalid To phone number (21211)'] });
  });

  it('gives up after the last attempt of passing failures', async () => {
    const q = await queueSms();
    const w = worker(flaky(100, false), { maxAttempts: 3 });
    try {
      await waitFor(async () => (await row(q.messageId)).outboxStatus === 'failed', 5000, 'failed');
    } finally {
      await w.stop();
    }
    expect(await row(q.messageId)).toMatchObject({ messageStatus: 'failed', attempts: 3, errors: ['Service unavailable (503)'] });
  });

  it('loses nothing to a crash: what was committed is sent after a restart, an expired lease is taken again', async () => {
    // Committed while no worker runs, as if the process died right after the commit.
    const a = await queueSms('queued before the crash');
    // Taken by a worker that died while holding it.
    const b = await queueSms('held by a dead worker');
    await h.db.sql`update message_outbox set locked_until = now() + interval '1 hour', attempts = 1 where message_instance_id = ${b.messageId}`;
    const carrier = flaky(0, false);
    const w = worker(carrier);
    try {
      await waitFor(async () => (await row(a.messageId)).outboxStatus === 'submitted', 5000, 'a submitted');
      expect((await row(b.messageId)).outboxStatus).toBe('pending');
      await h.db.sql`update message_outbox set locked_until = now() - interval '1 second' where message_instance_id = ${b.messageId}`;
      w.wake();
      await waitFor(async () => (await row(b.messageId)).outboxStatus === 'submitted', 5000, 'b submitted');
    } finally {
      await w.stop();
    }
    expect(carrier.calls).toBe(2);
  });

  it('two workers never take the same message', async () => {
    const queued = await Promise.all(Array.from({ length: 12 }, (_, i) => queueSms(`bulk ${i}`)));
    const carrier = flaky(0, false);
    const w1 = worker(carrier);
    const w2 = worker(carrier);
    try {
      await waitFor(async () => {
        const rows = await Promise.all(queued.map((q) => row(q.messageId)));
        return rows.every((r) => r.outboxStatus === 'submitted');
      }, 10_000, 'all submitted');
    } finally {
      await Promise.all([w1.stop(), w2.stop()]);
    }
    expect(carrier.calls).toBe(12);
    for (const q of queued) expect((await row(q.messageId)).attempts).toBe(1);
  });
});
