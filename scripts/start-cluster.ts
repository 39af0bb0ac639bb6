// `npm run start:cluster`: N API and N sync processes behind nginx on the machine's PostgreSQL and
// Redis (CLUSTER_SIZE, default 2; PORT, default 8080; DATABASE_URL and REDIS_URL as below).
import { bootDatabase, createLogger, loadEnv, welcomeText } from '@drivebay/api/server';
import { startCluster } from './cluster/cluster';

const size = Number(process.env.CLUSTER_SIZE ?? 2);
if (!Number.isInteger(size) || size < 1 || size > 16) {
  console.error('CLUSTER_SIZE must be a whole number from 1 to 16');
  process.exit(1);
}
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/drivebay';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const port = Number(process.env.PORT ?? 8080);

// Migrations and the demo once, before the processes start.
const env = loadEnv({ ...process.env, DATABASE_URL: databaseUrl });
const logger = createLogger(env.LOG_LEVEL);
await ensureDatabase(databaseUrl);
const db = await bootDatabase(env, logger);
await db.close();

const cluster = await startCluster({ apis: size, syncs: size, port, databaseUrl, redisUrl, dataDir: '.data-cluster', output: 'inherit', logLevel: env.LOG_LEVEL });
console.info(welcomeText(process.env.PUBLIC_URL ?? `http://localhost:${port}`, env.SEED_DEMO));
console.info(`  ${size} API and ${size} sync processes behind nginx, on ${new URL(databaseUrl).host} and Redis at ${new URL(redisUrl).host}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

/** Creates the database the URL names when the server has no such database yet. */
async function ensureDatabase(url: string): Promise<void> {
  const { default: postgres } = await import('postgres');
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`select 1 from pg_database where datname = ${name}`;
    if (!row) await sql.unsafe(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await sql.end();
  }
}
