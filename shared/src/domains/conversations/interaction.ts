/**
 * The interaction record (spec §7 `GET /api/future-service-interaction`): one conversation with its
 * customer, store, BOC, vehicle, sale and the marks on each. The conversation screen, the assistant
 * controls and the signed-in deal room all read it, each picking the fields it shows.
 */
import { z } from 'zod';
import { RESPONSE_CATEGORY_CODES, SERVICE_TYPES } from '../../codes';

const id = z.number().int().positive();
/** Dates and times travel as ISO strings. */
const iso = z.string();
/**
 * A JSON object kept as it came (jsonb columns): any keys, but an object, never a string or a list.
 * No screen shows these field by field.
 */
const jsonObject = z.looseObject({});

/** A mark on the interaction, its customer or its vehicle (spec §7 marks). */
export const interactionMarkSchema = z.object({
  intentType: z.string(),
  value: z.string().nullable(),
  futureServiceInteractionId: id,
});
export type InteractionMark = z.infer<typeof interactionMarkSchema>;

/**
 * The customer. `first_name`, `last_name` and `block_sms` repeat the camelCase fields because
 * older screens read the snake_case spelling.
 */
export const interactionCustomerSchema = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  cellular: z.string().nullable(),
  email: z.string().nullable(),
  custno: z.string(),
  /** The customer opted out of texts: the composer refuses SMS. */
  blockSms: z.boolean(),
  block_sms: z.boolean(),
  /** The customer-wide assistant switch; the interaction has its own `aiEnabled`. */
  aiEnabled: z.boolean(),
});
export type InteractionCustomer = z.infer<typeof interactionCustomerSchema>;

/** The store; `store_id` is the store's code, `id` its numeric key. */
export const interactionStoreSchema = z.object({
  id,
  store_id: z.string(),
  store_name: z.string(),
  /** The office's zone: message times are shown in it. */
  officeMasterVO: z.object({ timezoneDisplay: z.string(), officeTimeZone: z.string() }),
  officeMasterTimezone: z.string(),
});
export type InteractionStore = z.infer<typeof interactionStoreSchema>;

/** The BOC (companyId in the calls); `bocId` is its code. */
export const interactionBocSchema = z.object({ id, bocId: z.string(), bocName: z.string() });

export const interactionVehicleSchema = z.object({
  id,
  vin: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  odometer: z.number().int().nullable(),
});
export type InteractionVehicle = z.infer<typeof interactionVehicleSchema>;

/** The sale the interaction follows up; `sold_date` is YYYY-MM-DD. */
export const interactionSaleSchema = z.object({ id, sold_date: z.string(), dealType: z.string() });

/** `GET /api/future-service-interaction`: the full interaction record. */
export const interactionRecordSchema = z.object({
  id,
  aiEnabled: z.boolean(),
  dtDialogEnabled: z.boolean(),
  /** Whether the Date Time Dialogue has had its one automatic attempt. */
  isDTGotItsChance: z.boolean(),
  plannedServiceType: z.enum(SERVICE_TYPES).nullable(),
  plannedDate: iso.nullable(),
  appointmentSet: z.boolean(),
  estimatedDueDate: iso.nullable(),
  vin: z.string().nullable(),
  respondedToAI: z.boolean(),
  workflowReqd: z.boolean(),
  type: z.string().nullable(),
  conversationInitiated: z.boolean(),
  convClosed: z.boolean(),
  serviceType: z.enum(SERVICE_TYPES),
  statusCode: z.string().nullable(),
  /** The BOC's numeric id. */
  companyId: id,
  totalInboundCount: z.number().int().nonnegative(),
  totalUnreadCount: z.number().int().nonnegative(),
  lastMessageReceivedDate: iso.nullable(),
  responseInsight: z.enum(RESPONSE_CATEGORY_CODES).nullable(),
  responseReqd: z.boolean(),
  toyotaCare: z.boolean(),
  manualBooking: z.boolean(),
  /** One value is NO_RESPONSE_AT_ALL_LEAD (spec). */
  leadResponseStatus: z.string().nullable(),
  metadata: jsonObject,
  futureServiceInteractionMarks: z.array(interactionMarkSchema),
  customerMarks: z.array(interactionMarkSchema),
  serviceVehicleMarks: z.array(interactionMarkSchema),
  /** The dealer feed's service alert, as it sent it. */
  jaguarServiceAlertDTO: jsonObject.nullable(),
  customerMaster: interactionCustomerSchema,
  storeMaster: interactionStoreSchema,
  bocMaster: interactionBocSchema,
  serviceVehicle: interactionVehicleSchema.nullable(),
  salesDto: interactionSaleSchema.nullable(),
});
export type InteractionRecord = z.infer<typeof interactionRecordSchema>;

