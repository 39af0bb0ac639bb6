import { z } from 'zod';
import {
  customTemplateSchema,
  populatedTemplateSchema,
  populatedTemplatesSchema,
  savedTemplateSchema,
  successSchema,
  templateBodySchema,
  type CustomTemplate,
  type PopulatedTemplates,
  type SavedTemplate,
  type SaveCustomTemplate,
  type ServiceType,
  type SignedLinkQuery,
  type TemplateBody,
} from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

/** A template as the view lists it; the deal room's lists carry the body filled in. */
export type TemplateRow = CustomTemplate & { populatedBody?: string };
export type TemplateServiceType = ServiceType | 'ALL';
export type { SavedTemplate };

/**
 * Where the templates view reads and writes. The signed-in app uses the template calls; the deal
 * room opened from a link can only read (and has no save or remove).
 */
export type TemplateSource = {
  /** Changes when the lists are another user's or scope's, so the view reloads. */
  key: string;
  listPersonal: (serviceType: TemplateServiceType, signal: AbortSignal) => Promise<TemplateRow[]>;
  listGroup: (serviceType: TemplateServiceType, signal: AbortSignal) => Promise<TemplateRow[]>;
  save?: (input: SaveCustomTemplate) => Promise<SavedTemplate>;
  remove?: (templateId: number) => Promise<{ message: string }>;
  /** The enterprise new group templates belong to. */
  enterpriseId: number | null;
  /** Whether the user may add group templates (administrators and managers). */
  canAddGroup: boolean;
};

// Template failures show a warning with the server's message or 'Server Error!' (spec §8); the
// view raises it, so the API client's generic notice is off.
const quiet = { notify: false } as const;
const list = z.array(customTemplateSchema);

export function listPersonalTemplates(serviceType: TemplateServiceType, signal?: AbortSignal) {
  return apiRequest(`/api/customTemplate/user/${serviceType}`, { schema: list, signal, ...quiet });
}

export function listGroupTemplates(enterpriseId: number, serviceType: TemplateServiceType, signal?: AbortSignal) {
  return apiRequest(`/api/customTemplate/${enterpriseId}/${serviceType}`, { schema: list, signal, ...quiet });
}

/** Adds (no templateId) or updates (templateId) a template. */
export function saveTemplate(body: SaveCustomTemplate): Promise<SavedTemplate> {
  return apiRequest('/api/customTemplate', { method: 'POST', body, schema: savedTemplateSchema, ...quiet });
}

export function deleteTemplate(templateId: number) {
  return apiRequest(`/api/customTemplate/${templateId}`, { method: 'DELETE', schema: successSchema, ...quiet });
}

/** A template's body filled in for an interaction. */
export function getTemplateBody(templateId: number, futureInteractionId: number): Promise<TemplateBody> {
  return apiRequest('/template/body', { query: { templateId, futureInteractionId }, schema: templateBodySchema, ...quiet });
}

/**
 * The merge values of an interaction (or of the store's latest conversation, as a sample) with the
 * store's service templates filled in.
 */
export function getPopulatedTemplates(
  query: { companyId: number; officeId: number; divisionId?: string; futureServiceInteractionId?: number },
  signal?: AbortSignal,
): Promise<PopulatedTemplates> {
  return apiRequest('/templateCustom/services/populated', { query, schema: populatedTemplatesSchema, signal, ...quiet });
}

/** The signed-in user's templates. */
export function signedInTemplateSource(opts: { userKey: string; enterpriseId: number | null; canAddGroup: boolean }): TemplateSource {
  return {
    key: `${opts.userKey}:${opts.enterpriseId ?? '-'}`,
    listPersonal: (serviceType, signal) => listPersonalTemplates(serviceType, signal),
    listGroup: (serviceType, signal) =>
      opts.enterpriseId === null ? Promise.resolve([]) : listGroupTemplates(opts.enterpriseId, serviceType, signal),
    save: saveTemplate,
    remove: deleteTemplate,
    enterpriseId: opts.enterpriseId,
    canAddGroup: opts.canAddGroup,
  };
}

/** The templates of a deal-room link's user, read through the link (no login, read-only). */
export function dealRoomTemplateSource(link: SignedLinkQuery): TemplateSource {
  const load = (source: 'PERSONAL' | 'GROUP', signal: AbortSignal) =>
    apiRequest('/servicedealroom/templates', {
      query: { ...link, source },
      schema: z.array(populatedTemplateSchema),
      signal,
      notify: false,
      handleUnauthorized: false,
    });
  return {
    key: `link:${link.futureServiceInteractionId}:${link.userMasterId}`,
    listPersonal: (_serviceType, signal) => load('PERSONAL', signal),
    listGroup: (_serviceType, signal) => load('GROUP', signal),
    enterpriseId: null,
    canAddGroup: false,
  };
}
