import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestDatabase } from '../../db/testing';
import { insertMessages, type MessageRecord } from '../conversations/messages/write-message';
import { writeKnownSenderText } from '../conversations/messages';
import { lookupSender } from '../conversations/sender-lookup';

// The report rows are kept by one trigger per INSERT statement (00046). Whatever the shape of the
// statements (one message, a batch, out of order, ties, notes mixed in), each row must equal what
// the raw messages say, computed the plain way.

let db: Database;
const ids: { fsi: number; storeId: number; customerId: number }[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const sql = db.sql;
  const [e] = await sql<{ id: number }[]>`insert into enterprise (name) values ('Fact Motors') returning id`;
  const [b] = await sql<{ id: number }[]>`insert into boc (enterprise_id, boc_code, boc_name) values (${e!.id}, 'FM', 'Fact BOC') returning id`;
  const [s] = await sql<{ id: number }[]>`insert into store (boc_id, store_code, store_name, office_time_zone, timezone_display)
    values (${b!.id}, 'FM1', 'Fact Store', 'America/New_York', 'Eastern Time (ET)') returning id`;
  for (let n = 0; n < 8; n++) {
    const [c] = await sql<{ id: number }[]>`insert into customer (boc_id, store_id, custno, first_name, last_name) values (${b!.id}, ${s!.id}, ${`F${n}`}, 'Fact', ${`C${n}`}) returning id`;
    const [i] = await sql<{ id: number }[]>`insert into future_service_interaction (store_id, company_id, customer_id, service_type) values (${s!.id}, ${b!.id}, ${c!.id}, 'OIL_CHANGE') returning id`;
    ids.push({ fsi: i!.id, storeId: s!.id, customerId: c!.id });
  }
}, 60_000);
afterAll(async () => {
  await db?.close();
});

