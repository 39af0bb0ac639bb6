import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema } from '../errors';
import { userDataSchema } from '../domains/auth/schemas';
import { leadFormConfigSchema, leadSubmissionResultSchema } from '../domains/lead-forms/schemas';
import { apiErrorMiniSchema, leadFormConfigMiniSchema, leadSubmissionResultMiniSchema, userDataMiniSchema } from './schemas';

const pairs = [
  ['apiError', apiErrorSchema, apiErrorMiniSchema],
  ['userData', userDataSchema, userDataMiniSchema],
  ['leadSubmissionResult', leadSubmissionResultSchema, leadSubmissionResultMiniSchema],
  ['leadFormConfig', leadFormConfigSchema, leadFormConfigMiniSchema],
] as const;

describe('the zod/mini copies of the public pages’ response shapes', () => {
  it.each(pairs)('%s describes the same JSON as the classic schema', (_name, classic, mini) => {
    expect(z.toJSONSchema(mini)).toEqual(z.toJSONSchema(classic));
  });

  it('accepts what the classic schema accepts and refuses what it refuses', () => {
    const user = {
      authToken: 't', userMasterId: 1, username: 'u', roles: ['OFFICE_MANAGER'], roleDtos: [{ roleId: 1, roleName: 'OFFICE_MANAGER', description: 'd' }],
      empLevel: 'STORE', tenant: null, enterprise: { id: 1, name: 'E' }, bocId: null, storeId: 3, firstName: 'A', lastName: 'B',
      realTimeSync: true, callingFeature: false, office: null, division: { divisionId: 'x' }, expiresAt: '2030-01-01T00:00:00Z',
    };
    for (const value of [user, { ...user, userMasterId: 1.5 }, { ...user, roles: ['NOT_A_ROLE'] }, { ...user, tenant: undefined }]) {
      expect(userDataMiniSchema.safeParse(value).success).toBe(userDataSchema.safeParse(value).success);
    }
    expect(userDataMiniSchema.safeParse(user).success).toBe(true);
    expect(userDataMiniSchema.safeParse({ ...user, userMasterId: 1.5 }).success).toBe(false);
  });
});
