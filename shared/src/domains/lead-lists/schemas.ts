import { z } from 'zod';
import { FOLLOW_UP_CODES, LEAD_STAGES, MESSAGE_DIRECTIONS, MESSAGE_TYPES, SERVICE_TYPES } from '../../codes';
import { pageOf } from '../conversations/schemas';
import { initiateResultSchema } from '../interactions';
import { AUTOMATED_RUN_STATUSES, FOLLOW_UP_STATUSES, PRE_CSI_LIST, USER_FOLLOWUP_VALUES } from './constants';
import { LEAD_REASONS } from './pipeline';

const id = z.number().int().positive().max(2_147_483_647);
const queryId = z.coerce.number().int().positive().max(2_147_483_647);
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a day as YYYY-MM-DD');
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** How a list is ordered; each has a stable tie-break on the interaction id. */
export const LEAD_LIST_SORTS = ['lastActivity', 'createdOn', 'customerName', 'unread', 'waiting', 'contactLater', 'followUpDue'] as const;
export type LeadListSort = (typeof LEAD_LIST_SORTS)[number];

/** The follow-up due filter: what still goes out later today, what is past its time. */
export const FOLLOW_UPS_DUE = ['today', 'overdue'] as const;
export type FollowUpsDue = (typeof FOLLOW_UPS_DUE)[number];

/**
 * The filter body of every list search. The place is the most specific of storeId, bocId and
 * enterpriseId given (the user's whole scope when none is), always narrowed to what the user may see.
 */
export const leadListFilterSchema = z.object({
  storeId: id.optional(),
  bocId: id.optional(),
  enterpriseId: id.optional(),
  search: z.string().trim().max(100).optional(),
  serviceTypes: z.array(z.enum([...SERVICE_TYPES, PRE_CSI_LIST])).max(40).optional(),
  stages: z.array(z.enum(LEAD_STAGES)).max(10).optional(),
  aiEnabled: z.boolean().optional(),
  appointmentSet: z.boolean().optional(),
  responseRequired: z.boolean().optional(),
  customerTypes: z.array(z.string().trim().min(1).max(40)).max(10).optional(),
  /** Last activity from this day (inclusive, the store's day). */
  from: isoDay.optional(),
  /** Last activity up to this day (inclusive). */
  to: isoDay.optional(),
  /**
   * Only conversations with a follow-up still waiting to go out: `today` later today (the store's
   * day), `overdue` past its time and not gone out yet.
   */
  followUpsDue: z.enum(FOLLOW_UPS_DUE).optional(),
  sort: z.enum(LEAD_LIST_SORTS).optional(),
  direction: z.enum(['asc', 'desc']).optional(),
  /** Screen state some callers send along; dropped. */
  followupScreen: z.unknown().optional(),
  contactLaterScreen: z.unknown().optional(),
}).strict();
export type LeadListFilter = z.infer<typeof leadListFilterSchema>;

/** Zero-based page and its size, in the query of every list search. */
export const leadListPageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(500).default(25),
});
export type LeadListPageQuery = z.infer<typeof leadListPageQuerySchema>;

export const leadListRowSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  storeName: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  aiEnabled: z.boolean(),
  appointmentSet: z.boolean(),
  convClosed: z.boolean(),
  conversationInitiated: z.boolean(),
  responseReqd: z.boolean(),
  totalInboundCount: z.number().int(),
  totalUnreadCount: z.number().int(),
  lastMessageReceivedDate: z.string().nullable(),
  createdOn: z.string(),
  responseInsight: z.string().nullable(),
  leadStage: z.enum(LEAD_STAGES).nullable(),
  leadReason: z.string().nullable(),
  userFollowup: z.enum(USER_FOLLOWUP_VALUES).nullable(),
  contactLaterOn: z.string().nullable(),
  followUpDue: z.string().nullable(),
  blockSms: z.boolean(),
  latestMessage: z
    .object({ id: z.number().int(), content: z.string(), direction: z.enum(MESSAGE_DIRECTIONS), messageType: z.enum(MESSAGE_TYPES), createdOn: z.string() })
    .nullable(),
  customerMaster: z.object({
    id: z.number().int(), firstName: z.string(), lastName: z.string(), cellular: z.string().nullable(), email: z.string().nullable(),
    custno: z.string(), customerType: z.string(),
  }),
  serviceVehicle: z.object({ id: z.number().int(), make: z.string(), model: z.string(), year: z.number().int(), vin: z.string() }).nullable(),
});
export type LeadListRow = z.infer<typeof leadListRowSchema>;
export const leadListPageSchema = pageOf(leadListRowSchema).extend({
  /**
   * True when the list holds more than `totalElements`: counting stopped there (at 1,000, or a page
   * further on at its end and one beyond). A screen says "1,000+" and lets the next page open.
   */
  totalCapped: z.boolean(),
});
export type LeadListPage = z.infer<typeof leadListPageSchema>;

