import { toE164 } from '@drivebay/shared';
import type { Sql } from '../../db/database';

/** The store behind a texting number, with the assistant that texts from it. */
export type StoreNumber = {
  storeId: number;
  bocId: number;
  storeCode: string;
  storeName: string;
  storePhone: string | null;
  divisionId: string;
  agentFirstName: string;
  agentLastName: string;
  agentPhoneNumber: string;
  /** The store's own Twilio account, when it has one (its webhooks are signed with it). */
  twilioAccountSid: string | null;
  twilioAuthToken: string | null;
};

/** Inbound texts belong to the store whose assistant owns the number they were sent to. */
export async function findStoreByNumber(sql: Sql, number: string): Promise<StoreNumber | null> {
  const e164 = toE164(number);
  if (!e164) return null;
  const [row] = await sql<StoreNumber[]>`
    select s.id as store_id, s.boc_id, s.store_code, s.store_name, s.phone_number as store_phone, a.division_id,
      a.agent_first_name, a.agent_last_name, a.agent_phone_number, s.twilio_account_sid, s.twilio_auth_token
    from assistant a join store s on s.id = a.store_id
    where a.agent_phone_number = ${e164}`;
  return row ?? null;
}

/** How long a process trusts a number's store without asking PostgreSQL again. */
export const STORE_NUMBER_TTL_MS = 1_000;

const cached = new WeakMap<Sql, Map<string, { store: StoreNumber; until: number }>>();

/**
 * {@link findStoreByNumber} for the carriers' webhooks, which ask it for every text: a number's
 * store is kept for {@link STORE_NUMBER_TTL_MS}, so a burst of texts to a store costs one lookup. A
 * number no store has is never kept (a number assigned a moment ago answers at once); this
 * process forgets everything when it assigns a number or changes a store's account
 * ({@link forgetStoreNumbers}); another process learns of it within the second.
 */
export async function findStoreByNumberCached(sql: Sql, number: string, now = Date.now()): Promise<StoreNumber | null> {
  let byNumber = cached.get(sql);
  if (!byNumber) cached.set(sql, (byNumber = new Map()));
  const hit = byNumber.get(number);
  if (hit && hit.until > now) return hit.store;
  const store = await findStoreByNumber(sql, number);
  if (store) byNumber.set(number, { store, until: now + STORE_NUMBER_TTL_MS });
  else byNumber.delete(number);
  return store;
}

/** Forgets every kept number of `sql`'s database (after this process changed who owns a number). */
export function forgetStoreNumbers(sql: Sql): void {
  cached.delete(sql);
}
