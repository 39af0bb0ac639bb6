import type { z } from 'zod';
import { interactionRecordSchema } from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * The parts of the interaction record (`GET /api/future-service-interaction`) the conversation
 * screen reads. The record carries much more (marks, sale, alert); zod drops what is not picked.
 */
export const interactionSchema = interactionRecordSchema.pick({
  id: true,
  aiEnabled: true,
  dtDialogEnabled: true,
  manualBooking: true,
  appointmentSet: true,
  responseReqd: true,
  convClosed: true,
  companyId: true,
  serviceType: true,
  customerMaster: true,
  storeMaster: true,
  serviceVehicle: true,
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
