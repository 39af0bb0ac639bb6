/**
 * Requests and answers of the staff controls of the assistant (conversation spec §2, §4, §7): log
 * mode, Show Intents, the inbound-appointment workflow and tracks, the date-time dialogue,
 * handoffs, Action Intents, the response insight, the assistant list and marks.
 */
import { z } from 'zod';
import { DIVISIONS, RESPONSE_CATEGORY_CODES, SMS_OPT_OUT_MARK } from '../../codes';
import { INTENT_CODES, isIntentCode } from './constants';
import { replyDateTimeSchema } from './schemas';
import {
  ASSISTANT_NOTICES,
  COMPLAINT_CATEGORIES,
  INBOUND_APPOINTMENT_PARAMETERS,
  SMS_CONSENT_MARK,
  WORKFLOW_TRACKS,
  isInboundAppointmentParameter,
} from './workflow';

const id = z.number().int().positive();
const idParam = z.coerce.number().int().positive();
const boolParam = z.enum(['true', 'false'], { error: 'Use true or false' }).transform((v) => v === 'true');

/** The interaction every control acts on, as the spec's calls name it. */
export const interactionQuerySchema = z.object({ 'future-service-interaction-id': idParam });

/** `POST .../track/logMode`: the message, and optionally the reviewer's verdict on it. */
export const logModeQuerySchema = interactionQuerySchema.extend({
  messageId: idParam,
  /** The Options popover: the green check sends true, the red cross false. */
  validLogMode: boolParam.optional(),
});

/** `GET .../intentDetails`: the message; without it the latest customer message. */
export const intentDetailsQuerySchema = interactionQuerySchema.extend({ messageId: idParam.optional() });

const intentCode = z.enum(INTENT_CODES);

/** The Show Intents modal's rows and lists (spec §3 "Intent details"). */
export const intentDetailsSchema = z.object({
  messageId: id.nullable(),
  intents: z.array(
    z.object({
      intentName: intentCode,
      symLogs: z.object({ inputStrListBeforePreprocessor: z.array(z.string()) }),
      confidence: z.number().min(0).max(1),
    }),
  ),
  finalIntentNames: z.array(intentCode),
  multiIntentNames: z.array(intentCode),
  dateTimes: z.array(replyDateTimeSchema),
  /** The intent a person chose for the message with Action Intents, if any. */
  staffIntent: intentCode.nullable(),
});
export type IntentDetails = z.infer<typeof intentDetailsSchema>;

const parameterMessage = `Use one of ${INBOUND_APPOINTMENT_PARAMETERS.join(', ')}`;
const trackMessage = `Use one of ${WORKFLOW_TRACKS.join(', ')}`;

export const inboundAppointmentQuerySchema = interactionQuerySchema.extend({
  parameter: z.enum(INBOUND_APPOINTMENT_PARAMETERS, { error: parameterMessage }),
});

export const workflowTrackQuerySchema = interactionQuerySchema.extend({
  track: z.enum(WORKFLOW_TRACKS, { error: trackMessage }),
  /** A workflow parameter or a complaint category (the GM handoff's CQ). */
  parameter: z
    .string()
    .refine((p) => isInboundAppointmentParameter(p) || (COMPLAINT_CATEGORIES as readonly string[]).includes(p), {
      error: `Use a workflow parameter or one of ${COMPLAINT_CATEGORIES.join(', ')}`,
    })
    .optional(),
  intentName: z.string().refine(isIntentCode, { error: 'Unknown intent' }).optional(),
});

/** `POST .../dtDialog/resume` (spec §4: id, lastMessage, dtDialogEnabled, manualBooking, optional isForced). */
export const dtDialogResumeSchema = z.object({
  id,
  /** The customer's message the dialogue answers; the latest received one when left out. */
  lastMessage: z.string().trim().max(1600, 'The last message is longer than 1600 characters').optional(),
  dtDialogEnabled: z.literal(true, { error: 'Use dtDialog/disable to turn the dialogue off' }),
  /** A person books the time the customer accepts instead of the assistant. */
  manualBooking: z.boolean().default(false),
  /** Send even though the customer has an appointment or the dialogue already had its chance. */
  isForced: z.boolean().optional(),
});
export type DtDialogResume = z.infer<typeof dtDialogResumeSchema>;

export const dtDialogDisableSchema = z.object({ id });

