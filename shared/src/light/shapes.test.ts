import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiErrorSchema } from '../errors';
import { userDataSchema } from '../domains/auth/schemas';
import { leadFormConfigSchema, leadSubmissionResultSchema } from '../domains/lead-forms/schemas';
import { apiErrorShape, leadFormConfigShape, leadSubmissionResultShape, userDataShape } from './shapes';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const user: Json = {
  authToken: 't', userMasterId: 1, username: 'u', roles: ['OFFICE_MANAGER', 'SALES_REP'],
  roleDtos: [{ roleId: 1, roleName: 'OFFICE_MANAGER', description: 'd' }], empLevel: 'STORE',
  tenant: { tenantId: 3, officeId: null, companyId: 2, divisionId: 'DIV004' }, enterprise: { id: 1, name: 'E' },
  bocId: null, storeId: 3, firstName: 'A', lastName: 'B', realTimeSync: true, callingFeature: false,
  office: { companyId: 2, officeId: 3 }, division: { divisionId: 'x' }, expiresAt: '2030-01-01T00:00:00Z',
};

const cases: [string, z.ZodType, { safeParse(v: unknown): { success: boolean; data?: unknown } }, Json][] = [
  ['apiError', apiErrorSchema, apiErrorShape, { code: 'VALIDATION_FAILED', message: 'm', details: [{ field: 'body.username', message: 'x' }] }],
  ['userData', userDataSchema, userDataShape, user],
  ['leadSubmissionResult', leadSubmissionResultSchema, leadSubmissionResultShape, { status: 'success', message: 'ok', submissionId: 4, texted: true, duplicate: false, reason: null }],
  ['leadFormConfig', leadFormConfigSchema, leadFormConfigShape, { form: 'toyota', brandName: 'Toyota', storeName: null, storePhoneNumber: '+17185550101', dealerName: 'D', dealerLogoUrl: '/api/public/enterprise/1/logo?v=0123456789ab', defaultMessage: 'm', consentText: 'c', consentVersion: 'v' }],
];

const WRONG: (Json | undefined)[] = [undefined, null, '', 'x', 'DIV004', 'OFFICE_MANAGER', 0, 7, -3, 1.5, Number.MAX_SAFE_INTEGER + 2, true, false, [], [1], {}];

/** The sample with the value at `path` replaced (undefined: the key removed). */
function replaced(value: Json, path: (string | number)[], by: Json | undefined): Json {
  if (path.length === 0) return by as Json;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? replaced(item, rest, by) : item));
  const copy = { ...(value as Record<string, Json>) };
  if (rest.length === 0 && by === undefined) delete copy[head as string];
  else copy[head as string] = replaced(copy[head as string]!, rest, by);
  return copy;
}

/** Every path into the sample: each key, each array item, each nested key. */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...paths(item, [...prefix, i])]);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...paths(v, [...prefix, k])]);
  return [];
}

describe('the public pages’ response checks agree with the classic schemas', () => {
  it.each(cases)('%s: the sample, every field made wrong or missing, and extra keys', (_name, classic, light, sample) => {
    const variants: Json[] = [sample, replaced(sample, [], 'x'), [], { ...(sample as object), extra: 1 }];
    for (const path of paths(sample)) {
      for (const wrong of WRONG) variants.push(replaced(sample, path, wrong as Json));
      if (typeof path.at(-1) === 'string') variants.push(replaced(sample, [...path.slice(0, -1), 'extra'], 1));
    }
    let refused = 0;
    for (const value of variants) {
      const expected = classic.safeParse(value);
      const got = light.safeParse(value);
      expect(got.success, JSON.stringify(value)).toBe(expected.success);
      if (expected.success) expect(got.data).toEqual(expected.data);
      else refused += 1;
    }
    // The variants do exercise refusals, not only the happy path.
    expect(refused).toBeGreaterThan(paths(sample).length);
    expect(light.safeParse(sample).success).toBe(true);
  });
});