/** Counters of the summary report (operations §3) over a filter. */

// --- The pipeline ---------------------------------------------------------------------------

export const leadStageChangeSchema = z.object({
  'future-service-interaction-id': id,
  stage: z.enum(LEAD_STAGES),
  reason: z.enum(LEAD_REASONS as [string, ...string[]]).nullable().default(null),
}).strict();
export type LeadStageChange = z.infer<typeof leadStageChangeSchema>;

export const leadStageEntrySchema = z.object({
  id: z.number().int(),
  fromStage: z.enum(LEAD_STAGES).nullable(),
  toStage: z.enum(LEAD_STAGES),
  reason: z.string().nullable(),
  changedBy: z.string().nullable(),
  changedOn: z.string(),
});
export const leadPipelineSchema = z.object({
  futureServiceInteractionId: z.number().int(),
  stage: z.enum(LEAD_STAGES).nullable(),
  reason: z.string().nullable(),
  nextStages: z.array(z.enum(LEAD_STAGES)),
  history: z.array(leadStageEntrySchema),
});
export type LeadPipeline = z.infer<typeof leadPipelineSchema>;

// --- Lead actions ----------------------------------------------------------------------------

export const fsiQuerySchema = z.object({ 'future-service-interaction-id': queryId });
export const appointmentSetQuerySchema = z.object({ id: queryId, 'appointment-set': flag });
export const convClosedQuerySchema = z.object({ 'future-service-interaction-id': queryId, conversationClosed: flag });
export const responseRequiredQuerySchema = z.object({ 'future-service-interaction-id': queryId, responseReqd: flag });
export const smsBlockQuerySchema = z.object({ customerId: queryId, blockSms: flag });
export const leadFlagsSchema = z.object({
  id: z.number().int(),
  aiEnabled: z.boolean(),
  appointmentSet: z.boolean(),
  convClosed: z.boolean(),
  responseReqd: z.boolean(),
  blockSms: z.boolean(),
  message: z.string(),
});
export type LeadFlags = z.infer<typeof leadFlagsSchema>;
export const conversationLinkSchema = z.object({ futureServiceInteractionId: z.number().int(), link: z.string() });
export const otherInteractionSchema = z.array(
  z.object({
    id: z.number().int(), serviceType: z.enum(SERVICE_TYPES), convClosed: z.boolean(), conversationInitiated: z.boolean(),
    lastMessageReceivedDate: z.string().nullable(), createdOn: z.string(), storeName: z.string(),
  }),
);
export const interactionMetadataSchema = z.object({
  futureServiceInteractionId: z.number().int(),
  metadata: z.record(z.string(), z.unknown()),
  userFollowup: z.enum(USER_FOLLOWUP_VALUES).nullable(),
  dealStatus: z.string().nullable(),
  leadStatus: z.string(),
});
export const contactLaterSearchSchema = z.object({
  storeId: id.optional(),
  bocId: id.optional(),
  enterpriseId: id.optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  contactLaterScreen: z.unknown().optional(),
});
export const contactLaterMarkSchema = z.array(
  z.object({
    futureServiceInteractionId: z.number().int(), intentType: z.string(), value: z.string().nullable(), target: z.string(),
    customerName: z.string(), storeId: z.number().int(),
  }),
);

// --- Starting conversations and follow-ups -----------------------------------------------------

