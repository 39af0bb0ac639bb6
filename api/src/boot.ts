import { resolve } from 'node:path';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import type { Env } from './env';
import type { Logger } from './lib/logger';
import { seedDemo } from './seed/demo';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo-catalog';

/**
 * Opens the database the settings name (PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR),
 * applies pending migrations and seeds the demo on first start.
 */
export async function bootDatabase(env: Env, logger: Logger): Promise<Database> {
  const db = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : resolve(env.DATA_DIR) });
  logger.info({ kind: db.kind, dataDir: db.kind === 'pglite' ? resolve(env.DATA_DIR) : undefined }, 'database open');
  const applied = await migrate(db.sql);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  if (env.SEED_DEMO) {
    const seeded = await seedDemo(db.sql);
    if (seeded.seeded) logger.info(seeded, 'demo data seeded');
  }
  return db;
}

/** The lines a person reads after `npm start`. */
export function welcomeText(url: string, seeded: boolean, simulatedCarrier = false): string {
  const lines = [``, `  Drivebay is running at ${url}`, ``];
  if (seeded) {
    lines.push(`  Demo logins (password "${DEMO_PASSWORD}"):`);
    lines.push(`    ${DEMO_USERS.map((u) => u.role.toLowerCase()).join(', ')}`);
    lines.push('');
  }
  if (simulatedCarrier) {
    lines.push('  Texts go to the simulated carrier. Reply as a customer at', `    ${url}/api/simulator/phone`);
    lines.push(`  Sent email is kept at ${url}/api/simulator/mailbox/page`, '');
  }
  lines.push(`  API reference: ${url}/api/docs`, '');
  return lines.join('\n');
}
