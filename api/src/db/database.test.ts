import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';

// The embedded engine's planner settings: its pages are in memory or the OS cache.
describe('the embedded engine', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase();
    // The shape of the marks an inbox row reads: a small table, rows by conversation through a partial index.
    await db.sql`create table mark (id bigint primary key, target text not null, conversation_id bigint, intent text not null)`;
    await db.sql`create unique index mark_conversation_idx on mark (conversation_id, intent) where target = 'CONVERSATION'`;
    await db.sql`
      insert into mark select g, case when g % 2 = 0 then 'CONVERSATION' else 'CUSTOMER' end, g, 'X' || (g % 5)
      from generate_series(1, 200) g order by random()`;
    await db.sql`analyze mark`;
  });
  afterAll(() => db.close());

  it('costs a random page read as for cached data', async () => {
    expect(await db.sql`show random_page_cost`).toEqual([{ randomPageCost: '1.1' }]);
  });

  it("reads a conversation's rows of a small table through its index, not by reading the whole table", async () => {
    // A prepared statement's generic plan, as the product's statements get after a few runs.
    await db.sql`set plan_cache_mode = force_generic_plan`;
    await db.sql.unsafe(`prepare marks(bigint) as select intent from mark where target = 'CONVERSATION' and conversation_id = $1`);
    const plan = await db.sql<Record<string, string>[]>`explain execute marks(4)`;
    const text = plan.map((r) => Object.values(r).join(' ')).join('\n');
    expect(text).toContain('mark_conversation_idx');
    expect(text).not.toContain('Seq Scan');
  });
});
