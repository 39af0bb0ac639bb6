import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  adminAssistantSchema,
  aivaFileNamesSchema,
  assistantFileSchema,
  assistantInputSchema,
  devLogInputSchema,
  executeInputSchema,
  executeResultSchema,
  fileCheckSchema,
  fileRollbackSchema,
  fileSaveSchema,
  fileScopeSchema,
  fileVersionSchema,
  templatePreviewInputSchema,
  templatePreviewSchema,
} from '@drivebay/shared';
import { createAssistant, listAssistants, updateAssistant } from '../services/assistant-config/assistants';
import { devLog, execute, previewTemplate, validateFile } from '../services/assistant-config/developer';
import { aivaFileNames, fileVersions, listAivaFiles, listTemplateFiles, rollbackFile, saveFile } from '../services/assistant-config/files';
import type { AppEnv } from '../types';
import { adminCommon, conflict, jsonBody } from './admin-common';
import { errorResponses, idParam, json } from './common';

const a = adminCommon('Assistant configuration');
const dev = adminCommon('Assistant developer area');

const r = {
  list: createRoute({ ...a, method: 'get', path: '/api/admin/stores/{storeId}/assistants', summary: 'The assistants of a store, per division', request: { params: z.object({ storeId: idParam }) }, responses: { 200: json(z.array(adminAssistantSchema)), ...errorResponses } }),
  create: createRoute({ ...a, method: 'post', path: '/api/admin/assistants', summary: 'Add an assistant to a store division', request: jsonBody(assistantInputSchema), responses: { 200: json(adminAssistantSchema), ...errorResponses, ...conflict } }),
  update: createRoute({ ...a, method: 'put', path: '/api/admin/assistants/{assistantId}', summary: 'Edit an assistant: names, number, sender (initializerProcessEnabled), isFullyAiva', request: { params: z.object({ assistantId: idParam }), ...jsonBody(assistantInputSchema) }, responses: { 200: json(adminAssistantSchema), ...errorResponses, ...conflict } }),
  fileNames: createRoute({ ...a, method: 'get', path: '/aiva/fileNames', summary: 'The assistant’s file names and its tenant', request: { query: fileScopeSchema }, responses: { 200: json(aivaFileNamesSchema), ...errorResponses } }),
  tpl: createRoute({ ...dev, method: 'get', path: '/aiva/developer/files/tpl', summary: 'The reply templates as the store division uses them', request: { query: fileScopeSchema }, responses: { 200: json(z.array(assistantFileSchema)), ...errorResponses } }),
  aiva: createRoute({ ...dev, method: 'get', path: '/aiva/developer/files/aiva', summary: 'The intent-rules file of the store division', request: { query: fileScopeSchema }, responses: { 200: json(z.array(assistantFileSchema)), ...errorResponses } }),
  save: createRoute({ ...dev, method: 'put', path: '/aiva/developer/file', summary: 'Save a file (validated first) as a new version the assistant uses', request: jsonBody(fileSaveSchema), responses: { 200: json(assistantFileSchema), ...errorResponses } }),
  versions: createRoute({ ...dev, method: 'get', path: '/aiva/developer/file/versions', summary: 'Every version of a file, newest first', request: { query: fileScopeSchema.extend({ fileName: z.string().min(1).max(80) }) }, responses: { 200: json(z.array(fileVersionSchema)), ...errorResponses } }),
  rollback: createRoute({ ...dev, method: 'post', path: '/aiva/developer/file/rollback', summary: 'Roll a file back to an older version (saved as a new version)', request: jsonBody(fileRollbackSchema), responses: { 200: json(assistantFileSchema), ...errorResponses } }),
  preview: createRoute({ ...dev, method: 'post', path: '/aiva/developer/template/preview', summary: 'Render a template with a real interaction’s merge fields', request: jsonBody(templatePreviewInputSchema), responses: { 200: json(templatePreviewSchema), ...errorResponses } }),
  validate: createRoute({ ...dev, method: 'post', path: '/aiva/developer/aiva/validate', summary: 'Check a file against its schema without saving it', request: jsonBody(fileSaveSchema.pick({ fileName: true, fileContent: true })), responses: { 200: json(fileCheckSchema), ...errorResponses } }),
  execute: createRoute({ ...dev, method: 'post', path: '/aiva/developer/execute', summary: 'Run the rules, the analyzer and the loop’s decision on a sample message, sending nothing', request: jsonBody(executeInputSchema), responses: { 200: json(executeResultSchema), ...errorResponses } }),
  log: createRoute({ ...dev, method: 'post', path: '/aiva/developer/log', summary: 'The recent decisions with their inputs', request: jsonBody(devLogInputSchema), responses: { 200: json(z.array(executeResultSchema)), ...errorResponses } }),
};

export const assistantConfigRoutes = new OpenAPIHono<AppEnv>()
  .openapi(r.list, async (c) => c.json(await listAssistants(c.var.sql, c.var.user, c.req.valid('param').storeId), 200))
  .openapi(r.create, async (c) => c.json(await createAssistant(c.var.sql, c.var.user, c.req.valid('json')), 200))
  .openapi(r.update, async (c) => c.json(await updateAssistant(c.var.sql, c.var.user, c.req.valid('param').assistantId, c.req.valid('json')), 200))
  .openapi(r.fileNames, async (c) => c.json(await aivaFileNames(c.var.sql, c.var.user, c.req.valid('query')), 200))
  .openapi(r.tpl, async (c) => c.json(await listTemplateFiles(c.var.sql, c.var.user, c.req.valid('query')), 200))
  .openapi(r.aiva, async (c) => c.json(await listAivaFiles(c.var.sql, c.var.user, c.req.valid('query')), 200))
  .openapi(r.save, async (c) => c.json(await saveFile(c.var.sql, c.var.user, c.req.valid('json')), 200))
  .openapi(r.versions, async (c) => c.json(await fileVersions(c.var.sql, c.var.user, c.req.valid('query')), 200))
  .openapi(r.rollback, async (c) => c.json(await rollbackFile(c.var.sql, c.var.user, c.req.valid('json')), 200))
  .openapi(r.preview, async (c) => c.json(await previewTemplate(c.var.sql, c.var.user, c.req.valid('json')), 200))
  .openapi(r.validate, (c) => c.json(validateFile(c.var.user, c.req.valid('json')), 200))
  .openapi(r.execute, async (c) => c.json(await execute(c.var.sql, c.var.user, c.req.valid('json')), 200))
  .openapi(r.log, async (c) => c.json(await devLog(c.var.sql, c.var.user, c.req.valid('json')), 200));
