import type { Sql } from './db/database';
import type { Logger } from './lib/logger';
import type { SessionUser } from './services/auth/sessions';

/** What every request carries through Hono's context. */
export type AppEnv = {
  Variables: {
    sql: Sql;
    logger: Logger;
    requestId: string;
    user: SessionUser;
    /** The client's address: the socket's peer, or what a trusted proxy forwarded. */
    clientIp: string;
  };
};
