import { once } from 'node:events';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedConnection } from './embedded-connection';

// The embedded engine's own connection, without the product's schema: the protocol as postgres.js
// speaks it, through one in-process connection.
describe('EmbeddedConnection', () => {
  let db: PGlite;
  const clients: postgres.Sql[] = [];
  const connect = () => {
    // postgres.js's `socket` option, which its types leave out.
    const options = { socket: () => new EmbeddedConnection(db), max: 1, username: 'postgres', database: 'postgres', onnotice: () => {} };
    const sql = postgres(options);
    clients.push(sql);
    return sql;
  };

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec('create table item (id int primary key, label text not null)');
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end({ timeout: 1 })));
    await db.close();
  });

  it('answers each of many queries written together with its own result', async () => {
    const sql = connect();
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => sql<{ n: number; s: string }[]>`select ${i}::int as n, ${`v${i}`}::text as s`));
    answers.forEach((rows, i) => expect(rows[0]).toEqual({ n: i, s: `v${i}` }));
  });

  it('fails only the query the engine refuses, not the others written with it', async () => {
    const sql = connect();
    const [a, b, c] = await Promise.allSettled([
      sql`select 1 as one`,
      sql`select * from no_such_table`,
      sql`select 3 as three`,
    ]);
    expect(a).toMatchObject({ status: 'fulfilled', value: [{ one: 1 }] });
    expect(b).toMatchObject({ status: 'rejected', reason: { code: '42P01' } });
    expect(c).toMatchObject({ status: 'fulfilled', value: [{ three: 3 }] });
  });

  it('keeps transactions, and a rolled back one leaves nothing', async () => {
    const sql = connect();
    await sql.begin(async (tx) => {
      await tx`insert into item ${tx([{ id: 1, label: 'kept' }])}`;
    });
    await expect(
      sql.begin(async (tx) => {
        await tx`insert into item ${tx([{ id: 2, label: 'dropped' }])}`;
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await sql`select id, label from item order by id`).toEqual([{ id: 1, label: 'kept' }]);
  });

  it('assembles a message that arrives in pieces', async () => {
    const connection = new EmbeddedConnection(db);
    const received: Buffer[] = [];
    connection.on('data', (d: Buffer) => received.push(d));
    const startup = message(null, Buffer.concat([int32(196608), cstr('user'), cstr('postgres'), cstr('database'), cstr('postgres'), Buffer.from([0])]));
    connection.write(startup);
    const query = message('Q', cstr('select 41 + 1'));
    connection.write(query.subarray(0, 3));
    connection.write(query.subarray(3, 9));
    connection.write(query.subarray(9));
    await until(() => Buffer.concat(received).includes(Buffer.from('Z')) && Buffer.concat(received).includes(Buffer.from('42')));
    connection.destroy();
    await once(connection, 'close');
  });

  it('rolls back the transaction of a connection that closes inside it', async () => {
    const connection = new EmbeddedConnection(db);
    const received: Buffer[] = [];
    connection.on('data', (d: Buffer) => received.push(d));
    connection.write(message(null, Buffer.concat([int32(196608), cstr('user'), cstr('postgres'), cstr('database'), cstr('postgres'), Buffer.from([0])])));
    connection.write(message('Q', cstr("begin; insert into item values (9, 'unfinished')")));
    await until(() => db.isInTransaction());
    connection.destroy();
    await once(connection, 'close');
    expect(db.isInTransaction()).toBe(false);
    const sql = connect();
    expect(await sql`select id from item where id = 9`).toEqual([]);
  });

  it('connects again after the client ends', async () => {
    const first = connect();
    await first`insert into item values (20, 'before')`;
    await first.end();
    const second = connect();
    expect(await second`select label from item where id = 20`).toEqual([{ label: 'before' }]);
  });
});

const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const cstr = (s: string) => Buffer.concat([Buffer.from(s), Buffer.from([0])]);
/** A protocol message: its type byte (none for the startup message), its length, its body. */
const message = (type: string | null, body: Buffer) =>
  Buffer.concat([type ? Buffer.from(type) : Buffer.alloc(0), int32(body.length + 4), body]);

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(done()).toBe(true);
}
