// The public pages' response shapes, checked without zod (see parse.ts). Each mirrors the classic
// schema named in its comment; shapes.test.ts checks they agree.
import { DIVISIONS, EMP_LEVELS, ROLES } from '../user-codes';
import { ERROR_CODES } from '../error-codes';
import { LEAD_FORMS } from '../domains/lead-forms/constants';
import { array, boolean, int, nullable, object, oneOf, string, withSafeParse } from './parse';

/** apiErrorSchema (errors.ts). */
export const apiErrorShape = withSafeParse(
  object({ code: oneOf(ERROR_CODES), message: string, details: array(object({ field: string, message: string })) }),
);

/** userDataSchema (domains/auth/schemas.ts). */
export const userDataShape = withSafeParse(
  object({
    authToken: string,
    userMasterId: int,
    username: string,
    roles: array(oneOf(ROLES)),
    roleDtos: array(object({ roleId: int, roleName: oneOf(ROLES), description: string })),
    empLevel: oneOf(EMP_LEVELS),
    tenant: nullable(object({ tenantId: int, officeId: nullable(int), companyId: nullable(int), divisionId: oneOf(DIVISIONS.map((d) => d.id)) })),
    enterprise: object({ id: int, name: string }),
    bocId: nullable(int),
    storeId: nullable(int),
    firstName: string,
    lastName: string,
    realTimeSync: boolean,
    callingFeature: boolean,
    office: nullable(object({ companyId: int, officeId: int })),
    division: nullable(object({ divisionId: string })),
    expiresAt: string,
  }),
);

/** leadSubmissionResultSchema (domains/lead-forms/schemas.ts). */
export const leadSubmissionResultShape = withSafeParse(
  object({
    status: oneOf(['success', 'failed']),
    message: string,
    submissionId: nullable(int),
    texted: boolean,
    duplicate: boolean,
    reason: nullable(string),
  }),
);

/** leadFormConfigSchema (domains/lead-forms/schemas.ts). */
export const leadFormConfigShape = withSafeParse(
  object({
    form: oneOf(LEAD_FORMS),
    brandName: nullable(string),
    storeName: nullable(string),
    storePhoneNumber: nullable(string),
    dealerName: nullable(string),
    dealerLogoUrl: nullable(string),
    defaultMessage: string,
    consentText: string,
    consentVersion: string,
  }),
);
