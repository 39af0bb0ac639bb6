import { z } from 'zod';
import {
  actionIntentSchema,
  actionResultSchema,
  controlResultSchema,
  dtDialogDisableSchema,
  intentDetailsSchema,
  interactionRecordSchema,
  logModeResultSchema,
  successSchema,
  type ControlResultDto,
  type DtDialogResume,
  type InboundAppointmentParameter,
  type IntentCode,
  type IntentDetails,
  type LogModeResult,
} from '@drivebay/shared';
import { apiRequest } from '../../lib/api-client';

const FSI = '/api/future-service-interaction';
const fsi = (interactionId: number) => ({ 'future-service-interaction-id': interactionId });

export type ControlResult = ControlResultDto;

/** The switches of a conversation the controls show: picked from the interaction record. */
export const assistantStateSchema = interactionRecordSchema.pick({ id: true, aiEnabled: true, dtDialogEnabled: true, manualBooking: true });
export type AssistantState = z.infer<typeof assistantStateSchema>;

/** The interaction's assistant switches (spec §7 GET /api/future-service-interaction). */
export function getAssistantState(interactionId: number, signal?: AbortSignal): Promise<AssistantState> {
  return apiRequest(FSI, { query: fsi(interactionId), schema: assistantStateSchema, signal });
}

/** Switches the assistant on or off for the interaction: 'Successfully Updated'. */
export function updateAiEnabled(interactionId: number, aiEnabled: boolean) {
  return apiRequest(`${FSI}/update-ai-enabled`, {
    method: 'POST',
    query: { ...fsi(interactionId), aiEnabled },
    schema: successSchema,
  });
}

/** Show Intents: what the assistant read in a customer message. */
export function getIntentDetails(interactionId: number, messageId: number, signal?: AbortSignal): Promise<IntentDetails> {
  return apiRequest(`${FSI}/intentDetails`, { query: { ...fsi(interactionId), messageId }, schema: intentDetailsSchema, signal });
}

/**
 * Log mode on a customer message. Without a verdict it puts the message in log mode ('Log mode
 * enabled') and answers what the assistant would have replied; with one it records the review.
 */
export function setLogMode(interactionId: number, messageId: number, validLogMode?: boolean): Promise<LogModeResult> {
  return apiRequest(`${FSI}/track/logMode`, {
    method: 'POST',
    query: { ...fsi(interactionId), messageId, validLogMode },
    schema: logModeResultSchema,
  });
}

/**
 * Sends the Date Time Dialogue. Failures are left to the caller: a refusal asks whether to force
 * it (the Yes/No confirm with the server's reason).
 */
export function sendDtDialogue(body: DtDialogResume) {
  return apiRequest(`${FSI}/dtDialog/resume`, { method: 'POST', body, schema: controlResultSchema, notify: false });
}

export function disableDtDialogue(interactionId: number) {
  return apiRequest(`${FSI}/dtDialog/disable`, { method: 'POST', body: { id: interactionId } satisfies z.input<typeof dtDialogDisableSchema>, schema: successSchema });
}

/** GM Handoff; the deal room and the conversation send the complaint category CQ. */
export function gmHandoff(interactionId: number, parameter: 'CQ' = 'CQ') {
  return apiRequest('/api/lisa/hand-off/gm-hand-off', { method: 'POST', query: { ...fsi(interactionId), parameter }, schema: controlResultSchema });
}

/** Manual Handoff: a person takes the conversation over. */
export function manualHandoff(interactionId: number) {
  return apiRequest('/api/lisa/hand-off/manual-hand-off', { method: 'POST', query: fsi(interactionId), schema: controlResultSchema });
}

/** Applies an inbound-appointment workflow parameter; the server posts the track that goes with it. */
export function applyInboundAppointment(interactionId: number, parameter: InboundAppointmentParameter) {
  return apiRequest(`${FSI}/workflow/inbound-appointment`, { method: 'POST', query: { ...fsi(interactionId), parameter }, schema: controlResultSchema });
}

export type IntentActionMode = 'ACTION' | 'DEFAULT';

/**
 * Action Intents (the assistant acts on the message as carrying the intent) and Default Action
 * Intents (the message is only filed under it).
 */
export function applyIntentAction(mode: IntentActionMode, interactionId: number, messageId: number, intent: IntentCode) {
  const path = mode === 'ACTION' ? `${FSI}/action-intents` : `${FSI}/default-action-intents`;
  return apiRequest(path, {
    method: 'POST',
    query: { ...fsi(interactionId), messageId },
    body: { intent } satisfies z.input<typeof actionIntentSchema>,
    schema: actionResultSchema,
  });
}
