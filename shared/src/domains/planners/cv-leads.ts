import { z } from 'zod';
import { PLANNER_MAX_PAGE_SIZE, PLANNER_PAGE_SIZE } from './constants';

const id = z.number().int().positive();
const idParam = z.coerce.number().int().positive();
const page = { page: z.coerce.number().int().min(0).max(100_000).default(0), size: z.coerce.number().int().min(1).max(PLANNER_MAX_PAGE_SIZE).default(PLANNER_PAGE_SIZE) };

/** The columns a customer-vehicle lead file may have (a header row names them; case and spaces do not matter). */
export const CV_LEAD_COLUMNS = ['first_name', 'last_name', 'cellular', 'email', 'vin', 'make', 'model', 'year', 'mileage'] as const;
/** Most rows one file may bring. */
export const CV_LEAD_MAX_ROWS = 5000;

export const cvLeadBatchSchema = z.object({
  id,
  storeId: id,
  name: z.string(),
  fileName: z.string().nullable(),
  rowCount: z.number().int(),
  matched: z.number().int(),
  transferred: z.number().int(),
  rejected: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  createdBy: z.string().nullable(),
  createdOn: z.string(),
});
export type CvLeadBatch = z.infer<typeof cvLeadBatchSchema>;

export const cvLeadBatchPageSchema = z.object({ content: z.array(cvLeadBatchSchema), page: z.number().int(), size: z.number().int(), totalElements: z.number().int() });
export type CvLeadBatchPage = z.infer<typeof cvLeadBatchPageSchema>;

export const cvLeadSchema = z.object({
  id,
  batchId: id,
  rowNumber: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  cellular: z.string().nullable(),
  email: z.string().nullable(),
  vin: z.string().nullable(),
  vehicle: z.string(),
  mileage: z.number().int().nullable(),
  matched: z.boolean(),
  interactionId: z.number().int().nullable(),
});
export type CvLead = z.infer<typeof cvLeadSchema>;
export const cvLeadPageSchema = z.object({ content: z.array(cvLeadSchema), page: z.number().int(), size: z.number().int(), totalElements: z.number().int() });
export type CvLeadPage = z.infer<typeof cvLeadPageSchema>;

/** `GET cv-leads-batchs`. */
export const cvLeadBatchQuerySchema = z.object({ store_id: idParam, ...page });
/** `POST cv-leads-batchs/import` (multipart, field multipartFile): the query names the store and the batch. */
export const cvLeadImportQuerySchema = z.object({ store_id: idParam, name: z.string().trim().min(1).max(120).optional() });
/** `GET run-future-prediction-for-cv-leads`: view a batch's leads, or transfer the matched ones. */
export const cvLeadRunQuerySchema = z.object({
  store_id: idParam,
  batchId: idParam,
  transfer: z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true').default(false),
  ...page,
});
/** `GET /api/list-of-customer-vehicle-lead/search`. */
export const cvLeadSearchQuerySchema = z.object({
  store_id: idParam,
  batchId: idParam.optional(),
  q: z.string().trim().max(100).optional(),
  ...page,
});

/** What a CV-lead run answers: the batch, a page of its leads, and in transfer mode how many were transferred. */
export const cvLeadRunResultSchema = z.object({
  batch: cvLeadBatchSchema,
  transferred: z.number().int(),
  content: z.array(cvLeadSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
});
export type CvLeadRunResult = z.infer<typeof cvLeadRunResultSchema>;
