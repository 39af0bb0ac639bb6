import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestDatabase } from '../../db/testing';
import { seedDemo } from '../../seed/demo';
import { testPhone } from '../../testing/conversation-harness';
import { writeKnownSenderText } from './messages';
import { receiveInboundSms } from './receive-inbound';
import { inboundCustomerNumber, lookupSender } from './sender-lookup';
import { INBOUND_SERVICE_TYPE, startConversation } from './start-conversations';
import { findStoreByNumber, type StoreNumber } from './store-number';

// A number's first texts are started by the statement that writes known senders' texts, which
// takes no lock; the locked transaction of start-conversations.ts and the keyword path start the
// rest. When both run at once for one number (two API processes, a redelivery), the generated
// customer number is what they meet on: whoever comes second joins the conversation of the first.
// Two sessions at once need PostgreSQL's server; the embedded engine is one session.
const STORE_3_NUMBER = '+12135550101';

describe.skipIf(!process.env.DATABASE_URL)('first texts of one number started at the same moment', () => {
  let db: Database;
  let store: StoreNumber;
  let sid = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedDemo(db.sql);
    store = (await findStoreByNumber(db.sql, STORE_3_NUMBER))!;
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  /** Starts a number's conversation by the statement, in a transaction that stays open until `commit` is called. */
  async function startedByStatement(phone: string) {
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let written!: (id: number) => void;
    const interaction = new Promise<number>((resolve) => (written = resolve));
    const done = db.sql.begin(async (tx) => {
      const w = await writeKnownSenderText({ sql: tx as never }, {
        lookup: lookupSender, storeId: store.storeId, content: 'first', from: phone, to: store.agentPhoneNumber, toName: 'Store', mediaUrls: [],
        carrierMessageId: `SMrace${++sid}`,
        start: { bocId: store.bocId, customerNumber: inboundCustomerNumber(store.storeCode, phone), divisionId: store.divisionId, serviceType: INBOUND_SERVICE_TYPE },
      });
      written(w!.interactionId);
      await held;
    });
    return { interaction: await interaction, commit, done };
  }

  /** Resolves once another session waits for a lock. */
  async function someoneWaits() {
    for (let i = 0; i < 200; i++) {
      const [r] = await db.sql<{ n: number }[]>`select count(*)::int as n from pg_locks where not granted`;
      if (r!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('nobody waited for a lock');
  }

  async function conversationsOf(phone: string) {
    return db.sql<{ id: number; totalInboundCount: number; messages: number }[]>`
      select f.id, f.total_inbound_count, (select count(*)::int from message_instance m where m.future_service_interaction_id = f.id) as messages
      from future_service_interaction f join customer c on c.id = f.customer_id
      where c.store_id = ${store.storeId} and c.cellular = ${phone}`;
  }

  it('the locked transaction joins the conversation the statement is starting', async () => {
    const phone = testPhone();
    const first = await startedByStatement(phone);
    const second = startConversation({ sql: db.sql }, { store, from: phone, body: 'second', mediaUrls: [], carrierMessageId: `SMrace${++sid}` });
    await someoneWaits();
    first.commit();
    await first.done;
    expect((await second).interactionId).toBe(first.interaction);
    expect(await conversationsOf(phone)).toEqual([{ id: first.interaction, totalInboundCount: 2, messages: 2 }]);
  });

  it('a keyword text joins it too', async () => {
    const phone = testPhone();
    const first = await startedByStatement(phone);
    const second = receiveInboundSms({ sql: db.sql, logger: undefined } as never, { carrierMessageId: `SMrace${++sid}`, from: phone, to: STORE_3_NUMBER, body: 'HELP', mediaUrls: [] }, store);
    await someoneWaits();
    first.commit();
    await first.done;
    expect(await second).toMatchObject({ kind: 'stored', interactionId: first.interaction, createdCustomer: false, createdInteraction: false });
    const conversations = await conversationsOf(phone);
    expect(conversations.map((c) => c.id)).toEqual([first.interaction]);
  });
});
