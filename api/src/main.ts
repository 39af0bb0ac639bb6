// Runs the API alone (production shape): the sync server runs as its own process.
import { loadEnv } from './env';
import { createLogger } from './lib/logger';
import { bootDatabase, welcomeText } from './boot';
import { createApp } from './app';
import { startHttpServer } from './server';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const db = await bootDatabase(env, logger);
const app = createApp({ sql: db.sql, logger, clientDir: env.SERVE_CLIENT ? 'client/dist' : undefined });
const running = await startHttpServer({ app, port: env.PORT, host: env.HOST });
console.info(welcomeText(env.PUBLIC_URL ?? `http://localhost:${running.port}`, env.SEED_DEMO));

const stop = async () => {
  await running.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
