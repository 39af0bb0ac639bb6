import type { beforeSyncPayload, Connection, Extension, Hocuspocus, onConfigurePayload } from '@hocuspocus/server';
import { findLiveSessions, listenForSessionEnds, onSessionsEnded, type SessionEnd, type Sql } from '@drivebay/api';
import { closeConnection, Unauthorized, type SyncContext } from '../context';
import { createConsoleLogger, type Logger } from '../logger';

/** How often every open connection's session is checked (expiry, a block, a missed announcement). */
export const DEFAULT_SESSION_CHECK_MS = 15_000;
/** How long a write may rely on the last check of its session before asking PostgreSQL again. */
export const DEFAULT_SESSION_RECHECK_MS = 2_000;

// y-protocols sync message types that change a document.
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

export type SessionGuardOptions = {
  sql: Sql;
  logger?: Logger;
  /** Also hear session ends announced by other processes (PostgreSQL LISTEN; not on PGlite). */
  listen?: boolean;
  /** Hear session ends announced in this process (the embedded API). */
  inProcess?: boolean;
  checkEveryMs?: number;
  recheckAfterMs?: number;
};

type Verdict = { live: boolean; at: number };

/**
 * An ended session ends everywhere: when the API announces that sessions ended (a logout, a
 * blocked user), every live connection of those sessions is closed with `Unauthorized` at once.
 * Expired sessions and blocks nobody announced are found by a periodic check of every open
 * connection's session, and a write re-checks its session (cached for a few seconds) before it
 * is applied, so a connection whose session has ended cannot change a document.
 */
export class SessionGuard implements Extension<SyncContext> {
  extensionName = 'drivebay-session-guard';
  // Before the document's shape is checked and before anything is applied.
  priority = 200;

  private instance: Hocuspocus | null = null;
  private readonly logger: Logger;
  private readonly verdicts = new Map<string, Verdict>();
  private readonly stops: (() => Promise<void> | void)[] = [];
  /** Settles once the guard hears announcements (other processes' too, when `listen`). */
  readonly ready: Promise<void>;

  constructor(private readonly options: SessionGuardOptions) {
    this.logger = options.logger ?? createConsoleLogger('warn');
    if (options.inProcess ?? true) this.stops.push(onSessionsEnded((end) => this.ended(end)));
    this.ready = options.listen
      ? listenForSessionEnds(options.sql, (end) => this.ended(end)).then(({ unlisten }) => {
          this.stops.push(unlisten);
        })
      : Promise.resolve();
    this.ready.catch((error: unknown) => this.logger.error({ err: error }, 'could not listen for ended sessions'));
    const timer = setInterval(() => {
      this.checkAll().catch((error: unknown) => this.logger.warn({ err: error }, 'checking open sessions failed'));
    }, options.checkEveryMs ?? DEFAULT_SESSION_CHECK_MS);
    timer.unref();
    this.stops.push(() => clearInterval(timer));
    // Sessions that write are re-checked ahead of time, so a write finds a fresh verdict and does
    // not wait for PostgreSQL (which a busy embedded database can keep waiting behind other work).
    const ahead = setInterval(() => {
      this.recheckWriters().catch((error: unknown) => this.logger.warn({ err: error }, 'rechecking writing sessions failed'));
    }, Math.max(100, (options.recheckAfterMs ?? DEFAULT_SESSION_RECHECK_MS) / 2));
    ahead.unref();
    this.stops.push(() => clearInterval(ahead));
  }

  private rechecking = false;

  /**
   * Re-checks, in one statement, the live sessions that have a verdict (those that wrote since
   * their connection opened; the periodic check forgets them with their last connection).
   */
  private async recheckWriters(): Promise<void> {
    if (this.rechecking) return;
    const recheckAfterMs = this.options.recheckAfterMs ?? DEFAULT_SESSION_RECHECK_MS;
    const now = Date.now();
    const due = [...this.verdicts].filter(([, v]) => v.live && now - v.at >= recheckAfterMs / 2).map(([hash]) => hash);
    if (due.length === 0) return;
    this.rechecking = true;
    try {
      const live = await findLiveSessions(this.options.sql, due);
      for (const hash of due) {
        // An announcement heard meanwhile stands.
        if (this.verdicts.get(hash)?.live === false) continue;
        // Dated when asked: what PostgreSQL said holds from then, not from when it answered.
        this.verdicts.set(hash, { live: live.has(hash), at: now });
      }
      const ended = due.filter((hash) => !live.has(hash));
      if (ended.length) this.close({ tokenHashes: ended, userIds: [] });
    } finally {
      this.rechecking = false;
    }
  }

