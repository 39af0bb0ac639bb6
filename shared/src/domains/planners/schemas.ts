import { z } from 'zod';
import { SERVICE_TYPES } from '../../codes';
import { LEFT_OUT_REASONS, PLANNER_CODES, PLANNER_MAX_PAGE_SIZE, PLANNER_PAGE_SIZE, RUN_CODES } from './constants';
import { parsePlannerDate } from './rules';

const id = z.number().int().positive();
const idParam = z.coerce.number().int().positive();
const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .default(false);
const ddmmyyyy = (field: string) =>
  z
    .string()
    .trim()
    .transform((text, ctx) => {
      const iso = parsePlannerDate(text);
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a date written DD.MM.YYYY` });
        return z.NEVER;
      }
      return iso;
    });

/**
 * The parameters of every planner run, GET (query) and POST (body) alike. plannerDate and
 * soldDate are DD.MM.YYYY; the window is [plannerDate + minimumDays, plannerDate + maximumDays].
 */
export const plannerRunFields = {
  cust_no: z.string().trim().min(1).max(40).optional(),
  minimumDays: z.coerce.number().int().min(-3650).max(3650).optional(),
  maximumDays: z.coerce.number().int().min(-3650).max(3650).optional(),
  boc_id: idParam.optional(),
  store_id: idParam,
  transfer: flag,
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(PLANNER_MAX_PAGE_SIZE).default(PLANNER_PAGE_SIZE),
  hardRun: flag,
  soldDate: ddmmyyyy('soldDate').optional(),
  plannerDate: ddmmyyyy('plannerDate').optional(),
};
/** The window's two ends, when both are sent, in order. */
type Window = { minimumDays?: number | undefined; maximumDays?: number | undefined };
export const windowInOrder: [(p: Window) => boolean, { message: string; path: PropertyKey[] }] = [
  (p) => p.minimumDays === undefined || p.maximumDays === undefined || p.minimumDays <= p.maximumDays,
  { message: 'minimumDays must not be after maximumDays', path: ['minimumDays'] },
];
export const plannerRunParamsSchema = z.object(plannerRunFields).refine(...windowInOrder);
export type PlannerRunParams = z.output<typeof plannerRunParamsSchema>;
export type PlannerRunQuery = z.input<typeof plannerRunParamsSchema>;

const reading = z.object({ readOn: z.string(), odometer: z.number().int() });

/** One due vehicle and why it is due. */
export const plannerRowSchema = z.object({
  serviceVehicleId: id,
  customerId: id,
  custNo: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  cellular: z.string().nullable(),
  vin: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  soldDate: z.string(),
  dealType: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  dueDate: z.string(),
  dueBy: z.enum(['MILEAGE', 'TIME']),
  estimatedMileage: z.number().int().nullable(),
  dailyMiles: z.number(),
  rateSource: z.enum(['VEHICLE', 'FALLBACK']),
  lastReading: reading.nullable(),
  previousReading: reading.nullable(),
  targetOdometer: z.number().int().nullable(),
  mileageDueDate: z.string().nullable(),
  timeDueDate: z.string().nullable(),
  anchorDate: z.string(),
  lastServiceDate: z.string().nullable(),
  lastServiceRo: z.string().nullable(),
});
export type PlannerRow = z.infer<typeof plannerRowSchema>;

export const leftOutCountsSchema = z.object(Object.fromEntries(LEFT_OUT_REASONS.map((r) => [r, z.number().int()])) as Record<(typeof LEFT_OUT_REASONS)[number], z.ZodNumber>);
export type LeftOutCounts = z.infer<typeof leftOutCountsSchema>;

export const RUN_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
/** What a transfer run does with its due vehicles: the assistant's first outreach, or people (a manual hand-off). */
export const RUN_MODES = ['TRANSFER', 'HAND_OFF'] as const;
export type RunMode = (typeof RUN_MODES)[number];

/** One run of a planner: what it was asked, how far it is, and what it counted. */
export const plannerRunSchema = z.object({
  id,
  definitionId: id,
  /** The planner tab, or RECALL for a transfer of recall leads. */
  planner: z.enum(RUN_CODES),
  plannerName: z.string(),
  storeId: id,
  storeName: z.string(),
  plannerDate: z.string(),
  minimumDays: z.number().int(),
  maximumDays: z.number().int(),
  transfer: z.boolean(),
  mode: z.enum(RUN_MODES),
  /** The all-tabs run (ART) this run is part of: its runs go one after another. */
  artId: z.string().nullable(),
  hardRun: z.boolean(),
  status: z.enum(RUN_STATUSES),
  /** 0-100. */
  progress: z.number().int(),
  dueCount: z.number().int().nullable(),
  leftOut: leftOutCountsSchema.nullable(),
  transferredCount: z.number().int(),
  error: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdOn: z.string(),
  finishedOn: z.string().nullable(),
});
export type PlannerRun = z.infer<typeof plannerRunSchema>;

/**
 * What a planner call answers: the run (a view records one on its first page, a transfer always),
 * and in view mode one page of the due list.
 */
export const plannerResultSchema = z.object({
  run: plannerRunSchema.nullable(),
  content: z.array(plannerRowSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
});
export type PlannerResult = z.infer<typeof plannerResultSchema>;

export const plannerRunListQuerySchema = z.object({
  store_id: idParam,
  planner: z.enum(PLANNER_CODES).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(PLANNER_MAX_PAGE_SIZE).default(PLANNER_PAGE_SIZE),
});
export const plannerRunPageSchema = z.object({
  content: z.array(plannerRunSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
});
export type PlannerRunPage = z.infer<typeof plannerRunPageSchema>;

/** A planner definition: its name, enterprise and the dates it was run for. */
export const plannerDefinitionSchema = z.object({
  id,
  planner: z.enum(PLANNER_CODES),
  name: z.string(),
  enterpriseId: id,
  runDates: z.array(z.string()),
});
export type PlannerDefinitionDto = z.infer<typeof plannerDefinitionSchema>;

/**
 * `POST /api/future-service-interaction/audit-planner-search`. Audit planner 1 (auditType 1) sums
 * each transfer run; audit planner 2 lists each interaction a transfer created. Dates DD.MM.YYYY
 * bound the planner dates of the runs.
 */
export const auditSearchSchema = z.object({
  store_id: idParam,
  auditType: z.coerce.number().int().min(1).max(2).default(1),
  planner: z.enum(PLANNER_CODES).optional(),
  startDate: ddmmyyyy('startDate').optional(),
  endDate: ddmmyyyy('endDate').optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(PLANNER_MAX_PAGE_SIZE).default(PLANNER_PAGE_SIZE),
});
export type AuditSearch = z.input<typeof auditSearchSchema>;

const outcomes = {
  transferred: z.number().int(),
  responded: z.number().int(),
  booked: z.number().int(),
  showed: z.number().int(),
  optedOut: z.number().int(),
};

export const auditSummaryRowSchema = z.object({
  runId: id,
  planner: z.enum(PLANNER_CODES),
  plannerName: z.string(),
  plannerDate: z.string(),
  transferredOn: z.string(),
  ...outcomes,
});
export type AuditSummaryRow = z.infer<typeof auditSummaryRowSchema>;

export const auditDetailRowSchema = z.object({
  interactionId: id,
  runId: id,
  planner: z.enum(PLANNER_CODES),
  plannerDate: z.string(),
  customerName: z.string(),
  vin: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  dueDate: z.string(),
  initiated: z.boolean(),
  responded: z.boolean(),
  booked: z.boolean(),
  showed: z.boolean(),
  optedOut: z.boolean(),
});
export type AuditDetailRow = z.infer<typeof auditDetailRowSchema>;

export const auditPageSchema = z.object({
  auditType: z.number().int(),
  summary: z.array(auditSummaryRowSchema),
  content: z.array(auditDetailRowSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/**
 * `GET /api/future-service-interaction/service-closed`: a store's closed repair orders between two
 * days (DD.MM.YYYY, both included), optionally of one service type: what the state-inspection
 * planner counts as work done.
 */
export const serviceClosedQuerySchema = z.object({
  store_id: idParam,
  startDate: ddmmyyyy('startDate'),
  endDate: ddmmyyyy('endDate'),
  serviceType: z.enum(SERVICE_TYPES).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(PLANNER_MAX_PAGE_SIZE).default(PLANNER_PAGE_SIZE),
});

export const serviceClosedRowSchema = z.object({
  repairOrderId: id,
  roNumber: z.string(),
  closedOn: z.string(),
  customerName: z.string(),
  vin: z.string().nullable(),
  vehicle: z.string().nullable(),
  serviceTypes: z.array(z.string()),
  odometer: z.number().int().nullable(),
});
export const serviceClosedPageSchema = z.object({
  content: z.array(serviceClosedRowSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
});
export type ServiceClosedPage = z.infer<typeof serviceClosedPageSchema>;
