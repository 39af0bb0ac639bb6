import type { DivisionId, EmpLevel, Role, UserData } from '@drivebay/shared';
import { ROLE_LABELS, ROLES } from '@drivebay/shared';
import type { Sql } from '../../db/database';

type UserRow = {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  empLevel: EmpLevel;
  enterpriseId: number;
  enterpriseName: string;
  bocId: number | null;
  storeId: number | null;
  divisionId: DivisionId | null;
  realTimeSync: boolean;
  callingFeature: boolean;
  roles: Role[];
};

/** The signed-in user's data as the login call returns it and the client keeps it. */
export async function loadUserData(sql: Sql, userId: number, authToken: string, expiresOn: Date): Promise<UserData> {
  const [u] = await sql<UserRow[]>`
    select u.id, u.username, u.first_name, u.last_name, u.emp_level, u.enterprise_id, e.name as enterprise_name,
      u.boc_id, u.store_id, u.division_id, u.real_time_sync, u.calling_feature,
      coalesce((select array_agg(r.role order by r.position) from user_role r where r.user_id = u.id), '{}') as roles
    from app_user u join enterprise e on e.id = u.enterprise_id where u.id = ${userId}`;
  if (!u) throw new Error(`user ${userId} vanished`);
  const divisionId = u.divisionId ?? 'DIV004';
  const atStore = u.empLevel === 'STORE' && u.storeId !== null && u.bocId !== null;
  return {
    authToken,
    userMasterId: u.id,
    username: u.username,
    roles: u.roles,
    roleDtos: u.roles.map((r) => ({ roleId: ROLES.indexOf(r) + 1, roleName: r, description: ROLE_LABELS[r] })),
    empLevel: u.empLevel,
    // A tenant is the one store a user works in; wider scopes have none.
    tenant: atStore ? { tenantId: u.storeId!, officeId: u.storeId, companyId: u.bocId, divisionId } : null,
    enterprise: { id: u.enterpriseId, name: u.enterpriseName },
    bocId: u.bocId,
    storeId: u.storeId,
    firstName: u.firstName,
    lastName: u.lastName,
    realTimeSync: u.realTimeSync,
    callingFeature: u.callingFeature,
    office: atStore ? { companyId: u.bocId!, officeId: u.storeId! } : null,
    division: u.divisionId ? { divisionId: u.divisionId } : null,
    expiresAt: expiresOn.toISOString(),
  };
}
