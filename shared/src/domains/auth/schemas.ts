import { z } from 'zod';
import { DIVISIONS, EMP_LEVELS, ROLES } from '../../codes';
import { LOGIN_TEXT } from './login';

export const loginSchema = z.object({
  username: z.string({ error: LOGIN_TEXT.usernameRequired }).trim().min(1, LOGIN_TEXT.usernameRequired).max(100),
  password: z.string({ error: LOGIN_TEXT.passwordRequired }).min(1, LOGIN_TEXT.passwordRequired).max(200),
});
export type Login = z.infer<typeof loginSchema>;

export const roleDtoSchema = z.object({
  roleId: z.number().int(),
  roleName: z.enum(ROLES),
  description: z.string(),
});
export type RoleDto = z.infer<typeof roleDtoSchema>;

/** The store a store-level user works in; null for users whose scope is wider than one store. */
export const tenantSchema = z.object({
  tenantId: z.number().int(),
  officeId: z.number().int().nullable(),
  companyId: z.number().int().nullable(),
  divisionId: z.enum(DIVISIONS.map((d) => d.id) as [string, ...string[]]),
});
export type Tenant = z.infer<typeof tenantSchema>;

/** What `POST /user/v2/login` returns and the client keeps as its user data. */
export const userDataSchema = z.object({
  authToken: z.string(),
  userMasterId: z.number().int(),
  username: z.string(),
  roles: z.array(z.enum(ROLES)),
  roleDtos: z.array(roleDtoSchema),
  empLevel: z.enum(EMP_LEVELS),
  tenant: tenantSchema.nullable(),
  enterprise: z.object({ id: z.number().int(), name: z.string() }),
  /** The BOC and store this user's scope is pinned to, when narrower than the enterprise. */
  bocId: z.number().int().nullable(),
  storeId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  realTimeSync: z.boolean(),
  callingFeature: z.boolean(),
  /** Current data: the office (store) and division the user works in, when fixed. */
  office: z.object({ companyId: z.number().int(), officeId: z.number().int() }).nullable(),
  division: z.object({ divisionId: z.string() }).nullable(),
  /** When the server ends this session unless it is used again (ISO-8601). */
  expiresAt: z.string(),
});
export type UserData = z.infer<typeof userDataSchema>;
