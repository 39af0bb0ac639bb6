import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  customTemplateSchema,
  populatedQuerySchema,
  populatedTemplatesSchema,
  saveCustomTemplateSchema,
  savedTemplateSchema,
  saveStoreTemplateSchema,
  storeDivisionQuerySchema,
  templateBodyQuerySchema,
  templateBodySchema,
  templateListQuerySchema,
  successSchema,
  templateServiceTypeParam,
} from '@drivebay/shared';
import { requireUser } from '../middleware/auth';
import { deleteCustomTemplate, listGroupTemplates, listPersonalTemplates, saveCustomTemplate } from '../services/templates/custom-templates';
import {
  SERVICE_DIVISION,
  listStoreTemplates,
  populatedTemplates,
  salesDivision,
  saveStoreTemplate,
  templateBodyFor,
  usableTemplates,
} from '../services/templates/store-templates';
import type { AppEnv } from '../types';
import { bearer, errorResponses, idParam, json } from './common';

const common = { tags: ['Templates'], security: bearer, middleware: [requireUser] };
const body = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } });
const list = json(z.array(customTemplateSchema));

const personalRoute = createRoute({
  ...common,
  method: 'get',
  path: '/api/customTemplate/user/{serviceType}',
  summary: 'The caller’s personal templates of a service type (ALL for every type)',
  request: { params: z.object({ serviceType: templateServiceTypeParam }) },
  responses: { 200: list, ...errorResponses },
});

const groupRoute = createRoute({
  ...common,
  method: 'get',
  path: '/api/customTemplate/{enterpriseId}/{serviceType}',
  summary: 'The enterprise’s group templates of a service type (ALL for every type)',
  request: { params: z.object({ enterpriseId: idParam, serviceType: templateServiceTypeParam }) },
  responses: { 200: list, ...errorResponses },
});

const saveRoute = createRoute({
  ...common,
  method: 'post',
  path: '/api/customTemplate',
  summary: 'Update the template templateId names, or add one (group with enterpriseId, else personal)',
  request: body(saveCustomTemplateSchema),
  responses: { 200: json(savedTemplateSchema), ...errorResponses },
});

const deleteRoute = createRoute({
  ...common,
  method: 'delete',
  path: '/api/customTemplate/{templateId}',
  summary: 'Delete a template (own personal ones; shared ones for administrators and managers)',
  request: { params: z.object({ templateId: idParam }) },
  responses: { 200: json(successSchema), ...errorResponses },
});

const storeListRoute = createRoute({
  ...common,
  method: 'get',
  path: '/templateCustom',
  summary: 'The templates of one store division (companyId is the BOC, officeId the store)',
  request: { query: storeDivisionQuerySchema },
  responses: { 200: list, ...errorResponses },
});

const storeSaveRoute = createRoute({
  ...common,
  method: 'post',
  path: '/templateCustom',
  summary: 'Add a template to a store division, or update one (administrators and managers)',
  request: { query: storeDivisionQuerySchema, ...body(saveStoreTemplateSchema) },
  responses: { 200: json(savedTemplateSchema), ...errorResponses },
});

const populatedServicesRoute = createRoute({
  ...common,
  method: 'get',
  path: '/templateCustom/services/populated',
  summary: 'Merge values of an interaction (or the store’s latest as a sample) and the service templates filled in',
  request: { query: populatedQuerySchema },
  responses: { 200: json(populatedTemplatesSchema), ...errorResponses },
});

const populatedSalesRoute = createRoute({
  ...common,
  method: 'get',
  path: '/templateDynamicParts/v2/templateCustom/sales/populated',
  summary: 'Merge values of an interaction (or the store’s latest as a sample) and the sales templates filled in',
  request: { query: populatedQuerySchema },
  responses: { 200: json(populatedTemplatesSchema), ...errorResponses },
});

const servicesListRoute = createRoute({
  ...common,
  method: 'get',
  path: '/template/services',
  summary: 'Templates usable in a store’s service division (source ALL, PERSONAL, GROUP or STORE)',
  request: { query: templateListQuerySchema },
  responses: { 200: list, ...errorResponses },
});

const salesListRoute = createRoute({
  ...common,
  method: 'get',
  path: '/template/sales',
  summary: 'Templates usable in a store’s sales division (source ALL, PERSONAL, GROUP or STORE)',
  request: { query: templateListQuerySchema },
  responses: { 200: list, ...errorResponses },
});

const bodyRoute = createRoute({
  ...common,
  method: 'get',
  path: '/template/body',
  summary: 'One template’s body with its merge fields filled in for an interaction',
  request: { query: templateBodyQuerySchema },
  responses: { 200: json(templateBodySchema), ...errorResponses },
});

/** The template calls of spec §7; the personal list is registered before the group list it resembles. */
export const templateRoutes = new OpenAPIHono<AppEnv>()
  .openapi(personalRoute, async (c) => c.json(await listPersonalTemplates(c.var.sql, c.var.user, c.req.valid('param').serviceType), 200))
  .openapi(groupRoute, async (c) => {
    const p = c.req.valid('param');
    return c.json(await listGroupTemplates(c.var.sql, c.var.user, p.enterpriseId, p.serviceType), 200);
  })
  .openapi(saveRoute, async (c) => c.json(await saveCustomTemplate(c.var.sql, c.var.user, c.req.valid('json')), 200))
  .openapi(deleteRoute, async (c) => c.json(await deleteCustomTemplate(c.var.sql, c.var.user, c.req.valid('param').templateId), 200))
  .openapi(storeListRoute, async (c) => c.json(await listStoreTemplates(c.var.sql, c.var.user, c.req.valid('query')), 200))
  .openapi(storeSaveRoute, async (c) =>
    c.json(await saveStoreTemplate(c.var.sql, c.var.user, c.req.valid('query'), c.req.valid('json')), 200),
  )
  .openapi(populatedServicesRoute, async (c) =>
    c.json(await populatedTemplates(c.var.sql, c.var.user, { ...c.req.valid('query'), divisionId: SERVICE_DIVISION }), 200),
  )
  .openapi(populatedSalesRoute, async (c) => {
    const q = c.req.valid('query');
    return c.json(await populatedTemplates(c.var.sql, c.var.user, { ...q, divisionId: salesDivision(q.divisionId) }), 200);
  })
  .openapi(servicesListRoute, async (c) =>
    c.json(await usableTemplates(c.var.sql, c.var.user, { ...c.req.valid('query'), divisionId: SERVICE_DIVISION }), 200),
  )
  .openapi(salesListRoute, async (c) => {
    const q = c.req.valid('query');
    return c.json(await usableTemplates(c.var.sql, c.var.user, { ...q, divisionId: salesDivision(q.divisionId) }), 200);
  })
  .openapi(bodyRoute, async (c) => {
    const q = c.req.valid('query');
    return c.json(await templateBodyFor(c.var.sql, c.var.user, q.templateId, q.futureInteractionId), 200);
  });
