import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TYPES, NOTIFICATION_TYPES, ROLES, RO_LANES, SERVICE_TYPES } from '@drivebay/shared';
import { createTestDatabase } from './testing';
import { migrate } from './migrate';
import type { Database } from './database';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

describe('migrations', () => {
  it('apply once and are recorded', async () => {
    const again = await migrate(db.sql);
    expect(again).toEqual([]);
    const rows = await db.sql`select name from schema_migration order by version`;
    expect(rows.map((r) => r.name)).toContain('00001_init.sql');
  });

  it('fill the reference tables from the shared code lists', async () => {
    const roles = await db.sql<{ code: string }[]>`select code from ref_role order by role_id`;
    expect(roles.map((r) => r.code)).toEqual([...ROLES]);
    const [row] = await db.sql`select count(*)::int as count from ref_service_type`;
    expect(row?.count).toBe(SERVICE_TYPES.length);
    const lanes = await db.sql`select code from ref_ro_status order by position`;
    expect(lanes.map((l) => l.code)).toEqual(RO_LANES.map((l) => l.code));
  });

  it('hold coded columns to the lists', async () => {
    const [e] = await db.sql`insert into enterprise (name) values ('E') returning id`;
    const [b] = await db.sql`insert into boc (enterprise_id, boc_code, boc_name) values (${e!.id}, 'B', 'B') returning id`;
    const [s] = await db.sql`insert into store (boc_id, store_code, store_name, office_time_zone, timezone_display)
      values (${b!.id}, 'S', 'S', 'America/New_York', 'Eastern') returning id`;
    const [c] = await db.sql`insert into customer (boc_id, store_id, custno) values (${b!.id}, ${s!.id}, 'C1') returning id`;
    await expect(
      db.sql`insert into future_service_interaction (store_id, company_id, customer_id, service_type)
        values (${s!.id}, ${b!.id}, ${c!.id}, 'NOT_A_SERVICE')`,
    ).rejects.toThrow(/foreign key/);
    await expect(
      db.sql`insert into future_service_interaction (store_id, company_id, customer_id, service_type, total_unread_count)
        values (${s!.id}, ${b!.id}, ${c!.id}, 'OIL_CHANGE', -1)`,
    ).rejects.toThrow(/check constraint/);
  });

  it('allow exactly the shared code lists in a message’s type and notification type', async () => {
    // The message's codes are checked in the row (migration 00055): a code added to a list needs a
    // migration that allows it there too.
    const checked = async (name: string) => {
      const [row] = await db.sql<{ def: string }[]>`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${name}`;
      return [...row!.def.matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]).sort();
    };
    expect(await checked('message_instance_message_type_check')).toEqual([...MESSAGE_TYPES].sort());
    expect(await checked('message_instance_notification_type_check')).toEqual([...NOTIFICATION_TYPES].sort());
    const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from ref_message_type where code = any(${[...MESSAGE_TYPES]})`;
    expect(row!.n).toBe(MESSAGE_TYPES.length);
  });
});
