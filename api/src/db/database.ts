import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export type Sql = postgres.Sql;

/** A connected database and how to close it (and the embedded engine, when there is one). */
export type Database = {
  sql: Sql;
  /** 'postgres' for a server reached through DATABASE_URL, 'pglite' for the embedded engine. */
  kind: 'postgres' | 'pglite';
  /** A connection string other processes can use, when one exists. */
  url: string | null;
  close: () => Promise<void>;
};

export type OpenDatabaseOptions = {
  /** A PostgreSQL connection string; when absent the embedded PGlite engine is used. */
  url?: string | undefined;
  /** PGlite data folder; absent means in memory (tests). */
  dataDir?: string | undefined;
  /** Pool size of postgres.js. */
  max?: number;
};

const POOL_SIZE = 10;

function client(options: postgres.Options<Record<string, postgres.PostgresType>>): Sql {
  return postgres({
    ...options,
    // Columns come back camelCased; query helpers write snake_case.
    transform: postgres.camel,
    onnotice: () => {},
    types: {
      // bigint ids fit comfortably in a JS number for this product's volumes.
      bigint: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
    },
  });
}

/**
 * Opens PostgreSQL through postgres.js: the server at `url`, or PGlite (real Postgres compiled
 * to WebAssembly) served on a private Unix socket so the very same postgres.js code runs on both.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const max = options.max ?? POOL_SIZE;
  if (options.url) {
    const sql = client({ host: undefined, max, connection: { application_name: 'drivebay' } , ...parseUrl(options.url) });
    return { sql, kind: 'postgres', url: options.url, close: () => sql.end({ timeout: 5 }) };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm: the lead lists' customer search reads a trigram index (migration 00043).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const extensions = { pg_trgm };
  const db = options.dataDir ? await PGlite.create(options.dataDir, { extensions }) : await PGlite.create({ extensions });
  const socketDir = join(tmpdir(), `drivebay-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(socketDir, { recursive: true });
  const path = join(socketDir, '.s.PGSQL.5432');
  // The engine runs one query at a time; at least as many socket connections as the pool holds,
  // or a pooled client is reset when the limit is hit.
  // The socket server passes protocol messages from all its connections to the one engine
  // without keeping each query's steps together, so two connections can interleave and read each
  // other's results (seen as 'portal "" does not exist'). One connection is exact, and loses
  // nothing: the engine runs one query at a time anyway. Code must therefore never query through
  // `sql` while holding `sql.begin`; it uses the transaction's own handle.
  const server = new PGLiteSocketServer({ db, path, maxConnections: 3 });
  await server.start();
  const sql = client({ path, max: 1, username: 'postgres', database: 'postgres', idle_timeout: 0 });
  return {
    sql,
    kind: 'pglite',
    url: null,
    close: async () => {
      await sql.end({ timeout: 5 });
      await server.stop();
      await db.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

function parseUrl(url: string): postgres.Options<Record<string, postgres.PostgresType>> {
  const u = new URL(url);
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 5432,
    username: decodeURIComponent(u.username || 'postgres'),
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres',
  };
}

/** Whether the database answers a trivial query within the time given. */
export async function databaseAnswers(sql: Sql, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
    });
    await Promise.race([sql`select 1`, timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
