import type { UserData } from '@drivebay/shared';

/** A valid stored user (a store-level office manager) for tests; override what a test is about. */
export function userData(overrides: Partial<UserData> = {}): UserData {
  return {
    authToken: 'token-123',
    userMasterId: 7,
    username: 'amy.advisor',
    roles: ['OFFICE_MANAGER'],
    roleDtos: [{ roleId: 1, roleName: 'OFFICE_MANAGER', description: 'Office manager' }],
    empLevel: 'STORE',
    tenant: { tenantId: 3, officeId: 12, companyId: 4, divisionId: 'DIV004' },
    enterprise: { id: 1, name: 'Demo Auto Group' },
    bocId: 4,
    storeId: 12,
    firstName: 'Amy',
    lastName: 'Advisor',
    realTimeSync: true,
    callingFeature: false,
    office: { companyId: 4, officeId: 12 },
    division: { divisionId: 'DIV004' },
    expiresAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}
