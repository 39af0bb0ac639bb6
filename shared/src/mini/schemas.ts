/**
 * The response shapes the public pages read (the login, the session check, the lead forms and the
 * API's error shape), built with zod/mini. Classic zod cannot be tree-shaken and costs ~23 KB
 * compressed on every page that touches it; these cost a few. Each mirrors the classic schema of
 * the same name without "Mini" (the contract the API declares and its tests check), and
 * schemas.test.ts holds them to the same JSON schema, so the two cannot drift apart.
 */
import * as z from 'zod/mini';
import { DIVISIONS, EMP_LEVELS, ROLES } from '../codes';
import { ERROR_CODES } from '../error-codes';
import { LEAD_FORMS } from '../domains/lead-forms/constants';

export const apiErrorMiniSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })),
});

const roleDtoMiniSchema = z.object({
  roleId: z.int(),
  roleName: z.enum(ROLES),
  description: z.string(),
});

const tenantMiniSchema = z.object({
  tenantId: z.int(),
  officeId: z.nullable(z.int()),
  companyId: z.nullable(z.int()),
  divisionId: z.enum(DIVISIONS.map((d) => d.id) as [string, ...string[]]),
});

export const userDataMiniSchema = z.object({
  authToken: z.string(),
  userMasterId: z.int(),
  username: z.string(),
  roles: z.array(z.enum(ROLES)),
  roleDtos: z.array(roleDtoMiniSchema),
  empLevel: z.enum(EMP_LEVELS),
  tenant: z.nullable(tenantMiniSchema),
  enterprise: z.object({ id: z.int(), name: z.string() }),
  bocId: z.nullable(z.int()),
  storeId: z.nullable(z.int()),
  firstName: z.string(),
  lastName: z.string(),
  realTimeSync: z.boolean(),
  callingFeature: z.boolean(),
  office: z.nullable(z.object({ companyId: z.int(), officeId: z.int() })),
  division: z.nullable(z.object({ divisionId: z.string() })),
  expiresAt: z.string(),
});

export const leadSubmissionResultMiniSchema = z.object({
  status: z.enum(['success', 'failed']),
  message: z.string(),
  submissionId: z.nullable(z.int()),
  texted: z.boolean(),
  duplicate: z.boolean(),
  reason: z.nullable(z.string()),
});

export const leadFormConfigMiniSchema = z.object({
  form: z.enum(LEAD_FORMS),
  brandName: z.nullable(z.string()),
  storeName: z.nullable(z.string()),
  storePhoneNumber: z.nullable(z.string()),
  defaultMessage: z.string(),
  consentText: z.string(),
  consentVersion: z.string(),
});
