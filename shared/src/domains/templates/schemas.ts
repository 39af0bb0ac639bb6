import { z } from 'zod';
import { DIVISIONS, SERVICE_TYPES } from '../../codes';
import { ALL_SERVICE_TYPES, TEMPLATE_KINDS, TEMPLATE_SOURCES, TEMPLATE_TEXT } from './constants';

const id = z.number().int().positive();
const idParam = z.coerce.number().int().positive();
const divisionId = z.enum(DIVISIONS.map((d) => d.id) as [string, ...string[]]);

/** A custom template as every template call returns it (spec §3: id or templateId, both given). */
export const customTemplateSchema = z.object({
  id,
  templateId: id,
  title: z.string(),
  body: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  kind: z.enum(TEMPLATE_KINDS),
  /** Set on group templates (and on every template, for the enterprise it belongs to). */
  enterpriseId: id,
  ownerUserId: id.nullable(),
  storeId: id.nullable(),
  divisionId: z.string().nullable(),
  /** Whether the caller may change or delete it. */
  canEdit: z.boolean(),
  createdOn: z.string(),
  updatedOn: z.string(),
});
export type CustomTemplate = z.infer<typeof customTemplateSchema>;

/** `POST /api/customTemplate`: the notice and the template as stored. */
export const savedTemplateSchema = z.object({ message: z.string(), template: customTemplateSchema });
export type SavedTemplate = z.infer<typeof savedTemplateSchema>;

const title = z.string({ error: TEMPLATE_TEXT.titleRequired }).trim().min(1, TEMPLATE_TEXT.titleRequired).max(200);
const body = z.string({ error: TEMPLATE_TEXT.bodyRequired }).min(1, TEMPLATE_TEXT.bodyRequired).max(5000)
  .refine((b) => b.replace(/<br\s*\/?>/gi, '').trim().length > 0, TEMPLATE_TEXT.bodyRequired);
const serviceType = z.enum(SERVICE_TYPES, { error: TEMPLATE_TEXT.serviceTypeRequired });

/**
 * `POST /api/customTemplate`: adds a template, or updates the one templateId names. A new template
 * with enterpriseId is a group template of that enterprise; without it, a personal one.
 */
export const saveCustomTemplateSchema = z.object({
  templateId: idParam.nullish(),
  title,
  body,
  serviceType,
  enterpriseId: idParam.nullish(),
});
export type SaveCustomTemplate = z.input<typeof saveCustomTemplateSchema>;

/** The service type segment of the list paths: one code, or ALL. */
export const templateServiceTypeParam = z.union([z.enum(SERVICE_TYPES), z.literal(ALL_SERVICE_TYPES)]);

/** companyId (the BOC), officeId (the store) and divisionId: one store division. */
export const storeDivisionQuerySchema = z.object({
  companyId: idParam,
  officeId: idParam,
  divisionId: divisionId.default('DIV004'),
});
export type StoreDivisionQuery = z.infer<typeof storeDivisionQuerySchema>;

/** `POST /templateCustom`: a store template of one division. */
export const saveStoreTemplateSchema = z.object({
  templateId: idParam.nullish(),
  title,
  body,
  serviceType,
});
export type SaveStoreTemplate = z.input<typeof saveStoreTemplateSchema>;

/** `GET /template/services` and `/template/sales`. */
export const templateListQuerySchema = storeDivisionQuerySchema.extend({
  source: z.enum(TEMPLATE_SOURCES).default('ALL'),
});

/** The merge fields' values for one interaction (spec §2 hover menus). */
export const mergeValuesSchema = z.object({
  assistant: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  customer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), cellular: z.string() }),
  office: z.object({ name: z.string(), address: z.string() }),
  product: z.object({
    vin: z.string(),
    make: z.string(),
    year: z.string(),
    model: z.string(),
    soldDate: z.string(),
    estDueDate: z.string(),
  }),
  service: z.object({ lastServiceDate: z.string(), lastServiceMonth: z.string() }),
  /** The recall a recall conversation is about (empty for other conversations). */
  recall: z.object({ campaign: z.string(), description: z.string(), type: z.string() }),
});
export type MergeValues = z.infer<typeof mergeValuesSchema>;

/** The query of the populated calls (spec §7). */
export const populatedQuerySchema = storeDivisionQuerySchema.extend({
  contactId: idParam.optional(),
  templateCode: z.string().max(60).optional(),
  /** Mode of communication: SMS bodies come back as plain text, EMAIL keeps the HTML. */
  moc: z.enum(['SMS', 'EMAIL']).default('SMS'),
  futureServiceInteractionId: idParam.optional(),
});
export type PopulatedQuery = z.infer<typeof populatedQuerySchema>;

export const populatedTemplateSchema = customTemplateSchema.extend({ populatedBody: z.string() });
export type PopulatedTemplate = z.infer<typeof populatedTemplateSchema>;

/**
 * What the populated calls return: the merge values of the interaction (the one named, else the
 * store's latest as a sample), and the store division's templates filled in with them.
 */
export const populatedTemplatesSchema = z.object({
  futureServiceInteractionId: id.nullable(),
  /** True when no interaction was named and the store's latest stands in as the sample. */
  sample: z.boolean(),
  values: mergeValuesSchema.nullable(),
  templates: z.array(populatedTemplateSchema),
});
export type PopulatedTemplates = z.infer<typeof populatedTemplatesSchema>;

/** `GET /template/body`: one template's body filled in for an interaction. */
export const templateBodyQuerySchema = z.object({ templateId: idParam, futureInteractionId: idParam });
export const templateBodySchema = z.object({ templateId: id, futureInteractionId: id, title: z.string(), body: z.string() });
export type TemplateBody = z.infer<typeof templateBodySchema>;
