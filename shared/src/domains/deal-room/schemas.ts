/**
 * The deal room's calls (spec §2 "Deal room"): the interaction as the deal room shows it, the
 * store's assistants and a text sent from it.
 */
import { z } from 'zod';
import { SERVICE_TYPES } from '../../codes';

const id = z.number().int().positive();

/** `GET /servicedealroom/future-service-interaction`: the interaction as the deal room shows it. */
export const dealRoomInteractionSchema = z.object({
  id,
  serviceType: z.enum(SERVICE_TYPES),
  divisionId: z.string(),
  aiEnabled: z.boolean(),
  convClosed: z.boolean(),
  customerMaster: z.object({
    id,
    firstName: z.string(),
    lastName: z.string(),
    cellular: z.string().nullable(),
    email: z.string().nullable(),
    blockSms: z.boolean(),
  }),
  storeMaster: z.object({ id, storeName: z.string(), officeTimeZone: z.string(), timezoneDisplay: z.string() }),
  serviceVehicle: z.object({ make: z.string(), model: z.string(), year: z.number().int(), vin: z.string() }).nullable(),
  /** The staff user the link was made for: the deal room acts as them. */
  user: z.object({ userMasterId: id, firstName: z.string(), lastName: z.string() }),
  linkExpiresAt: z.string(),
});
export type DealRoomInteraction = z.infer<typeof dealRoomInteractionSchema>;

/** `GET /servicedealroom/assistantList`: the store's assistants; the initializer is the sender. */
export const dealRoomAssistantSchema = z.object({
  id,
  agentFirstName: z.string(),
  agentLastName: z.string(),
  agentPhoneNumber: z.string().nullable(),
  divisionId: z.string(),
  initializerProcessEnabled: z.boolean(),
});
export type DealRoomAssistant = z.infer<typeof dealRoomAssistantSchema>;

/** `POST /servicedealroom/send-message`: a text to the customer, once per clientMessageId. */
export const dealRoomSendSchema = z.object({
  content: z.string().max(100_000),
  clientMessageId: z.uuid().optional(),
});
export type DealRoomSend = z.infer<typeof dealRoomSendSchema>;
