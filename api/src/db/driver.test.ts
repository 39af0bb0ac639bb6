import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { createTestDatabase } from './testing';

// The PostgreSQL driver is patched (patches/postgres+*.patch): a query written to a connection
// whose server process has gone away must fail like any lost connection, not throw from a timer
// where nothing can catch it and the whole process stops. A database restart or failover does
// exactly this to the connection the job system holds for its advisory lock.
const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('the PostgreSQL driver after the server ends a connection', () => {
  let sql: postgres.Sql;
  let admin: postgres.Sql;
  beforeAll(() => {
    sql = postgres(serverUrl!, { max: 2, onnotice: () => {} });
    admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await sql.end({ timeout: 1 });
    await admin.end({ timeout: 1 });
  });

  it('rejects the queries of a reserved connection with a connection error, and the pool goes on', async () => {
    const reserved = await sql.reserve();
    const [row] = await reserved<{ pid: number }[]>`select pg_backend_pid() as pid`;
    await admin`select pg_terminate_backend(${row!.pid})`;
    for (let i = 0; i < 3; i++) {
      let error: { code?: string } | null = null;
      try {
        await reserved`select 1`;
      } catch (err) {
        error = err as { code?: string };
      }
      expect(['CONNECTION_CLOSED', 'ECONNRESET', 'CONNECTION_ENDED']).toContain(error?.code);
      await new Promise((r) => setTimeout(r, 20));
    }
    reserved.release();
    // The released connection fails the query it is given, as a lost connection does; the pool
    // then connects afresh and answers.
    const answers: (number | string)[] = [];
    for (let i = 0; i < 4; i++) {
      try {
        const [row] = await sql<{ n: number }[]>`select ${i}::int as n`;
        answers.push(row!.n);
      } catch (err) {
        answers.push((err as { code?: string }).code ?? 'error');
      }
    }
    expect(answers.filter((a) => typeof a === 'string').every((a) => a === 'CONNECTION_CLOSED')).toBe(true);
    expect(answers.slice(-2)).toEqual([2, 3]);
  });
});

// The driver's query (a Promise) and result (an Array) classes name the plain Promise and Array
// as what objects derived from them are made of. As getters, every `await` of a query ran V8's
// species lookup through them, and V8 threw away each optimized compile of the driver's query path
// (`sql`, `Query`, `Result`, `ReadyForQuery`) as soon as it finished, again and again, on the
// processor's other core (bench/RESULTS.md). The patch makes them plain values; what the classes
// answer is the same.
describe('the PostgreSQL driver’s query and result classes', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('name Promise and Array as their species by value, and derive plain promises and arrays', async () => {
    const query = db.sql<{ n: number }[]>`select 1 as n`;
    const querySpecies = Object.getOwnPropertyDescriptor(query.constructor, Symbol.species);
    expect(querySpecies?.get).toBeUndefined();
    expect(querySpecies?.value).toBe(Promise);
    // A query's `then` makes a plain promise (a Query made there would be a second query).
    const derived = query.then((rows) => rows);
    expect(derived.constructor).toBe(Promise);
    const rows = await derived;
    const resultSpecies = Object.getOwnPropertyDescriptor(rows.constructor, Symbol.species);
    expect(resultSpecies?.get).toBeUndefined();
    expect(resultSpecies?.value).toBe(Array);
    expect(rows.count).toBe(1);
    const mapped = rows.map((row) => row.n);
    expect(mapped.constructor).toBe(Array);
    expect(mapped).toEqual([1]);
  });
});
