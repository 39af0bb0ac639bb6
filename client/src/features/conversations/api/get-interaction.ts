import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const nameField = z.string().nullable().optional();

/**
 * The parts of `GET /api/future-service-interaction` the conversation screen reads. The record
 * carries much more (marks, sale, alert); zod drops what is not named here.
 */
export const interactionSchema = z.object({
  id: z.number().int(),
  aiEnabled: z.boolean(),
  dtDialogEnabled: z.boolean().nullable().optional(),
  manualBooking: z.boolean().nullable().optional(),
  appointmentSet: z.boolean().nullable().optional(),
  responseReqd: z.boolean().nullable().optional(),
  serviceType: z.string().nullable().optional(),
  customerMaster: z.object({
    id: z.number().int(),
    firstName: nameField,
    lastName: nameField,
    cellular: z.string().nullable().optional(),
    email: z.string().nullable().optional(),
    custno: z.string().nullable().optional(),
    blockSms: z.boolean().nullable().optional(),
  }),
  storeMaster: z.object({
    id: z.number().int(),
    store_name: z.string().nullable().optional(),
    officeMasterVO: z
      .object({ officeTimeZone: z.string().nullable().optional(), timezoneDisplay: z.string().nullable().optional() })
      .nullable()
      .optional(),
  }),
  serviceVehicle: z
    .object({ make: z.string().nullable().optional(), model: z.string().nullable().optional(), year: z.number().int().nullable().optional() })
    .nullable()
    .optional(),
});
export type Interaction = z.infer<typeof interactionSchema>;

/** One interaction with its customer, store and vehicle. */
export function getInteraction(id: number, signal?: AbortSignal): Promise<Interaction> {
  return apiRequest('/api/future-service-interaction', {
    query: { 'future-service-interaction-id': id },
    schema: interactionSchema,
    signal,
  });
}
