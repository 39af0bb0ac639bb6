import { randomBytes } from 'node:crypto';
import type { Sql } from '../../db/database';
import type { TwilioAccount } from './twilio';

/**
 * The simulator's Twilio-shaped account (sid `AC…`, 32-hex token), created once per database so
 * signatures made before a restart still verify after it.
 */
export async function loadSimulatorAccount(sql: Sql): Promise<TwilioAccount> {
  const [existing] = await sql<TwilioAccount[]>`select account_sid, auth_token from carrier_simulator_account where id = 1`;
  if (existing) return existing;
  await sql`insert into carrier_simulator_account (id, account_sid, auth_token)
    values (1, ${`AC${randomBytes(16).toString('hex')}`}, ${randomBytes(16).toString('hex')})
    on conflict (id) do nothing`;
  const [row] = await sql<TwilioAccount[]>`select account_sid, auth_token from carrier_simulator_account where id = 1`;
  return row!;
}
