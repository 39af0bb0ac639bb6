import { AppError, canUseDealRoomOptions, type AnalyzeResponse, type IntentCode, type ReplyDateTime, type Role } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { defaultAnalyzer, type ReplyAnalyzer } from '../assistant';
import { loadContext } from './context';
import type { StoredAnalysis } from './turn';

/** A customer's message as the controls read it. */
export type CustomerMessage = { id: number; futureServiceInteractionId: number; content: string; createdOn: Date; timestamp: Date | null };

const SUPER_ROLES: readonly Role[] = ['SUPER_DATA_ADMIN', 'SUPER_USER'];

/** The per-message options (log mode, Show Intents, Action Intents) are for super data admins and super users (spec §6). */
export function assertMessageOptions(user: Pick<SessionUser, 'roles'>): void {
  if (!user.roles.some((r) => SUPER_ROLES.includes(r))) {
    throw new AppError('FORBIDDEN', 'Only super data admins and super users can use the message options');
  }
}

/** The deal-room options (handoffs, the date-time dialogue, workflow) need a role other than enterprise user and office user (spec §6). */
export function assertDealRoomOptions(user: Pick<SessionUser, 'roles'>): void {
  if (!canUseDealRoomOptions(user.roles)) {
    throw new AppError('FORBIDDEN', 'The deal-room options need a role other than enterprise user and office user');
  }
}

/** A message the customer wrote in this interaction; 400 on `field` otherwise. */
export async function loadCustomerMessage(sql: Sql, interactionId: number, messageId: number, field = 'query.messageId'): Promise<CustomerMessage> {
  const [m] = await sql<(CustomerMessage & { direction: string })[]>`
    select id, future_service_interaction_id, content, created_on, "timestamp", direction from message_instance where id = ${messageId}`;
  if (!m || m.futureServiceInteractionId !== interactionId) {
    throw new AppError('VALIDATION_FAILED', `Message ${messageId} is not a message of interaction ${interactionId}`, [{ field, message: 'not a message of this conversation' }]);
  }
  if (m.direction !== 'RECEIVED') {
    throw new AppError('VALIDATION_FAILED', 'Only a message from the customer can be chosen', [{ field, message: 'not a customer message' }]);
  }
  return m;
}

/** The customer's latest message in the interaction, or null. */
export async function latestCustomerMessage(sql: Sql, interactionId: number): Promise<CustomerMessage | null> {
  const [m] = await sql<CustomerMessage[]>`
    select id, future_service_interaction_id, content, created_on, "timestamp" from message_instance
    where future_service_interaction_id = ${interactionId} and direction = 'RECEIVED'
    order by created_on desc, id desc limit 1`;
  return m ?? null;
}

type IntentRow = {
  intents: { text: string; intentName: IntentCode; confidence: number }[];
  finalIntentNames: IntentCode[];
  multiIntentNames: IntentCode[];
  dateTimes: ReplyDateTime[];
  referenceTime: Date;
  timeZone: string;
  staffIntent: IntentCode | null;
};

/** The stored reading of a message, or null when it was never read (carrier keywords, for one). */
export async function storedAnalysis(sql: Sql, messageId: number): Promise<(StoredAnalysis & { staffIntent: IntentCode | null }) | null> {
  const [r] = await sql<IntentRow[]>`
    select intents, final_intent_names, multi_intent_names, date_times, reference_time, time_zone, staff_intent
    from message_intent where message_instance_id = ${messageId}`;
  if (!r) return null;
  const result: AnalyzeResponse = { intents: r.intents, finalIntentNames: r.finalIntentNames, multiIntentNames: r.multiIntentNames, dateTimes: r.dateTimes };
  return { result, referenceTime: r.referenceTime, zone: r.timeZone, staffIntent: r.staffIntent };
}

/**
 * The reading of a customer message: the stored one, else a fresh one read against the time the
 * message came in and the customer's zone (the caller stores it with its turn).
 */
export async function readMessage(sql: Sql, m: CustomerMessage, analyzer?: ReplyAnalyzer): Promise<{ analysis: StoredAnalysis; stored: boolean }> {
  const stored = await storedAnalysis(sql, m.id);
  if (stored) return { analysis: stored, stored: true };
  const ctx = await loadContext(sql, m.futureServiceInteractionId);
  const zone = ctx!.zone;
  const referenceTime = m.timestamp ?? m.createdOn;
  const result = (analyzer ?? defaultAnalyzer()).analyze(m.content.slice(0, 1600), { instant: referenceTime, zone });
  return { analysis: { result, referenceTime, zone }, stored: false };
}
