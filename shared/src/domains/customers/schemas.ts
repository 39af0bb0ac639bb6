import { z } from 'zod';
import { SERVICE_TYPES } from '../../codes';
import { appointmentSchema } from '../appointments/schemas';
import { serviceOrderSchema } from '../boards/schemas';

const id = z.number().int().positive();
const iso = z.string();

/** A vehicle the customer owns, as their page lists it. */
export const customerVehicleSchema = z.object({
  id,
  vin: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  odometer: z.number().int().nullable(),
  /** YYYY-MM-DD, or null when the dealer system has none. */
  lastServiceDate: z.string().nullable(),
});

/** One of the customer's conversations in the store, closed ones included. */
export const customerConversationSchema = z.object({
  id,
  serviceType: z.enum(SERVICE_TYPES),
  convClosed: z.boolean(),
  appointmentSet: z.boolean(),
  aiEnabled: z.boolean(),
  totalUnreadCount: z.number().int().nonnegative(),
  vehicle: z.string().nullable(),
  /** The newest message's text (HTML for e-mail) and time, when there is one. */
  latestMessage: z.object({ content: z.string(), createdOn: iso, direction: z.string() }).nullable(),
  lastActivity: iso,
});
export type CustomerConversation = z.infer<typeof customerConversationSchema>;

/** `GET /api/boc/{bocId}/store/{storeId}/customer/{customerId}`: who they are, their vehicles, and everything of theirs in one store. */
export const customerPageSchema = z.object({
  customer: z.object({
    id,
    custno: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    cellular: z.string().nullable(),
    email: z.string().nullable(),
    blockSms: z.boolean(),
    customerType: z.string(),
  }),
  store: z.object({ id, storeName: z.string(), timeZone: z.string() }),
  vehicles: z.array(customerVehicleSchema),
  conversations: z.array(customerConversationSchema),
  repairOrders: z.array(serviceOrderSchema),
  appointments: z.array(appointmentSchema),
});
export type CustomerPage = z.infer<typeof customerPageSchema>;
