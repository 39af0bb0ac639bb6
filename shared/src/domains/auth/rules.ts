import type { UserData } from './schemas';

/** The client's route paths, written once. */
export const PATHS = {
  login: '/login',
  register: '/register',
  layout: '/layout',
  notFound: '/404',
  serverError: '/500',
  leadManager: '/leadmanager',
  globalInbox: '/leadmanager/globalinbox',
  maxResponseTime: '/leadmanager/max-response-time',
  globalInbox0: '/leadmanager/globalinbox0',
  companyMasterList: '/CompanyMasterList',
  swimlane: '/swimlane',
  appointments: '/appointments',
  templates: '/templates',
  mailingLists: '/mailinglist',
  mailingListDetails: '/mailinglist/details',
  salesAppointment: '/sales/appointment',
  planners: '/planners',
  dataSync: '/data-sync',
  customer: '/customer/:bocId/:storeId/:customerId',
} as const;

/** The address of a customer's page in one store. */
export function customerPagePath(o: { bocId: number; storeId: number; customerId: number }): string {
  return `/customer/${o.bocId}/${o.storeId}/${o.customerId}`;
}

/** Paths a logged-out visitor may open; everything else sends them to /login. */
export const LOGGED_OUT_PATHS: readonly string[] = [
  PATHS.layout,
  PATHS.register,
  PATHS.notFound,
  PATHS.serverError,
  PATHS.login,
];

const LEAD_MANAGER_ROLES = new Set([
  'OFFICE_MANAGER',
  'DIVISION_MANAGER',
  'SALES_REP',
  'CORPORATE_ADMIN',
  'SUPER_DATA_ADMIN',
]);

/**
 * Where a logged-in user lands, from the login guard's redirect table. Only the first role
 * counts, as the specification says.
 */
export function homePathFor(user: Pick<UserData, 'roles' | 'empLevel' | 'tenant' | 'enterprise'>): string {
  const first = user.roles[0];
  if (first && LEAD_MANAGER_ROLES.has(first)) return PATHS.leadManager;
  if (first === 'SUPER_ADMIN') return PATHS.companyMasterList;
  if (first === 'ENTERPRISE_ADMIN' && user.empLevel === 'ENTERPRISE' && user.tenant === null) {
    return `${PATHS.companyMasterList}?enterprise=${user.enterprise.id}`;
  }
  return PATHS.leadManager;
}

/**
 * A deal-room link (carries `servicepage` and `future_service_interaction_id`) opens the
 * logged-in /leadmanager deal-room page with the same query.
 */
export function dealRoomTarget(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!params.has('servicepage') || !params.has('future_service_interaction_id')) return null;
  return `${PATHS.leadManager}?${params.toString()}`;
}

/**
 * `custom-search-version=v2` turns the custom-search v2 flag on and `v3` turns it off; any other
 * value (or none) leaves it as it was.
 */
export function customSearchV2Flag(search: string, current: boolean): boolean {
  const v = new URLSearchParams(search).get('custom-search-version');
  if (v === 'v2') return true;
  if (v === 'v3') return false;
  return current;
}

/** True when a logged-out visitor may stay on this path. */
export function isLoggedOutPath(pathname: string): boolean {
  return LOGGED_OUT_PATHS.includes(pathname);
}

/** The response-time display is on for the global inbox and max-response-time screens. */
export function responseTimeDisplayOn(pathname: string): boolean {
  return pathname === PATHS.globalInbox || pathname === PATHS.maxResponseTime;
}
