// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { userData } from '../../test/user-data';
import {
  STORAGE_KEYS,
  readCustomSearchV2,
  readQueryString,
  readSelection,
  readUserData,
  rememberQueryString,
  writeSelection,
  writeUserData,
} from './storage';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('user data', () => {
  it('reads back what was written', () => {
    const user = userData();
    writeUserData(user);
    expect(readUserData()).toEqual(user);
  });

  it('is absent when nothing is stored', () => {
    expect(readUserData()).toBeNull();
  });

  it('treats text that is not JSON as logged out and removes it', () => {
    localStorage.setItem(STORAGE_KEYS.userData, '{not json');
    expect(readUserData()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
  });

  it('treats data of another shape as logged out and removes it', () => {
    const { authToken: _dropped, ...withoutToken } = userData();
    localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(withoutToken));
    expect(readUserData()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify({ ...userData(), roles: ['NOT_A_ROLE'] }));
    expect(readUserData()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
  });
});

describe('selection', () => {
  it('keeps enterprise, BOC and store under their own keys', () => {
    writeSelection({ enterpriseId: 1, bocId: 4, storeId: 12 });
    expect(localStorage.getItem('selectedEnterpriseId')).toBe('1');
    expect(localStorage.getItem('selectedBocId')).toBe('4');
    expect(localStorage.getItem('selectedStoreId')).toBe('12');
    expect(readSelection()).toEqual({ enterpriseId: 1, bocId: 4, storeId: 12 });
  });

  it('removes a cleared level and ignores values that are not ids', () => {
    writeSelection({ enterpriseId: 1, bocId: 4, storeId: 12 });
    writeSelection({ enterpriseId: 1, bocId: null, storeId: null });
    expect(localStorage.getItem('selectedBocId')).toBeNull();
    localStorage.setItem('selectedStoreId', 'abc');
    expect(readSelection()).toEqual({ enterpriseId: 1, bocId: null, storeId: null });
  });
});

describe('query string', () => {
  it('is remembered for the tab', () => {
    rememberQueryString('?servicepage=1&future_service_interaction_id=42');
    expect(readQueryString()).toBe('?servicepage=1&future_service_interaction_id=42');
  });

  it('an address without a query keeps what was remembered', () => {
    rememberQueryString('?servicepage=1&future_service_interaction_id=42');
    rememberQueryString('');
    expect(readQueryString()).toBe('?servicepage=1&future_service_interaction_id=42');
  });

  it('custom-search-version v2 turns the flag on, v3 off, and the flag persists', () => {
    expect(readCustomSearchV2()).toBe(false);
    rememberQueryString('?custom-search-version=v2');
    expect(readCustomSearchV2()).toBe(true);
    expect(localStorage.getItem('customSearchV2')).toBe('true');
    rememberQueryString('?other=1');
    expect(readCustomSearchV2()).toBe(true);
    rememberQueryString('?custom-search-version=v3');
    expect(readCustomSearchV2()).toBe(false);
  });
});
