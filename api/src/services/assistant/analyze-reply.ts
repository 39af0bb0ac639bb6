import { BUSINESS_TIME_ZONE } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { isIanaTimeZone, type AnalyzeRequest, type AnalyzeResponse } from '@drivebay/shared';
import { defaultAnalyzer } from './default-analyzer';

/**
 * Reads a customer's reply: its intents and the appointment dates it gives. Relative dates are
 * read in the customer's zone, which is the one sent or else the signed-in user's store office
 * zone (the product's business zone for users above store level), at the time sent or now.
 */
export async function analyzeReply(sql: Sql, user: SessionUser, request: AnalyzeRequest, now = new Date()): Promise<AnalyzeResponse> {
  const zone = request.timeZone ?? (await storeTimeZone(sql, user.storeId));
  const instant = request.referenceTime ? new Date(request.referenceTime) : now;
  return defaultAnalyzer().analyze(request.text, { instant, zone });
}

async function storeTimeZone(sql: Sql, storeId: number | null): Promise<string> {
  if (storeId === null) return BUSINESS_TIME_ZONE;
  const [store] = await sql<{ officeTimeZone: string }[]>`select office_time_zone from store where id = ${storeId}`;
  // A zone the runtime does not know would make every date wrong; the business zone is the safe reading.
  return store && isIanaTimeZone(store.officeTimeZone) ? store.officeTimeZone : BUSINESS_TIME_ZONE;
}