/** A small deterministic generator, so a failure can be replayed. */
function generator(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

type Fact = { id: number; contactedOn: Date | null; respondedOn: Date | null; engagedOn: Date | null; firstReplyOn: Date | null; inboundCount: number; outboundCount: number };

const facts = () => db.sql<Fact[]>`
  select future_service_interaction_id as id, contacted_on, responded_on, engaged_on, first_reply_on, inbound_count, outbound_count
  from report_interaction_fact where future_service_interaction_id = any(${ids.map((i) => i.fsi)}) order by 1`;

const plain = () => db.sql<Fact[]>`
  select i.id, m.contacted_on, m.responded_on, m.engaged_on,
    (select min(o.created_on) from message_instance o where o.future_service_interaction_id = i.id
       and o.direction in ('SEND', 'SENT') and o.message_type in ('SMS', 'EMAIL') and o.created_on > m.responded_on) as first_reply_on,
    coalesce(m.inbound_count, 0) as inbound_count, coalesce(m.outbound_count, 0) as outbound_count
  from future_service_interaction i
  left join lateral (
    select min(x.created_on) filter (where x.direction <> 'RECEIVED') as contacted_on,
      min(x.created_on) filter (where x.direction = 'RECEIVED') as responded_on,
      (array_agg(x.created_on order by x.created_on) filter (where x.direction = 'RECEIVED'))[2] as engaged_on,
      count(*) filter (where x.direction = 'RECEIVED')::int as inbound_count,
      count(*) filter (where x.direction <> 'RECEIVED')::int as outbound_count
    from message_instance x where x.future_service_interaction_id = i.id and x.message_type in ('SMS', 'EMAIL')
  ) m on true
  where i.id = any(${ids.map((i) => i.fsi)}) order by 1`;

describe('report rows kept per statement', () => {
  it('equal the plain computation after every statement, whatever its shape', async () => {
    const next = generator(42);
    const base = Date.UTC(2026, 2, 1);
    const types = ['SMS', 'SMS', 'SMS', 'EMAIL', 'INTERNAL_NOTES'] as const;
    const directions = ['RECEIVED', 'SENT', 'SEND'] as const;
    for (let statement = 0; statement < 60; statement++) {
      // One message, a few, or a batch over several conversations; times jump back and forth, and
      // whole minutes make ties likely.
      const size = statement % 3 === 0 ? 1 : 1 + Math.floor(next() * 12);
      const records: MessageRecord[] = Array.from({ length: size }, (_, k) => {
        const who = ids[Math.floor(next() * (statement < 20 ? 3 : ids.length))]!;
        return {
          futureServiceInteractionId: who.fsi,
          storeId: who.storeId,
          customerId: who.customerId,
          content: `m${statement}.${k}`,
          direction: directions[Math.floor(next() * 3)]!,
          messageType: types[Math.floor(next() * types.length)]!,
          createdOn: new Date(base + Math.floor(next() * 240) * 60_000),
        };
      });
      await insertMessages(db.sql, records);
      expect(await facts(), `after statement ${statement}`).toEqual(await plain());
    }
    const total = await facts();
    // The data exercised every path: answered conversations, engaged ones and answers back.
    expect(total.filter((f) => f.engagedOn).length).toBeGreaterThan(2);
    expect(total.filter((f) => f.firstReplyOn).length).toBeGreaterThan(2);
  });

  it('texts of known senders, stored and counted by their own statement, keep the same figures', async () => {
    const sql = db.sql;
    const phone = (n: number) => `+1555010${String(n).padStart(4, '0')}`;
    for (const [n, who] of ids.entries()) await sql`update customer set cellular = ${phone(n)} where id = ${who.customerId}`;
    const next = generator(7);
    let sid = 0;
    const text = (n: number, carrierMessageId = `SMfact${++sid}`) =>
      writeKnownSenderText({ sql }, {
        lookup: lookupSender, storeId: ids[n]!.storeId, content: `t${sid}`, from: phone(n), to: '+15550000000', toName: 'Fact Store', mediaUrls: [], carrierMessageId,
      });
    for (let round = 0; round < 12; round++) {
      // Answers to the customers before, and some after, the texts' own time (their first reply
      // is then looked up again); a text alone, or several at once to one or more conversations.
      const sends: MessageRecord[] = Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
        const who = ids[Math.floor(next() * ids.length)]!;
        const minutes = Math.floor(next() * 120) - 60;
        return { futureServiceInteractionId: who.fsi, storeId: who.storeId, customerId: who.customerId, content: 's', direction: 'SENT', messageType: 'SMS', createdOn: new Date(Date.now() + minutes * 60_000) };
      });
      await insertMessages(sql, sends);
      const size = round % 4 === 0 ? 1 : 2 + Math.floor(next() * 8);
      const written = await Promise.all(Array.from({ length: size }, () => text(Math.floor(next() * ids.length))));
      expect(written.every((w) => w?.messageId)).toBe(true);
      expect(await facts(), `after round ${round}`).toEqual(await plain());
    }
    // A redelivery writes and counts nothing.
    const before = await facts();
    const again = await Promise.all([text(0, 'SMfact1'), text(1, 'SMfact2')]);
    expect(again.map((w) => w?.messageId)).toEqual([null, null]);
    expect(await facts()).toEqual(before);
  });

  it('after such a statement, the next insert of the same transaction is folded by the trigger', async () => {
    const who = ids[2]!;
    await db.sql.begin(async (tx) => {
      const written = await writeKnownSenderText({ sql: tx as never }, {
        lookup: lookupSender, storeId: who.storeId, content: 'in a transaction', from: '+15550100002', to: '+15550000000', toName: 'Fact Store', mediaUrls: [], carrierMessageId: 'SMfact-tx',
      });
      expect(written?.messageId).toBeTruthy();
      await insertMessages(tx as never, [
        { futureServiceInteractionId: who.fsi, storeId: who.storeId, customerId: who.customerId, content: 'back', direction: 'SENT', messageType: 'SMS', createdOn: new Date(Date.now() + 5 * 60_000) },
        { futureServiceInteractionId: who.fsi, storeId: who.storeId, customerId: who.customerId, content: 'in', direction: 'RECEIVED', messageType: 'SMS', createdOn: new Date(Date.now() + 6 * 60_000) },
      ]);
    });
    expect(await facts()).toEqual(await plain());
  });

  it('first texts from numbers the store has never seen start conversations whose report rows hold them', async () => {
    const sql = db.sql;
    const [store] = await sql<{ bocId: number; storeCode: string; enterpriseId: number }[]>`
      select s.boc_id, s.store_code, b.enterprise_id from store s join boc b on b.id = s.boc_id where s.id = ${ids[0]!.storeId}`;
    const text = (from: string, carrierMessageId: string) =>
      writeKnownSenderText({ sql }, {
        lookup: lookupSender, storeId: ids[0]!.storeId, content: carrierMessageId, from, to: '+15550000000', toName: 'Fact Store', mediaUrls: [], carrierMessageId,
        start: { bocId: store!.bocId, customerNumber: `${store!.storeCode}-M${from.slice(1)}`, divisionId: 'DIV001', serviceType: 'CHECK_UP' },
      });
    // Two numbers at once, one of them with two texts and the same text delivered twice.
    const written = await Promise.all([text('+15550199001', 'SMnew1'), text('+15550199002', 'SMnew2'), text('+15550199001', 'SMnew3'), text('+15550199001', 'SMnew3')]);
    expect(written.map((w) => w?.started)).toEqual([true, true, false, false]);
    expect(written.map((w) => !!w?.messageId)).toEqual([true, true, true, false]);
    expect(written[2]!.interactionId).toBe(written[0]!.interactionId);
    const started = [written[0]!.interactionId, written[1]!.interactionId];
    const conversations = await sql`
      select f.id, f.customer_id, f.service_type, f.total_inbound_count, f.total_unread_count, f.response_reqd, f.conversation_initiated,
        c.custno, c.cellular, (select count(*)::int from message_instance m where m.future_service_interaction_id = f.id) as messages
      from future_service_interaction f join customer c on c.id = f.customer_id where f.id = any(${started}) order by f.id`;
    expect(conversations).toEqual([
      expect.objectContaining({ customerId: written[0]!.customerId, serviceType: 'CHECK_UP', totalInboundCount: 2, totalUnreadCount: 2, responseReqd: true, conversationInitiated: true, custno: 'FM1-M15550199001', cellular: '+15550199001', messages: 2 }),
      expect.objectContaining({ customerId: written[1]!.customerId, totalInboundCount: 1, messages: 1 }),
    ]);
    // The report rows: what the messages say, and the columns the trigger of 00020 gives every new conversation.
    ids.push(...started.map((fsi, n) => ({ fsi, storeId: ids[0]!.storeId, customerId: written[n]!.customerId })));
    expect(await facts()).toEqual(await plain());
    const rows = await sql`select enterprise_id, boc_id, store_id, service_type, customer_type, response_insight from report_interaction_fact where future_service_interaction_id = any(${started})`;
    expect(rows).toEqual(started.map(() => ({ enterpriseId: store!.enterpriseId, bocId: store!.bocId, storeId: ids[0]!.storeId, serviceType: 'CHECK_UP', customerType: 'B', responseInsight: null })));
    // The next text from the number is a known sender's, folded as every other.
    const later = await text('+15550199002', 'SMnew4');
    expect(later).toMatchObject({ interactionId: written[1]!.interactionId, started: false });
    expect(await facts()).toEqual(await plain());
    // A text read without a start, in the batch that starts its sender, joins and is counted.
    const plainText = (from: string, carrierMessageId: string) =>
      writeKnownSenderText({ sql }, {
        lookup: lookupSender, storeId: ids[0]!.storeId, content: carrierMessageId, from, to: '+15550000000', toName: 'Fact Store', mediaUrls: [], carrierMessageId,
      });
    const together = await Promise.all([plainText('+15550199003', 'SMnew5'), text('+15550199003', 'SMnew6')]);
    expect(together[0]!.interactionId).toBe(together[1]!.interactionId);
    expect(together.every((w) => w!.messageId)).toBe(true);
    const [joined] = await sql`select total_inbound_count from future_service_interaction where id = ${together[0]!.interactionId}`;
    expect(joined).toEqual({ totalInboundCount: 2 });
    ids.push({ fsi: together[0]!.interactionId, storeId: ids[0]!.storeId, customerId: together[0]!.customerId });
    expect(await facts()).toEqual(await plain());
  });

  it('a statement that inserts nothing changes nothing', async () => {
    const before = await facts();
    await db.sql`insert into message_instance (future_service_interaction_id, store_id, content, direction, message_type) select 1, 1, 'x', 'SENT', 'SMS' where false`;
    expect(await facts()).toEqual(before);
  });
});
