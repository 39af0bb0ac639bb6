// The embedded default behind `npm start`: one process, one port. It serves the API, the sync
// server on /collab and the built client, on PGlite under DATA_DIR unless DATABASE_URL is set.
import { bootDatabase, createApp, createLogger, loadEnv, startHttpServer, welcomeText } from '@drivebay/api/server';
import { createSyncServer } from '@drivebay/sync-server';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const db = await bootDatabase(env, logger);
const sync = env.EMBED_SYNC ? createSyncServer({ sql: db.sql, logger }) : null;
const app = createApp({ sql: db.sql, logger, clientDir: env.SERVE_CLIENT ? 'client/dist' : undefined });
const running = await startHttpServer({ app, port: env.PORT, host: env.HOST, onUpgrade: sync?.handleUpgrade });
console.info(welcomeText(env.PUBLIC_URL ?? `http://localhost:${running.port}`, env.SEED_DEMO));

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await sync?.close();
  await running.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
