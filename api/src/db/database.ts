import { mkdirSync } from 'node:fs';
import postgres from 'postgres';
import { EmbeddedConnection } from './embedded-connection';

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

/** postgres.js's options, and its `socket` option (a function giving the connection), which its types leave out. */
type ClientOptions = postgres.Options<Record<string, postgres.PostgresType>> & { socket?: () => unknown };

function client(options: ClientOptions): Sql {
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
 * to WebAssembly) in this process, spoken to through the same postgres.js code.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const max = options.max ?? POOL_SIZE;
  if (options.url) {
    const sql = client({ host: undefined, max, connection: { application_name: 'drivebay' } , ...parseUrl(options.url) });
    return { sql, kind: 'postgres', url: options.url, close: () => sql.end({ timeout: 5 }) };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm: the lead lists' customer search reads a trigram index (migration 00043).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const extensions = { pg_trgm };
  // The engine reads its pages from memory or the OS cache, never from a spinning disk: with the
  // server default (random_page_cost 4) the planner read whole small tables to find a few rows by
  // key (an inbox refresh of 30 conversations scanned every conversation, mark and vehicle).
  // PostgreSQL's documentation suggests a lower value for cached data, 1.1 for solid-state disks.
  const startParams = [...PGlite.defaultStartParams, '-c', 'random_page_cost=1.1'];
  const db = options.dataDir ? await PGlite.create(options.dataDir, { extensions, startParams }) : await PGlite.create({ extensions, startParams });
  // postgres.js speaks to the engine in process (embedded-connection.ts), so the very same
  // postgres.js code runs on both databases. The engine is one session running one query at a
  // time, so there is one connection: code must never query through `sql` while holding
  // `sql.begin`; it uses the transaction's own handle.
  const sql = client({ socket: () => new EmbeddedConnection(db), max: 1, username: 'postgres', database: 'postgres', idle_timeout: 0 });
  return {
    sql,
    kind: 'pglite',
    url: null,
    close: async () => {
      await sql.end({ timeout: 5 });
      await db.close();
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