/** What the calls that make the assistant act answer (handoffs, the dialogue, workflow steps, Action Intents). */
export const controlResultSchema = z.object({
  message: z.string(),
  action: z.string(),
  /** The text queued for the customer, if any. */
  messageInstanceId: z.number().int().nullable(),
  replyText: z.string().nullable(),
  /** Outreach written in the customer's quiet hours waits in the outbox until then. */
  heldUntil: z.string().nullable(),
  appointmentId: z.number().int().nullable(),
});
export type ControlResultDto = z.infer<typeof controlResultSchema>;

/** Action Intents and Default Action Intents also name the intent acted on. */
export const actionResultSchema = controlResultSchema.extend({ intent: z.string() });

/** `POST .../track/logMode`: the message's log-mode state, and what the assistant would have replied. */
export const logModeResultSchema = z.object({
  message: z.string(),
  messageId: z.number().int(),
  isLogModeToBeSent: z.boolean(),
  validLogMode: z.boolean().nullable(),
  action: z.string().nullable(),
  loggedReply: z.string().nullable(),
});
export type LogModeResult = z.infer<typeof logModeResultSchema>;

/** `POST /api/lisa/hand-off/gm-hand-off`: the GM handoff with its complaint category (the deal room sends CQ). */
export const gmHandoffQuerySchema = interactionQuerySchema.extend({
  parameter: z.enum(COMPLAINT_CATEGORIES, { error: `Use one of ${COMPLAINT_CATEGORIES.join(', ')}` }),
});

/** Action Intents and Default Action Intents: the intent a person chose for a customer message. */
export const actionIntentQuerySchema = interactionQuerySchema.extend({ messageId: idParam });
export const actionIntentSchema = z.object({
  intent: z
    .string({ error: ASSISTANT_NOTICES.selectIntent })
    .trim()
    .min(1, ASSISTANT_NOTICES.selectIntent)
    .refine(isIntentCode, { error: 'Unknown intent' }),
});

/** `PUT .../responseInsight`. */
export const responseInsightQuerySchema = interactionQuerySchema.extend({
  insight: z.enum(RESPONSE_CATEGORY_CODES, { error: 'Unknown response category' }),
});

/** The answer of `PUT .../responseInsight`: the insight now on the conversation. */
export const responseInsightResultSchema = z.object({ message: z.string(), responseInsight: z.string() });

/** `GET /assistant/v2/getassistlist`. */
export const assistListQuerySchema = z.object({
  boc_id_pk: idParam,
  store_id_pk: idParam,
  divisionId: z.enum(DIVISIONS.map((d) => d.id) as [string, ...string[]], { error: 'Unknown division' }),
});

export const assistantDtoSchema = z.object({
  id,
  storeId: id,
  divisionId: z.string(),
  agentFirstName: z.string(),
  agentLastName: z.string(),
  agentEmail: z.string().nullable(),
  agentPhoneNumber: z.string().nullable(),
  initializerProcessEnabled: z.boolean(),
  isFullyAiva: z.boolean(),
});
export type AssistantDto = z.infer<typeof assistantDtoSchema>;

/** Mark types: the opt-out and consent marks and every response category (the contact tags). */
export const MARK_TYPES: readonly string[] = [SMS_OPT_OUT_MARK, SMS_CONSENT_MARK, ...RESPONSE_CATEGORY_CODES];
const markType = z.string({ error: 'Enter a mark type' }).refine((t) => MARK_TYPES.includes(t), { error: 'Unknown mark type' });

/** `POST /api/marks/{customer,service-vehicle,future-service-interaction}`. */
export const markSchema = z.object({
  futureServiceInteractionId: id,
  intentType: markType,
  value: z.string().max(200).nullable().optional(),
});
/** `POST /api/marks/v2`: the target is named; an opt-out always lands on the customer. */
export const markV2Schema = markSchema.extend({
  target: z.enum(['CUSTOMER', 'SERVICE_VEHICLE', 'FUTURE_SERVICE_INTERACTION']).optional(),
});
/** `DELETE /api/marks/v2`: removes the mark from the target named, or from all three. */
export const markDeleteQuerySchema = interactionQuerySchema.extend({
  intentType: markType,
  target: z.enum(['CUSTOMER', 'SERVICE_VEHICLE', 'FUTURE_SERVICE_INTERACTION']).optional(),
});

const markDto = z.object({ intentType: z.string(), value: z.string().nullable(), futureServiceInteractionId: id });
export const marksResultSchema = z.object({
  message: z.string(),
  futureServiceInteractionMarks: z.array(markDto),
  customerMarks: z.array(markDto),
  serviceVehicleMarks: z.array(markDto),
  blockSms: z.boolean(),
});
export type MarksResult = z.infer<typeof marksResultSchema>;
