import { describe, expect, it } from 'vitest';
import { ROLES } from '../../codes';
import { ADMIN_ACTIONS, ADMIN_PERMISSIONS, canAdmin, canOpenAdmin, grantableRoles, SUPER_ROLES } from './permissions';
import { applyStoreListRules } from './store-list';
import { aivaFileSchema, parseAivaFile } from './files';

describe('the permission matrix', () => {
  it('names every role and only known actions', () => {
    for (const role of ROLES) {
      expect(ADMIN_PERMISSIONS[role]).toBeDefined();
      for (const a of ADMIN_PERMISSIONS[role]) expect(ADMIN_ACTIONS).toContain(a);
    }
  });
  it('gives any of a user’s roles', () => {
    expect(canAdmin(['OFFICE_USER'], 'USERS_MANAGE')).toBe(false);
    expect(canAdmin(['OFFICE_USER', 'OFFICE_MANAGER'], 'USERS_MANAGE')).toBe(true);
    expect(canOpenAdmin(['SALES_REP'])).toBe(false);
    expect(canAdmin(['SUPER_ADMIN'], 'ENTERPRISE_CREATE')).toBe(true);
    expect(canAdmin(['ENTERPRISE_ADMIN'], 'ENTERPRISE_CREATE')).toBe(false);
  });
  it('never lets anyone but a super admin give a super role', () => {
    for (const role of ROLES) {
      if (role === 'SUPER_ADMIN') continue;
      expect(grantableRoles([role]).filter((r) => SUPER_ROLES.includes(r))).toEqual([]);
    }
    expect(grantableRoles(['SUPER_ADMIN'])).toContain('SUPER_USER');
    expect(grantableRoles(['OFFICE_MANAGER'])).not.toContain('ENTERPRISE_ADMIN');
  });
});

describe('store list rules', () => {
  it('hides GA251 under GA250 only and renames by code', () => {
    const out = applyStoreListRules([
      { storeCode: 'GA251', bocCode: 'GA250', storeName: 'Hidden' },
      { storeCode: 'GA251', bocCode: 'OTHER', storeName: 'Kept' },
      { storeCode: 'GA252', bocCode: 'GA250', storeName: 'Legal name LLC' },
    ]);
    expect(out.map((s) => s.storeName)).toEqual(['Kept', 'Metro Honda Service Express']);
  });
});

describe('intent rule files', () => {
  it('accepts a valid file and refuses a broken pattern with its place', () => {
    expect(parseAivaFile(JSON.stringify({ rules: [{ intent: 'WN', patterns: ['\\bnew phone who\\b'] }] })).ok).toBe(true);
    const broken = parseAivaFile(JSON.stringify({ rules: [{ intent: 'WN', patterns: ['(unclosed'] }] }));
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.errors[0]!.field).toBe('rules.0.patterns.0');
    expect(parseAivaFile('{not json').ok).toBe(false);
    expect(aivaFileSchema.safeParse({ rules: [{ intent: 'NOPE', patterns: ['x'] }] }).success).toBe(false);
  });
});
