// The codes a signed-in user's data is made of (roles, scope levels, divisions), apart from the
// other code lists of codes.ts, which re-exports them: the client's login page checks a user's
// data against these and should not download every list of the product to do it.

/** User roles, in the order the specification lists them. */
export const ROLES = [
  'OFFICE_MANAGER',
  'DIVISION_MANAGER',
  'SALES_REP',
  'CORPORATE_ADMIN',
  'SUPER_DATA_ADMIN',
  'SUPER_ADMIN',
  'ENTERPRISE_ADMIN',
  'ENTERPRISE_USER',
  'OFFICE_USER',
  'SUPER_USER',
] as const;
export type Role = (typeof ROLES)[number];

/**
 * How far a user's scope reaches: every enterprise, one enterprise, one BOC or one store.
 * Sent to clients as `empLevel`.
 */
export const EMP_LEVELS = ['SUPER', 'ENTERPRISE', 'BOC', 'STORE'] as const;
export type EmpLevel = (typeof EMP_LEVELS)[number];

export const DIVISIONS = [
  { id: 'DIV001', name: 'Sales (Pre Sales)' },
  { id: 'DIV002', name: 'BUY' },
  { id: 'DIV003', name: 'Extended Pre Sales' },
  { id: 'DIV004', name: 'Service' },
  { id: 'DIV005', name: 'Renewal Expired' },
] as const;
export type DivisionId = (typeof DIVISIONS)[number]['id'];
