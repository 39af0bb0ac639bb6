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
