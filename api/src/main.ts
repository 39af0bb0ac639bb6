// Runs the API alone (production shape): the sync server runs as its own process.
import { loadEnv } from './env';
import { createLogger } from './lib/logger';
import { bootDatabase, welcomeText } from './boot';
import { createApp } from './app';
import { compileProxyTrust } from './middleware/client-address';
import { createJobSystem } from './jobs/job-system';
import { jobRoutes } from './routes/jobs';
import { startConversationCore } from './services/conversations/core';
import { startAssistantLoop } from './services/assistant-loop';
import { startInitiationWorker } from './services/interactions';
import { startLeadWorkers } from './services/workflow/workers';
import { startHttpServer } from './server';
import { startPlannerRunner } from './services/planners/runner';
import { startDataSyncWorker } from './services/data-sync/worker';
import { startDatabaseMaintenance } from './db/maintenance';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const db = await bootDatabase(env, logger);
// After the migrations: pg-boss installs its own schema (pgboss) on first start.
// Processes of a cluster may start together on a fresh database: pg-boss installs once.
const jobs = createJobSystem({ sql: db.sql, logger, installLock: db.kind === 'postgres' });
await jobs.start();
// The embedded database has no autovacuum of its own: the product vacuums and analyzes it.
const stopMaintenance = await startDatabaseMaintenance({ db, jobs, logger });
// Alone, the API tells the sync servers about inbox changes through PostgreSQL notifications.
const conversations = startConversationCore({ sql: db.sql, logger, env, publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`, jobs });
const assistant = startAssistantLoop({ sql: db.sql, logger, notifier: conversations.deps.notifier, outbox: conversations.deps.outbox, env, jobs });
const stopInitiation = await startInitiationWorker({ sql: db.sql, logger, notifier: conversations.deps.notifier, outbox: conversations.deps.outbox, jobs });
const planners = await startPlannerRunner({ sql: db.sql, logger, jobs, notifier: conversations.deps.notifier, outbox: conversations.deps.outbox });
const stopLeadWorkers = await startLeadWorkers({ sql: db.sql, logger, notifier: conversations.deps.notifier, outbox: conversations.deps.outbox, jobs });
const app = createApp({ sql: db.sql, logger, planners, clientDir: env.SERVE_CLIENT ? env.CLIENT_DIR : undefined, conversations: conversations.deps, linkSecret: env.LINK_SECRET, dataEncryptionKey: env.DATA_ENCRYPTION_KEY, proxyTrust: compileProxyTrust(env.TRUSTED_PROXIES), jobs });
app.route('/', jobRoutes(jobs));
const stopDataSync = await startDataSyncWorker({ sql: db.sql, jobs, logger });
const running = await startHttpServer({ app, port: env.PORT, host: env.HOST });
console.info(welcomeText(env.PUBLIC_URL ?? `http://localhost:${running.port}`, env.SEED_DEMO));

const stop = async () => {
  await assistant.stop();
  await stopInitiation();
  await planners.stop();
  await stopDataSync();
  await stopMaintenance();
  await stopLeadWorkers();
  await conversations.stop();
  await jobs.stop();
  await running.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