export const initiateQuerySchema = z.object({ id: queryId, isForced: flag.optional() });
/** What a start answers: the outcome, and the success text the screen shows. */
export const workflowInitiateResultSchema = initiateResultSchema.extend({ message: z.string() });
/** A new conversation for a customer and (optionally) one of their vehicles, started at once. */
export const startConversationSchema = z.object({
  customerId: id,
  serviceVehicleId: id.nullable().default(null),
  serviceType: z.enum(SERVICE_TYPES),
  isForced: z.boolean().default(false),
}).strict();
export const customerSearchQuerySchema = z.object({ storeId: queryId, search: z.string().trim().min(1).max(100) });
export const customerPickSchema = z.array(
  z.object({
    id: z.number().int(), firstName: z.string(), lastName: z.string(), cellular: z.string().nullable(), email: z.string().nullable(),
    custno: z.string(), activeInteractions: z.number().int(),
    vehicles: z.array(z.object({ id: z.number().int(), make: z.string(), model: z.string(), year: z.number().int(), vin: z.string() })),
  }),
);

export const followUpInitiateQuerySchema = z.object({ 'future-service-interaction-id': queryId, followupType: z.enum(FOLLOW_UP_CODES) });
export const followUpSchema = z.object({
  id: z.number().int(),
  futureServiceInteractionId: z.number().int(),
  followupType: z.string(),
  dueOn: z.string(),
  status: z.enum(FOLLOW_UP_STATUSES),
  outcome: z.string().nullable(),
  messageId: z.number().int().nullable(),
});
export type FollowUp = z.infer<typeof followUpSchema>;
export const bulkInitiateSchema = z.object({
  futureServiceInteractionIds: z.array(id).min(1).max(500),
  followupType: z.enum(FOLLOW_UP_CODES).optional(),
}).strict();
export const bulkInitiateResultSchema = z.object({ queued: z.number().int(), refused: z.array(z.object({ id: z.number().int(), message: z.string() })) });
/** POST /api/future-service-interaction/followup: set a lead's userFollowup (the screen field is dropped). */
export const userFollowupSchema = z.object({
  futureServiceInteractionId: id,
  userFollowup: z.enum(USER_FOLLOWUP_VALUES).nullable(),
  followupScreen: z.unknown().optional(),
});
export const workflowFollowupQuerySchema = z.object({ 'future-service-interaction-id': queryId, followupType: z.enum(FOLLOW_UP_CODES) });

// --- The automated lead-manager job ----------------------------------------------------------

export const automatedStartSchema = z.object({
  timezone: z.string().min(1).max(64),
  brands: z.array(z.string().trim().min(1).max(40)).min(1).max(20),
  storeIds: z.array(id).min(1).max(100),
  interactionType: z.enum(SERVICE_TYPES),
  customerTypes: z.array(z.string().trim().min(1).max(40)).min(1).max(10),
}).strict();
export type AutomatedStart = z.infer<typeof automatedStartSchema>;
export const automatedRunSchema = z.object({
  id: z.number().int(),
  status: z.enum(AUTOMATED_RUN_STATUSES),
  total: z.number().int(),
  initiated: z.number().int(),
  failed: z.number().int(),
  createdOn: z.string(),
  finishedOn: z.string().nullable(),
});
export type AutomatedRun = z.infer<typeof automatedRunSchema>;
export const automatedStatusSchema = z.object({ status: z.enum([...AUTOMATED_RUN_STATUSES, 'NONE']), run: automatedRunSchema.nullable() });
export const automatedFailedSchema = z.array(z.object({ futureServiceInteractionId: z.number().int(), customerName: z.string(), error: z.string() }));
export const automatedReportSchema = z.object({
  day: z.string(),
  runs: z.number().int(),
  total: z.number().int(),
  initiated: z.number().int(),
  failed: z.number().int(),
  responded: z.number().int(),
});
export const brandsTimezoneQuerySchema = z.object({
  zone: z.string().min(1).max(64),
  brands: z.union([z.string().min(1).max(40), z.array(z.string().min(1).max(40)).max(20)]).transform((b) => (Array.isArray(b) ? b : [b])),
});
export const storeOptionSchema = z.object({ id: z.number().int(), storeName: z.string(), brand: z.string(), timezone: z.string() });
export const brandTimezoneSchema = z.array(z.object({ timezone: z.string(), brands: z.array(z.string()) }));
export const serviceInteractionStoresSchema = z.object({ storeIds: z.array(id).min(1).max(100) }).strict();
export const interactionTypeCountSchema = z.array(z.object({ interactionType: z.enum(SERVICE_TYPES), count: z.number().int() }));
export const customerTypeCountSchema = z.array(z.object({ customerType: z.string(), count: z.number().int() }));
