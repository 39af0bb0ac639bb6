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
import { startHttpServer } from './server';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const db = await bootDatabase(env, logger);
// After the migrations: pg-boss installs its own schema (pgboss) on first start.
const jobs = createJobSystem({ sql: db.sql, logger });
await jobs.start();
// Alone, the API tells the sync servers about inbox changes through PostgreSQL notifications.
const conversations = startConversationCore({ sql: db.sql, logger, env, publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`, jobs });
const assistant = startAssistantLoop({ sql: db.sql, logger, notifier: conversations.deps.notifier, outbox: conversations.deps.outbox, env, jobs });
const app = createApp({ sql: db.sql, logger, clientDir: env.SERVE_CLIENT ? 'client/dist' : undefined, conversations: conversations.deps, linkSecret: env.LINK_SECRET, proxyTrust: compileProxyTrust(env.TRUSTED_PROXIES) });
app.route('/', jobRoutes(jobs));
const running = await startHttpServer({ app, port: env.PORT, host: env.HOST });
console.info(welcomeText(env.PUBLIC_URL ?? `http://localhost:${running.port}`, env.SEED_DEMO));

const stop = async () => {
  await assistant.stop();
  await conversations.stop();
  await jobs.stop();
  await running.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
