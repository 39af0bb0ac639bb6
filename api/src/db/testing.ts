import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type Database } from './database';
import { migrate } from './migrate';

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server named by
 * DATABASE_URL (dropped afterwards), or an in-memory PGlite when it is not set.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await openDatabase({});
    await migrate(db.sql);
    return db;
  }
  const name = `drivebay_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString() });
  await migrate(db.sql);
  return {
    ...db,
    url: url.toString(),
    close: async () => {
      await db.close();
      const drop = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await drop.unsafe(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
