import type { Sql } from '../../db/database';

/**
 * Ended sessions, announced so every sync server closes their live connections at once: in this
 * process directly, and in other processes through PostgreSQL (`pg_notify` on
 * {@link SESSION_ENDED_CHANNEL}, see {@link listenForSessionEnds}). The embedded PGlite engine
 * does not deliver notifications to other connections, which is why the in-process path exists.
 */
export const SESSION_ENDED_CHANNEL = 'drivebay_session_ended';

/** Which sessions ended: by token hash (a logout) or every session of a user (a block). */
export type SessionEnd = { tokenHashes: string[]; userIds: number[] };

type Listener = (end: SessionEnd) => void;

const inProcess = new Set<Listener>();

// NOTIFY payloads are limited to 8000 bytes; a token hash is 64 characters.
const HASHES_PER_NOTIFY = 100;

function clean(end: Partial<SessionEnd>): SessionEnd {
  return {
    tokenHashes: (end.tokenHashes ?? []).filter((h) => typeof h === 'string' && /^[0-9a-f]{64}$/.test(h)),
    userIds: (end.userIds ?? []).filter((id) => Number.isSafeInteger(id) && id > 0),
  };
}

/**
 * Tells every sync server, here and in other processes, that these sessions ended. Call it after
 * the commit that ended them. A failed notification is not the caller's failure: sync servers
 * also re-check sessions before taking a write and every few seconds.
 */
export async function announceSessionsEnded(sql: Sql, end: Partial<SessionEnd>): Promise<void> {
  const { tokenHashes, userIds } = clean(end);
  if (tokenHashes.length === 0 && userIds.length === 0) return;
  for (const listener of [...inProcess]) {
    try {
      listener({ tokenHashes, userIds });
    } catch {
      // One listener's failure must not keep the others (or other processes) from hearing it.
    }
  }
  try {
    for (let i = 0; i === 0 || i < tokenHashes.length; i += HASHES_PER_NOTIFY) {
      const payload: SessionEnd = { tokenHashes: tokenHashes.slice(i, i + HASHES_PER_NOTIFY), userIds: i === 0 ? userIds : [] };
      await sql`select pg_notify(${SESSION_ENDED_CHANNEL}, ${JSON.stringify(payload)})`;
    }
  } catch {
    // See above: the sync servers' own checks close the session's connections shortly anyway.
  }
}

/** Hears session ends announced in this process; returns the function that stops listening. */
export function onSessionsEnded(listener: Listener): () => void {
  inProcess.add(listener);
  return () => inProcess.delete(listener);
}

/** Hears session ends announced by other processes (needs a PostgreSQL server, not PGlite). */
export async function listenForSessionEnds(sql: Sql, listener: Listener): Promise<{ unlisten: () => Promise<void> }> {
  const { unlisten } = await sql.listen(SESSION_ENDED_CHANNEL, (payload) => {
    try {
      const parsed = JSON.parse(payload) as Partial<SessionEnd>;
      listener(clean({ tokenHashes: Array.isArray(parsed.tokenHashes) ? parsed.tokenHashes : [], userIds: Array.isArray(parsed.userIds) ? parsed.userIds : [] }));
    } catch {
      // A malformed payload is not ours to act on.
    }
  });
  return { unlisten };
}

/**
 * Which of these token hashes are live sessions right now (not ended, not expired, the user not
 * blocked). Read-only: unlike `findSession` it does not slide the session's end.
 */
export async function findLiveSessions(sql: Sql, tokenHashes: readonly string[]): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const rows = await sql<{ tokenHash: string }[]>`
    select s.token_hash from user_session s join app_user u on u.id = s.user_id
    where s.token_hash = any(${[...tokenHashes]}::text[]) and s.ended_on is null and s.expires_on > now() and not u.blocked`;
  return new Set(rows.map((r) => r.tokenHash));
}
