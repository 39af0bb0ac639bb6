// The embedded default behind `npm start`: one process, one port. It serves the API, the sync
// server on /collab and the built client, on PGlite under DATA_DIR unless DATABASE_URL is set.
import {
  bootDatabase,
  compileProxyTrust,
  createApp,
  createJobSystem,
  jobRoutes,
  createLogger,
  loadEnv,
  startAssistantLoop,
  startConversationCore,
  startDealerFeedSimulator,
  startHttpServer,
  startInitiationWorker,
  startPlannerRunner,
  startDataSyncWorker,
  startDatabaseMaintenance,
  startLeadWorkers,
  welcomeText,
} from '@drivebay/api/server';
import { createSyncServer, refreshBoard, refreshStore } from '@drivebay/sync-server';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const db = await bootDatabase(env, logger);
// After the migrations: pg-boss installs its own schema (pgboss) on first start.
const jobs = createJobSystem({ sql: db.sql, logger });
await jobs.start();
// The embedded database has no autovacuum of its own: the product vacuums and analyzes it.
const stopMaintenance = await startDatabaseMaintenance({ db, jobs, logger });
const sync = env.EMBED_SYNC ? createSyncServer({ sql: db.sql, logger }) : null;
const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
// In one process the inbox and board documents are refreshed directly after each commit.
const conversations = startConversationCore({
  sql: db.sql,
  logger,
  env,
  publicUrl,
  jobs,
  refreshInbox: sync ? (storeId, ids) => refreshStore(sync.hocuspocus, storeId, ids, db.sql, logger) : undefined,
});
// The assistant answers customers after each inbound message is committed.
const assistant = startAssistantLoop({ sql: db.sql, logger, notifier: conversations.deps.notifier, outbox: conversations.deps.outbox, env, jobs });
// Conversations the dealership starts in bulk (planner transfers) get their first texts from jobs.
const stopInitiation = await startInitiationWorker({ sql: db.sql, logger, notifier: conversations.deps.notifier, outbox: conversations.deps.outbox, jobs });
// Planner transfer runs are jobs; their interactions go to the assistant's first outreach.
const planners = await startPlannerRunner({ sql: db.sql, logger, jobs, notifier: conversations.deps.notifier, outbox: conversations.deps.outbox });
// Follow-ups that come due and automated lead-manager runs.
const stopLeadWorkers = await startLeadWorkers({ sql: db.sql, logger, notifier: conversations.deps.notifier, outbox: conversations.deps.outbox, jobs });
const app = createApp({
  sql: db.sql,
  logger,
  planners,
  clientDir: env.SERVE_CLIENT ? env.CLIENT_DIR : undefined,
  conversations: conversations.deps,
  linkSecret: env.LINK_SECRET,
  dataEncryptionKey: env.DATA_ENCRYPTION_KEY,
  proxyTrust: compileProxyTrust(env.TRUSTED_PROXIES),
  jobs,
});
app.route('/', jobRoutes(jobs));
// Scheduled syncs from the dealer's systems.
const stopDataSync = await startDataSyncWorker({ sql: db.sql, jobs, logger });
// The simulated dealer system opens, advances and closes repair orders, so the demo board moves.
const feed =
  sync && env.DEALER_FEED_INTERVAL_MS > 0
    ? startDealerFeedSimulator({
        sql: db.sql,
        logger,
        intervalMs: env.DEALER_FEED_INTERVAL_MS,
        jobs,
        onChanged: async (storeId) => {
          await refreshBoard(sync.hocuspocus, storeId, db.sql, logger);
        },
      })
    : null;
const running = await startHttpServer({ app, port: env.PORT, host: env.HOST, onUpgrade: sync?.handleUpgrade });
console.info(welcomeText(publicUrl, env.SEED_DEMO, conversations.deps.carrier.simulated));

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await assistant.stop();
  await stopInitiation();
  await planners.stop();
  await stopDataSync();
  await stopMaintenance();
  await stopLeadWorkers();
  await conversations.stop();
  await feed?.stop();
  await jobs.stop();
  await sync?.close();
  await running.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
