import { randomBytes } from 'node:crypto';
import { formatPhoneDisplay, toE164 } from '@drivebay/shared';
import type { Sql } from '../../../db/database';

/**
 * The simulated carrier's number inventory. Every area code offers the fictional 555-0100 to
 * 555-0199 block (never a real subscriber's number); a number is taken once the product owns it
 * (bought, or a demo store's number).
 */
export const SIMULATED_BLOCK = { exchange: '555', first: 100, last: 199 } as const;

/** Bandwidth account id of the simulated carrier (its credentials are the simulator's Twilio pair). */
export const SIMULATED_BANDWIDTH_ACCOUNT = '9900001';

async function taken(sql: Sql): Promise<Set<string>> {
  const rows = await sql<{ number: string }[]>`
    select number from phone_number union select agent_phone_number from assistant where agent_phone_number is not null`;
  return new Set(rows.map((r) => r.number));
}

export type SimulatedNumber = { phoneNumber: string; friendlyName: string };

/** Up to `count` free numbers of an area code, in order. */
export async function simulatedAvailable(sql: Sql, areaCode: string, count: number): Promise<SimulatedNumber[]> {
  if (!/^[2-9]\d{2}$/.test(areaCode)) return [];
  const owned = await taken(sql);
  const out: SimulatedNumber[] = [];
  for (let line = SIMULATED_BLOCK.first; line <= SIMULATED_BLOCK.last && out.length < count; line++) {
    const e164 = toE164(`+1${areaCode}${SIMULATED_BLOCK.exchange}0${line}`);
    if (e164 && !owned.has(e164)) out.push({ phoneNumber: e164, friendlyName: formatPhoneDisplay(e164) });
  }
  return out;
}

/** Whether a number can be bought: in the block, valid and free. */
export async function simulatedPurchasable(sql: Sql, number: string): Promise<boolean> {
  const e164 = toE164(number);
  if (!e164 || !new RegExp(`^\\+1[2-9]\\d{2}${SIMULATED_BLOCK.exchange}0(1\\d\\d)$`).test(e164)) return false;
  return !(await taken(sql)).has(e164);
}

/** Numbers the simulated carrier has given the product. */
export async function simulatedOwned(sql: Sql): Promise<string[]> {
  return [...(await taken(sql))].sort();
}

export const simulatedSid = (prefix: 'PN' | 'OR') => (prefix === 'OR' ? randomBytes(16).toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-') : `PN${randomBytes(16).toString('hex')}`);
