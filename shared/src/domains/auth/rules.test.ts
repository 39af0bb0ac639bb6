import { describe, expect, it } from 'vitest';
import { customSearchV2Flag, dealRoomTarget, homePathFor, isLoggedOutPath, responseTimeDisplayOn } from './rules';
import type { Role } from '../../codes';

const user = (roles: Role[], empLevel: 'SUPER' | 'ENTERPRISE' | 'BOC' | 'STORE' = 'STORE', tenant: null | object = null) => ({
  roles,
  empLevel,
  tenant: tenant as never,
  enterprise: { id: 7, name: 'E' },
});

describe('homePathFor', () => {
  it.each([
    'OFFICE_MANAGER', 'DIVISION_MANAGER', 'SALES_REP', 'CORPORATE_ADMIN', 'SUPER_DATA_ADMIN',
  ] as Role[])('%s goes to the lead manager', (role) => {
    expect(homePathFor(user([role]))).toBe('/leadmanager');
  });
  it('super admin goes to the company master list', () => {
    expect(homePathFor(user(['SUPER_ADMIN'], 'SUPER'))).toBe('/CompanyMasterList');
  });
  it('enterprise admin at enterprise level without tenant goes to its enterprise', () => {
    expect(homePathFor(user(['ENTERPRISE_ADMIN'], 'ENTERPRISE'))).toBe('/CompanyMasterList?enterprise=7');
  });
  it('enterprise admin with a tenant goes to the lead manager', () => {
    expect(homePathFor(user(['ENTERPRISE_ADMIN'], 'ENTERPRISE', { tenantId: 1 }))).toBe('/leadmanager');
  });
  it('enterprise admin at store level goes to the lead manager', () => {
    expect(homePathFor(user(['ENTERPRISE_ADMIN'], 'STORE'))).toBe('/leadmanager');
  });
  it('only the first role counts', () => {
    expect(homePathFor(user(['ENTERPRISE_USER', 'SUPER_ADMIN']))).toBe('/leadmanager');
    expect(homePathFor(user(['SUPER_ADMIN', 'OFFICE_MANAGER'], 'SUPER'))).toBe('/CompanyMasterList');
  });
  it.each(['ENTERPRISE_USER', 'OFFICE_USER', 'SUPER_USER'] as Role[])('%s goes to the lead manager', (role) => {
    expect(homePathFor(user([role]))).toBe('/leadmanager');
  });
});

describe('query rules', () => {
  it('custom-search-version v2 turns the flag on, v3 off, others keep it', () => {
    expect(customSearchV2Flag('?custom-search-version=v2', false)).toBe(true);
    expect(customSearchV2Flag('?custom-search-version=v3', true)).toBe(false);
    expect(customSearchV2Flag('?custom-search-version=v9', true)).toBe(true);
    expect(customSearchV2Flag('', false)).toBe(false);
  });
  it('a service-page link goes to the deal-room page', () => {
    expect(dealRoomTarget('?servicepage=1&future_service_interaction_id=42&custno=9')).toBe(
      '/leadmanager?servicepage=1&future_service_interaction_id=42&custno=9',
    );
    expect(dealRoomTarget('?future_service_interaction_id=42')).toBeNull();
  });
  it('logged-out paths', () => {
    for (const p of ['/layout', '/register', '/404', '/500', '/login']) expect(isLoggedOutPath(p)).toBe(true);
    expect(isLoggedOutPath('/leadmanager')).toBe(false);
  });
  it('response-time display', () => {
    expect(responseTimeDisplayOn('/leadmanager/globalinbox')).toBe(true);
    expect(responseTimeDisplayOn('/leadmanager/max-response-time')).toBe(true);
    expect(responseTimeDisplayOn('/leadmanager')).toBe(false);
  });
});
