import type { Sql } from '@drivebay/api';
import type { RoStatusCode } from '@drivebay/shared';
import { boardMoveProblem, type BoardCard } from '@drivebay/shared/docs';

/** What a client left under a card id: a valid card, or why it is not one. */
export type ObservedCard = { card: BoardCard; problem: null } | { card: null; problem: string };

/** The decision on one card a client changed. */
export type CardVerdict =
  /** The card sits where PostgreSQL has it (a change of nothing, or of other fields). */
  | { kind: 'unchanged'; id: number }
  /** A valid move, now in PostgreSQL with its audit row. */
  | { kind: 'accepted'; id: number; from: RoStatusCode; to: RoStatusCode }
  /** Refused: the card goes back to where PostgreSQL has it. */
  | { kind: 'rejected'; id: number; roNumber: string; reason: string }
  /** Not a repair order of this store: the entry goes. */
  | { kind: 'unknown'; id: number };

/** Who changed a card: the user, and the session the change came through. */
export type Mover = { userId: number; tokenHash: string };

type LockedRow = { id: number; roNumber: string; statusCode: RoStatusCode; orderKey: string };

// Deadlock and serialization failures are retried; the dealer feed may hold one of the rows.
const RETRYABLE = new Set(['40P01', '40001']);

async function withRetry<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= tries || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
    }
  }
}

/** Why a change is refused when the session it came through has ended (logout, block, expiry). */
export const SESSION_ENDED = 'the session has ended; sign in again';

/**
 * Decides every changed card of one store against PostgreSQL in one transaction, with the
 * orders locked so the dealer feed cannot move them in between: a valid move (allowed from the
 * lane PostgreSQL has, see `boardMoveProblem`) is written with its audit row; anything else is
 * refused. `movedBy` says who changed each card (every move has a person behind it), and a
 * change whose session is no longer live is refused: the sessions are read with a share lock, so
 * a logout either commits before (and the change is refused) or waits for this decision.
 */
export function decideCardChanges(
  sql: Sql,
  o: { storeId: number; observed: ReadonlyMap<number, ObservedCard>; movedBy: ReadonlyMap<number, Mover> },
): Promise<CardVerdict[]> {
  const ids = [...o.observed.keys()].sort((a, b) => a - b);
  return withRetry(() =>
    sql.begin(async (txn) => {
      const tx = txn as unknown as Sql;
      const rows = await tx<LockedRow[]>`
        select id, ro_number, status_code, order_key from repair_order
        where store_id = ${o.storeId} and id = any(${ids}::bigint[]) order by id for update`;
      const byId = new Map(rows.map((r) => [r.id, r]));
      const hashes = [...new Set([...o.movedBy.values()].map((m) => m.tokenHash))];
      const sessions = await tx<{ tokenHash: string }[]>`
        select s.token_hash from user_session s join app_user u on u.id = s.user_id
        where s.token_hash = any(${hashes}::text[]) and s.ended_on is null and s.expires_on > now() and not u.blocked
        for share of s`;
      const live = new Set(sessions.map((r) => r.tokenHash));
      const verdicts: CardVerdict[] = [];
      for (const id of ids) {
        const row = byId.get(id);
        const seen = o.observed.get(id)!;
        if (!row) {
          verdicts.push({ kind: 'unknown', id });
          continue;
        }
        if (!live.has(o.movedBy.get(id)!.tokenHash)) {
          verdicts.push({ kind: 'rejected', id, roNumber: row.roNumber, reason: SESSION_ENDED });
          continue;
        }
        if (seen.problem !== null) {
          verdicts.push({ kind: 'rejected', id, roNumber: row.roNumber, reason: seen.problem });
          continue;
        }
        const { lane, orderKey } = seen.card;
        if (lane === row.statusCode && orderKey === row.orderKey) {
          verdicts.push({ kind: 'unchanged', id });
          continue;
        }
        const problem = boardMoveProblem(row.statusCode, lane);
        if (problem) {
          verdicts.push({ kind: 'rejected', id, roNumber: row.roNumber, reason: problem });
          continue;
        }
        await tx`
          update repair_order set status_code = ${lane}, order_key = ${orderKey}, updated_on = now(),
            close_date = case when ${lane} = 'CLOSED' then now() else close_date end
          where id = ${id}`;
        await tx`
          insert into repair_order_move (repair_order_id, store_id, from_lane, to_lane, from_key, to_key, user_id, source)
          values (${id}, ${o.storeId}, ${row.statusCode}, ${lane}, ${row.orderKey}, ${orderKey}, ${o.movedBy.get(id)!.userId}, 'BOARD')`;
        if (row.statusCode === 'Appt') {
          // Taking a car out of the Appointments lane is its check-in.
          await tx`
            update appointment set appt_status = 'CHECKED_IN', updated_on = now()
            where id = (select appointment_id from repair_order where id = ${id}) and appt_status in ('BOOKED', 'CONFIRMED')`;
        }
        verdicts.push({ kind: 'accepted', id, from: row.statusCode, to: lane });
      }
      return verdicts;
    }),
  );
}
