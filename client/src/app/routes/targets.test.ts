import { describe, expect, it } from 'vitest';
import type { UserData } from '@drivebay/shared';
import { landingPathFor, loginRedirectState } from './targets';

const officeManager = { roles: ['OFFICE_MANAGER'], empLevel: 'STORE', tenant: null, enterprise: { id: 1, name: 'E' } } as unknown as UserData;
const DEAL_ROOM = '?servicepage=1&future_service_interaction_id=42';

describe('loginRedirectState', () => {
  it('carries the app address asked for, with its query', () => {
    expect(loginRedirectState('?fsi=7', '/leadmanager?fsi=7')).toEqual({ resume: '?fsi=7', from: '/leadmanager?fsi=7' });
  });

  it('carries only the query when there is no app address, and nothing for a bare visit', () => {
    expect(loginRedirectState(DEAL_ROOM)).toEqual({ resume: DEAL_ROOM });
    expect(loginRedirectState('')).toBeUndefined();
  });

  it('never carries an address that leads off the app', () => {
    expect(loginRedirectState('', '//evil.example/x')).toBeUndefined();
    expect(loginRedirectState('', 'https://evil.example/')).toBeUndefined();
  });
});

describe('landingPathFor', () => {
  it('sends a plain login to the home page of the first role', () => {
    expect(landingPathFor(officeManager, '', null)).toBe('/leadmanager');
  });

  it('opens the app address the visitor asked for before signing in', () => {
    expect(landingPathFor(officeManager, '', loginRedirectState('', '/swimlane'))).toBe('/swimlane');
    expect(landingPathFor(officeManager, '', loginRedirectState('?fsi=7', '/leadmanager?fsi=7'))).toBe('/leadmanager?fsi=7');
  });

  it('lets a deal-room link win over the address it came in on', () => {
    expect(landingPathFor(officeManager, '', loginRedirectState(DEAL_ROOM, `/leadmanager${DEAL_ROOM}`))).toBe(`/leadmanager${DEAL_ROOM}`);
    expect(landingPathFor(officeManager, DEAL_ROOM, null)).toBe(`/leadmanager${DEAL_ROOM}`);
  });

  it('ignores a forged history state pointing off the app', () => {
    expect(landingPathFor(officeManager, '', { resume: '', from: '//evil.example/' })).toBe('/leadmanager');
  });
});
