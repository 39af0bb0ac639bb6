import { z } from 'zod';
import { SERVICE_TYPES } from '../../codes';
import { BUCKET_REPORT_KEYS } from './catalog';
import { DATABASE_VIEW_KEYS } from './database-views';

/** Every page of the report picker a template can open. */
export const REPORT_TEMPLATE_KEYS = ['dashboard', 'appointment-status', 'monthly', ...BUCKET_REPORT_KEYS, ...DATABASE_VIEW_KEYS.map((k) => `view-${k}`)] as [string, ...string[]];

const id = z.number().int().positive();

/** What a report template keeps: the report and its filters; `rangeDays` is a rolling range ending today. */
export const reportTemplateFilterSchema = z.object({
  bocIds: z.array(id).max(200).optional(),
  storeIds: z.array(id).max(500).optional(),
  serviceTypes: z.array(z.enum(SERVICE_TYPES)).max(SERVICE_TYPES.length).optional(),
  rangeDays: z.number().int().min(1).max(1096).optional(),
});
export type ReportTemplateFilter = z.infer<typeof reportTemplateFilterSchema>;

/** The body of POST /api/lisa/report/template-master. */
export const reportTemplateInputSchema = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(100),
  reportKey: z.enum(REPORT_TEMPLATE_KEYS, { error: 'must be a report of the picker' }),
  filter: reportTemplateFilterSchema,
});
export type ReportTemplateInput = z.infer<typeof reportTemplateInputSchema>;

/** The body of PUT /api/lisa/report/template-master: the template's id and its new content. */
export const reportTemplateUpdateSchema = reportTemplateInputSchema.extend({ id });
export type ReportTemplateUpdate = z.infer<typeof reportTemplateUpdateSchema>;

export const reportTemplateSchema = reportTemplateUpdateSchema.extend({
  enterpriseId: id,
  createdOn: z.string(),
  updatedOn: z.string(),
});
export type ReportTemplate = z.infer<typeof reportTemplateSchema>;
