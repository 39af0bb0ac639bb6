import type { Role, UserData } from '@drivebay/shared';

/** Roles that administer companies and may open the company directory. */
const COMPANY_DIRECTORY_ROLES: ReadonlySet<Role> = new Set([
  'SUPER_ADMIN',
  'ENTERPRISE_ADMIN',
  'CORPORATE_ADMIN',
  'SUPER_DATA_ADMIN',
]);

/** Any of the user's roles counts here (unlike the login redirect, which looks at the first only). */
export function canOpenCompanyDirectory(user: Pick<UserData, 'roles'>): boolean {
  return user.roles.some((role) => COMPANY_DIRECTORY_ROLES.has(role));
}
