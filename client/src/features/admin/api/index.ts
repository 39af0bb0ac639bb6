import { z } from 'zod';
import {
  accessTokenSchema,
  adminAssistantSchema,
  adminBocSchema,
  adminEnterpriseSchema,
  adminStoreSchema,
  adminUserSchema,
  aivaFileNamesSchema,
  assistantFileSchema,
  adminAuditPageSchema,
  availableNumberSchema,
  bandwidthConfigSchema,
  chatCheckSchema,
  credentialCheckSchema,
  executeResultSchema,
  fileCheckSchema,
  fileVersionSchema,
  logoSchema,
  ownedNumberSchema,
  passwordResetResultSchema,
  registrationSchema,
  registrationStoreSchema,
  smsValidationSchema,
  successSchema,
  templatePreviewSchema,
  twilioConfigSchema,
  type A2pStatus,
  type AssistantInput,
  type BocInput,
  type EnterpriseInput,
  type RegistrationInput,
  type Role,
  type StoreInput,
  type TwilioConfigInput,
  type TwilioServiceType,
  type UserCreate,
  type UserUpdate,
} from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

// Every call here shows its own failure (forms name the field), so notify is off unless stated.
const quiet = { notify: false } as const;
const created = z.object({ id: z.number().int(), message: z.string() });
const invited = z.object({ user: adminUserSchema, invitationSentTo: z.string().nullable() });

