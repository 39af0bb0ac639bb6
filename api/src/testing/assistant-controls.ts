// Test support for the assistant-control route tests: one assistant harness per test file, signed-in
// users of every role, and readers for what a control leaves in the conversation.
import { afterAll, beforeAll } from 'vitest';
import { startAssistantHarness, type AssistantHarness } from '../services/assistant-loop/testing';
import { createConversation } from './conversation-harness';

export const NY = 'America/New_York';
/** The file's harness, set by {@link useAssistantHarness} before its tests run. */
export let a: AssistantHarness;
/** A signed-in token per role, for calls that build their own request. */
export const tokens: Record<string, string> = {};
export const ROLES = ['super_user', 'super_data_admin', 'office_manager', 'office_user', 'enterprise_user', 'division_manager'] as const;
type RoleName = (typeof ROLES)[number];

/** Starts the harness and signs in one user per role before the file's tests; closes it after. */
export function useAssistantHarness(): void {
  beforeAll(async () => {
    a = await startAssistantHarness();
    for (const r of ROLES) tokens[r] = await a.h.login(r);
  });
  afterAll(async () => {
    await a?.close();
  });
}

export type Json = Record<string, unknown> & { code?: string; message?: string; details?: { field: string; message: string }[] };
export async function call(path: string, o: { as?: RoleName | null; method?: string; json?: unknown } = {}): Promise<{ status: number; body: Json }> {
  const res = await a.h.call(path, { method: o.method ?? (o.json === undefined ? 'GET' : 'POST'), token: o.as === null ? undefined : tokens[o.as ?? 'super_user'], json: o.json });
  return { status: res.status, body: (await res.json()) as Json };
}
export const post = (path: string, as: RoleName = 'super_user', json?: unknown) => call(path, { as, method: 'POST', json });
export const field = (r: { body: Json }) => r.body.details?.[0]?.field;

export const FSI = '/api/future-service-interaction';

/** A conversation in store 1 with the customer's text read and answered by the assistant. */
export async function conversationWith(text: string, o: { answer?: boolean } = {}) {
  const conv = await createConversation(a.h);
  if (o.answer === false) a.listen(false);
  const messageId = await a.text(conv.phone!, text);
  if (o.answer === false) a.listen(true);
  else await a.turnOf(messageId);
  return { ...conv, messageId };
}

export const smsTo = (interactionId: number) =>
  a.h.db.sql<{ id: number; content: string }[]>`select id, content from message_instance
    where future_service_interaction_id = ${interactionId} and message_type = 'SMS' and direction in ('SEND', 'SENT') order by id`;
export const flags = async (id: number) =>
  (await a.h.db.sql<{ aiEnabled: boolean; dtDialogEnabled: boolean; isDtGotItsChance: boolean; manualBooking: boolean; responseInsight: string | null; appointmentSet: boolean }[]>`
    select ai_enabled, dt_dialog_enabled, is_dt_got_its_chance, manual_booking, response_insight, appointment_set from future_service_interaction where id = ${id}`)[0]!;
export const bubbles = (id: number) =>
  a.h.db.sql<{ title: string; notificationType: string; content: string }[]>`
    select title, notification_type, content from message_instance where future_service_interaction_id = ${id} and message_type = 'INTERNAL' order by id`;
export const tracks = (id: number) =>
  a.h.db.sql<{ track: string | null; parameter: string | null; source: string; userId: number | null }[]>`
    select track, parameter, source, user_id from workflow_track_event where future_service_interaction_id = ${id} order by id`;
