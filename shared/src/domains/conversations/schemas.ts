import { z } from 'zod';
import { DIVISIONS, MESSAGE_DIRECTIONS, MESSAGE_TYPES, SERVICE_TYPES } from '../../codes';

const iso = z.string();

export const customerSummarySchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  cellular: z.string().nullable(),
  email: z.string().nullable(),
  custno: z.string(),
});

export const vehicleSummarySchema = z.object({
  id: z.number().int(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  vin: z.string(),
});

export const latestMessageSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  messageType: z.enum(MESSAGE_TYPES),
  createdOn: iso,
});

/** One row of the lead manager's list. */
export const leadSchema = z.object({
  id: z.number().int(),
  serviceType: z.enum(SERVICE_TYPES),
  aiEnabled: z.boolean(),
  appointmentSet: z.boolean(),
  convClosed: z.boolean(),
  totalInboundCount: z.number().int(),
  totalUnreadCount: z.number().int(),
  lastMessageReceivedDate: iso.nullable(),
  responseInsight: z.string().nullable(),
  latestMessage: latestMessageSchema.nullable(),
  customerMaster: customerSummarySchema,
  serviceVehicle: vehicleSummarySchema.nullable(),
});
export type Lead = z.infer<typeof leadSchema>;

/** A page of a list: zero-based page number on the wire, shown plus one. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ content: z.array(item), page: z.number().int(), size: z.number().int(), totalElements: z.number().int() });

export const leadPageSchema = pageOf(leadSchema);
export type LeadPage = z.infer<typeof leadPageSchema>;

export const leadQuerySchema = z.object({
  companyId: z.coerce.number().int().positive(),
  officeId: z.coerce.number().int().positive(),
  divisionId: z.enum(DIVISIONS.map((d) => d.id) as [string, ...string[]]).default('DIV004'),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(50),
  search: z.string().trim().max(100).optional(),
});
export type LeadQuery = z.infer<typeof leadQuerySchema>;
