import type { Role } from '../../codes';

/**
 * What an administrator can do, one action per group of administrative calls. The matrix below is
 * the product's decision (the specification does not show it); docs/permissions.md explains it.
 */
export const ADMIN_ACTIONS = [
  'ORG_VIEW',
  'ENTERPRISE_CREATE',
  'ENTERPRISE_EDIT',
  'ORG_EDIT',
  'USERS_VIEW',
  'USERS_MANAGE',
  'TELEPHONY_MANAGE',
  'ASSISTANT_CONFIGURE',
  'ASSISTANT_DEVELOP',
  'AUDIT_VIEW',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** Human-readable names of the actions, for the permissions table on screen. */
export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  ORG_VIEW: 'See the organisation (enterprises, BOCs, stores)',
  ENTERPRISE_CREATE: 'Create enterprises',
  ENTERPRISE_EDIT: 'Edit the enterprise, its logo, lead forms and outgoing email',
  ORG_EDIT: 'Create and edit BOCs and stores, map stores',
  USERS_VIEW: 'See users and registration requests',
  USERS_MANAGE: 'Create, update, block, unblock, delete guests, reset passwords, approve requests',
  TELEPHONY_MANAGE: 'Carrier accounts, numbers, chat settings, texting registration',
  ASSISTANT_CONFIGURE: 'The assistant per store and division',
  ASSISTANT_DEVELOP: 'The assistant’s files: edit, preview, validate, execute, roll back',
  AUDIT_VIEW: 'Read the audit log',
};

const ALL: readonly AdminAction[] = ADMIN_ACTIONS;

/** Per role, the actions it may take; any of a user's roles grants its actions. */
export const ADMIN_PERMISSIONS: Record<Role, readonly AdminAction[]> = {
  SUPER_ADMIN: ALL,
  SUPER_DATA_ADMIN: ['ORG_VIEW', 'USERS_VIEW', 'TELEPHONY_MANAGE', 'ASSISTANT_CONFIGURE', 'ASSISTANT_DEVELOP', 'AUDIT_VIEW'],
  ENTERPRISE_ADMIN: ['ORG_VIEW', 'ENTERPRISE_EDIT', 'ORG_EDIT', 'USERS_VIEW', 'USERS_MANAGE', 'TELEPHONY_MANAGE', 'ASSISTANT_CONFIGURE', 'ASSISTANT_DEVELOP', 'AUDIT_VIEW'],
  CORPORATE_ADMIN: ['ORG_VIEW', 'ENTERPRISE_EDIT', 'ORG_EDIT', 'USERS_VIEW', 'USERS_MANAGE', 'AUDIT_VIEW'],
  OFFICE_MANAGER: ['ORG_VIEW', 'USERS_VIEW', 'USERS_MANAGE', 'ASSISTANT_CONFIGURE'],
  DIVISION_MANAGER: ['ORG_VIEW', 'USERS_VIEW'],
  SUPER_USER: ['ORG_VIEW', 'USERS_VIEW', 'ASSISTANT_DEVELOP', 'AUDIT_VIEW'],
  SALES_REP: [],
  ENTERPRISE_USER: [],
  OFFICE_USER: [],
};

/** Whether any of these roles may take the action. */
export function canAdmin(roles: readonly Role[], action: AdminAction): boolean {
  return roles.some((r) => ADMIN_PERMISSIONS[r]?.includes(action));
}

/** Whether these roles may open the administration screens at all. */
export function canOpenAdmin(roles: readonly Role[]): boolean {
  return ADMIN_ACTIONS.some((a) => canAdmin(roles, a));
}

/** Roles only a super admin may give: they reach every enterprise. */
export const SUPER_ROLES: readonly Role[] = ['SUPER_ADMIN', 'SUPER_DATA_ADMIN', 'SUPER_USER'];

/**
 * Roles a user with these roles may give to others. Nobody hands out a role above their own: a
 * super admin gives any; enterprise and corporate admins every role below super; an office
 * manager the roles of a store's staff.
 */
export function grantableRoles(roles: readonly Role[]): Role[] {
  if (roles.includes('SUPER_ADMIN')) return [...ROLE_ORDER];
  if (roles.includes('ENTERPRISE_ADMIN') || roles.includes('CORPORATE_ADMIN')) return ROLE_ORDER.filter((r) => !SUPER_ROLES.includes(r));
  if (roles.includes('OFFICE_MANAGER')) return ['OFFICE_MANAGER', 'OFFICE_USER', 'SALES_REP'];
  return [];
}

const ROLE_ORDER: readonly Role[] = [
  'SUPER_ADMIN', 'SUPER_DATA_ADMIN', 'SUPER_USER', 'ENTERPRISE_ADMIN', 'CORPORATE_ADMIN', 'ENTERPRISE_USER',
  'DIVISION_MANAGER', 'OFFICE_MANAGER', 'OFFICE_USER', 'SALES_REP',
];

/** The administration screens' route and the public page a password link opens. */
export const ADMIN_PATHS = { admin: '/admin', resetPassword: '/reset-password' } as const;