  async onConfigure({ instance }: onConfigurePayload): Promise<void> {
    this.instance = instance;
  }

  async onDestroy(): Promise<void> {
    await Promise.allSettled(this.stops.splice(0).map((stop) => stop()));
  }

  async beforeSync({ connection, context, type, documentName }: beforeSyncPayload<SyncContext>): Promise<void> {
    if (type !== SYNC_STEP_2 && type !== SYNC_UPDATE) return;
    const tokenHash = context.user?.tokenHash;
    if (!tokenHash || (await this.isLive(tokenHash))) return;
    this.logger.info({ documentName, userId: context.user?.userId }, 'refused a write of an ended session');
    this.close({ tokenHashes: [tokenHash], userIds: [] });
    // Thrown so Hocuspocus drops the message; the connection is already closed.
    closeConnection(connection, Unauthorized);
    throw Unauthorized;
  }

  /**
   * Whether a client's update may be applied without asking PostgreSQL: its session was found
   * live within the recheck time (see plain-updates.ts). False when that is not known.
   */
  acceptsPlainUpdate(connection: Connection<SyncContext>): boolean {
    const tokenHash = connection.context?.user?.tokenHash;
    const known = tokenHash ? this.verdicts.get(tokenHash) : undefined;
    return !!known && known.live && Date.now() - known.at < (this.options.recheckAfterMs ?? DEFAULT_SESSION_RECHECK_MS);
  }

  private async isLive(tokenHash: string): Promise<boolean> {
    const known = this.verdicts.get(tokenHash);
    const recheckAfterMs = this.options.recheckAfterMs ?? DEFAULT_SESSION_RECHECK_MS;
    if (known && (!known.live || Date.now() - known.at < recheckAfterMs)) return known.live;
    const live = (await findLiveSessions(this.options.sql, [tokenHash])).has(tokenHash);
    this.verdicts.set(tokenHash, { live, at: Date.now() });
    return live;
  }

  /** Every client connection open on this server, with its session. */
  private connections(): { connection: Connection<SyncContext>; tokenHash: string; userId: number }[] {
    const open: { connection: Connection<SyncContext>; tokenHash: string; userId: number }[] = [];
    for (const document of this.instance?.documents.values() ?? []) {
      for (const connection of document.getConnections() as Connection<SyncContext>[]) {
        const user = connection.context?.user;
        if (user) open.push({ connection, tokenHash: user.tokenHash, userId: user.userId });
      }
    }
    return open;
  }

  /** Announced: these sessions ended. */
  private ended(end: SessionEnd): void {
    for (const hash of end.tokenHashes) this.verdicts.set(hash, { live: false, at: Date.now() });
    const closed = this.close(end);
    if (closed) this.logger.info({ connections: closed, userIds: end.userIds }, 'closed the connections of ended sessions');
  }

  private close(end: SessionEnd): number {
    const hashes = new Set(end.tokenHashes);
    const users = new Set(end.userIds);
    let closed = 0;
    for (const { connection, tokenHash, userId } of this.connections()) {
      if (!hashes.has(tokenHash) && !users.has(userId)) continue;
      this.verdicts.set(tokenHash, { live: false, at: Date.now() });
      closeConnection(connection, Unauthorized);
      closed += 1;
    }
    return closed;
  }

  /** Closes the connections whose sessions expired or ended unannounced; forgets idle verdicts. */
  async checkAll(): Promise<number> {
    const hashes = [...new Set(this.connections().map((c) => c.tokenHash))];
    const live = await findLiveSessions(this.options.sql, hashes);
    const now = Date.now();
    for (const hash of hashes) this.verdicts.set(hash, { live: live.has(hash), at: now });
    const open = new Set(hashes);
    for (const hash of [...this.verdicts.keys()]) if (!open.has(hash)) this.verdicts.delete(hash);
    const ended = hashes.filter((hash) => !live.has(hash));
    const closed = ended.length ? this.close({ tokenHashes: ended, userIds: [] }) : 0;
    if (closed) this.logger.info({ connections: closed }, 'closed the connections of expired or ended sessions');
    return closed;
  }
}
