// Runs the sync server alone (`npm run start:sync`): the production shape, where the API and the
// sync server are separate processes sharing one PostgreSQL.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { databaseAnswers, migrate, openDatabase } from '@drivebay/api';
import { loadSyncEnv } from './env';
import { createConsoleLogger } from './logger';
import { COLLAB_PATH, createSyncServer } from './server';

const env = loadSyncEnv();
const logger = createConsoleLogger(env.LOG_LEVEL);
const db = await openDatabase({ url: env.DATABASE_URL });
await migrate(db.sql);
// A separate process hears ended sessions through PostgreSQL (PGlite cannot deliver them).
// With REDIS_URL, sync processes holding the same document pass its changes to each other.
// On PostgreSQL it hears the API's store changes and ended sessions, and announces board moves.
const crossProcess = db.kind === 'postgres';
const sync = createSyncServer({ sql: db.sql, logger, listenForSessionEnds: crossProcess, crossProcess, redisUrl: env.REDIS_URL });
await sync.ready;

async function respond(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = (request.url ?? '/').split('?')[0];
  if (request.method === 'GET' && path === '/health') {
    const database = await databaseAnswers(db.sql);
    response.writeHead(database ? 200 : 503, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        status: database ? 'ok' : 'degraded',
        database,
        documents: sync.hocuspocus.getDocumentsCount(),
        connections: sync.hocuspocus.getConnectionsCount(),
      }),
    );
    return;
  }
  response.writeHead(404, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ code: 'NOT_FOUND', message: 'Not found', details: [] }));
}

const server = createServer((request, response) => {
  respond(request, response).catch((error: unknown) => {
    logger.error({ err: error }, 'health request failed');
    if (!response.headersSent) response.writeHead(500);
    response.end();
  });
});
server.on('upgrade', sync.handleUpgrade);

server.listen(env.SYNC_PORT, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.SYNC_PORT;
  logger.info({ url: `ws://localhost:${port}${COLLAB_PATH}`, health: `http://localhost:${port}/health` }, 'sync server listening');
});

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  server.close();
  server.closeIdleConnections();
  await sync.close();
  await db.close();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stop(signal).catch((error: unknown) => {
      logger.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    });
  });
}