export const adminApi = {
  enterprises: (signal?: AbortSignal) => apiRequest('/api/admin/enterprises', { schema: z.array(adminEnterpriseSchema), signal, ...quiet }),
  createEnterprise: (body: EnterpriseInput) => apiRequest('/api/admin/enterprises', { method: 'POST', body, schema: created, ...quiet }),
  updateEnterprise: (id: number, body: EnterpriseInput) => apiRequest(`/api/admin/enterprises/${id}`, { method: 'PUT', body, schema: successSchema, ...quiet }),
  saveLogo: (id: number, body: { contentType: string; data: string }) => apiRequest(`/api/admin/enterprises/${id}/logo`, { method: 'PUT', body, schema: successSchema, ...quiet }),
  logo: (id: number, signal?: AbortSignal) => apiRequest(`/api/enterprise/${id}/logo`, { schema: logoSchema, signal, ...quiet }),
  bocs: (enterpriseId: number, signal?: AbortSignal) => apiRequest(`/api/admin/enterprises/${enterpriseId}/bocs`, { schema: z.array(adminBocSchema), signal, ...quiet }),
  createBoc: (body: BocInput) => apiRequest('/api/admin/bocs', { method: 'POST', body, schema: created, ...quiet }),
  stores: (enterpriseId: number, signal?: AbortSignal) => apiRequest(`/api/admin/enterprises/${enterpriseId}/stores`, { schema: z.array(adminStoreSchema), signal, ...quiet }),
  createStore: (body: StoreInput) => apiRequest('/api/admin/stores', { method: 'POST', body, schema: created, ...quiet }),
  updateStore: (id: number, body: StoreInput) => apiRequest(`/api/admin/stores/${id}`, { method: 'PUT', body, schema: successSchema, ...quiet }),
  mapStore: (id: number, bocId: number) => apiRequest(`/api/admin/stores/${id}/mapping`, { method: 'PUT', body: { bocId }, schema: successSchema, ...quiet }),
  saveA2p: (id: number, body: { a2pStatus: A2pStatus; a2pBrandId: string | null; a2pCampaignId: string | null }) =>
    apiRequest(`/api/admin/stores/${id}/a2p`, { method: 'PUT', body, schema: successSchema, ...quiet }),
  users: (enterpriseId: number, signal?: AbortSignal) => apiRequest(`/api/admin/enterprises/${enterpriseId}/users`, { schema: z.array(adminUserSchema), signal, ...quiet }),
  createUser: (body: UserCreate) => apiRequest('/api/admin/users', { method: 'POST', body, schema: invited, ...quiet }),
  updateUser: (id: number, body: UserUpdate) => apiRequest(`/api/admin/users/${id}`, { method: 'PUT', body, schema: adminUserSchema, ...quiet }),
  block: (id: number, blocked: boolean) => apiRequest(`/api/admin/users/${id}/${blocked ? 'block' : 'unblock'}`, { method: 'POST', schema: adminUserSchema, ...quiet }),
  deleteGuest: (id: number) => apiRequest(`/api/admin/users/${id}`, { method: 'DELETE', schema: successSchema, ...quiet }),
  resetPassword: (id: number) => apiRequest(`/api/admin/users/${id}/password-reset`, { method: 'POST', schema: passwordResetResultSchema, ...quiet }),
  registrations: (enterpriseId: number, signal?: AbortSignal) => apiRequest(`/api/admin/enterprises/${enterpriseId}/registrations`, { schema: z.array(registrationSchema), signal, ...quiet }),
  approve: (id: number, roles: Role[]) => apiRequest(`/api/admin/registrations/${id}/approve`, { method: 'POST', body: { roles }, schema: invited, ...quiet }),
  decline: (id: number) => apiRequest(`/api/admin/registrations/${id}/decline`, { method: 'POST', schema: successSchema, ...quiet }),
  audit: (enterpriseId: number, page: number, size: number, signal?: AbortSignal) =>
    apiRequest(`/api/admin/enterprises/${enterpriseId}/audit`, { query: { page, size }, schema: adminAuditPageSchema, signal, ...quiet }),
  // Telephony
  twilioConfig: (storeId: number, twilioServiceType: TwilioServiceType, signal?: AbortSignal) =>
    apiRequest('/api/twilio/configuration', { query: { storeId, twilioServiceType }, schema: twilioConfigSchema.nullable(), signal, ...quiet }),
  saveTwilioConfig: (body: TwilioConfigInput) => apiRequest('/api/twilio/configuration', { method: 'PUT', body, schema: twilioConfigSchema, ...quiet }),
  validateTwilio: (body: { accountSid: string; authToken: string }) => apiRequest('/api/twilio/validate', { method: 'POST', body, schema: credentialCheckSchema, ...quiet }),
  bandwidthConfig: (storeId: number, signal?: AbortSignal) => apiRequest('/api/bandwidth/configuration', { query: { storeId }, schema: bandwidthConfigSchema.nullable(), signal, ...quiet }),
  saveBandwidthConfig: (body: { storeId: number; accountId: string; username: string; password: string; applicationId: string | null }) =>
    apiRequest('/api/bandwidth/configuration', { method: 'PUT', body, schema: bandwidthConfigSchema.nullable(), ...quiet }),
  validateSms: (storeId: number, provider: 'twilio' | 'bandwidth') => apiRequest(`/${provider}/validate-sms-configuration`, { method: 'POST', body: { storeId }, schema: smsValidationSchema, ...quiet }),
  chatCheck: (storeId: number) => apiRequest('/api/twilio/chat/check', { method: 'POST', body: { storeId }, schema: chatCheckSchema, ...quiet }),
  accessToken: (storeId: number) => apiRequest('/api/twilio/access-token', { query: { storeId }, schema: accessTokenSchema, ...quiet }),
  searchNumbers: (storeId: number, areaCode: string, provider: 'twilio' | 'bandwidth') =>
    provider === 'twilio'
      ? apiRequest('/api/twilio/phone-numbers', { query: { storeId, areaCode }, schema: z.array(availableNumberSchema), ...quiet })
      : apiRequest('/api/bandwidth/search', { method: 'POST', body: { storeId, areaCode }, schema: z.array(availableNumberSchema), ...quiet }),
  buyNumber: (storeId: number, phoneNumber: string, provider: 'twilio' | 'bandwidth') =>
    apiRequest(provider === 'twilio' ? '/api/twilio/phone-numbers/purchase' : '/api/bandwidth/order', { method: 'POST', body: { storeId, phoneNumber }, schema: ownedNumberSchema, ...quiet }),
  assignNumber: (phoneNumber: string, storeId: number, divisionId: string) =>
    apiRequest('/api/phone-numbers/assign', { method: 'POST', body: { phoneNumber, storeId, divisionId }, schema: ownedNumberSchema, ...quiet }),
  numbers: (enterpriseId: number, signal?: AbortSignal) => apiRequest(`/api/admin/enterprises/${enterpriseId}/phone-numbers`, { schema: z.array(ownedNumberSchema), signal, ...quiet }),
  // The assistant
  assistants: (storeId: number, signal?: AbortSignal) => apiRequest(`/api/admin/stores/${storeId}/assistants`, { schema: z.array(adminAssistantSchema), signal, ...quiet }),
  saveAssistant: (id: number | null, body: AssistantInput) =>
    apiRequest(id === null ? '/api/admin/assistants' : `/api/admin/assistants/${id}`, { method: id === null ? 'POST' : 'PUT', body, schema: adminAssistantSchema, ...quiet }),
  fileNames: (storeId: number, divisionId: string, signal?: AbortSignal) => apiRequest('/aiva/fileNames', { query: { storeId, divisionId }, schema: aivaFileNamesSchema, signal, ...quiet }),
  files: (kind: 'tpl' | 'aiva', storeId: number, divisionId: string, signal?: AbortSignal) =>
    apiRequest(`/aiva/developer/files/${kind}`, { query: { storeId, divisionId }, schema: z.array(assistantFileSchema), signal, ...quiet }),
  saveFile: (body: { storeId: number; divisionId: string; fileName: string; fileContent: string }) => apiRequest('/aiva/developer/file', { method: 'PUT', body, schema: assistantFileSchema, ...quiet }),
  versions: (storeId: number, divisionId: string, fileName: string, signal?: AbortSignal) =>
    apiRequest('/aiva/developer/file/versions', { query: { storeId, divisionId, fileName }, schema: z.array(fileVersionSchema), signal, ...quiet }),
  rollback: (body: { storeId: number; divisionId: string; fileName: string; version: number }) => apiRequest('/aiva/developer/file/rollback', { method: 'POST', body, schema: assistantFileSchema, ...quiet }),
  preview: (futureServiceInteractionId: number, fileContent: string) => apiRequest('/aiva/developer/template/preview', { method: 'POST', body: { futureServiceInteractionId, fileContent }, schema: templatePreviewSchema, ...quiet }),
  validate: (fileName: string, fileContent: string) => apiRequest('/aiva/developer/aiva/validate', { method: 'POST', body: { fileName, fileContent }, schema: fileCheckSchema, ...quiet }),
  execute: (body: { storeId: number; divisionId: string; message: string; futureServiceInteractionId: number | null }) =>
    apiRequest('/aiva/developer/execute', { method: 'POST', body, schema: executeResultSchema, ...quiet }),
  log: (storeId: number, divisionId: string, signal?: AbortSignal) => apiRequest('/aiva/developer/log', { method: 'POST', body: { storeId, divisionId, limit: 50 }, schema: z.array(executeResultSchema), signal, ...quiet }),
  // Account pages
  registrationStores: (signal?: AbortSignal) => apiRequest('/user/register/stores', { schema: z.array(registrationStoreSchema), signal, ...quiet }),
  register: (body: RegistrationInput) => apiRequest('/user/register', { method: 'POST', body, schema: successSchema, ...quiet, handleUnauthorized: false }),
  forgot: (username: string) => apiRequest('/user/password/forgot', { method: 'POST', body: { username }, schema: successSchema, ...quiet, handleUnauthorized: false }),
  resetPassword2: (token: string, password: string) => apiRequest('/user/password/reset', { method: 'POST', body: { token, password }, schema: successSchema, ...quiet, handleUnauthorized: false }),
  changePassword: (currentPassword: string, newPassword: string) => apiRequest('/user/password/change', { method: 'POST', body: { currentPassword, newPassword }, schema: successSchema, ...quiet }),
};
