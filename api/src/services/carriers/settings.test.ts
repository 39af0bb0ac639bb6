import { describe, expect, it } from 'vitest';
import { carrierSettingsFromEnv } from './settings';

describe('carrier settings', () => {
  it('no carrier at all means the simulator', () => {
    expect(carrierSettingsFromEnv({}, 'http://localhost:8080/')).toEqual({ publicUrl: 'http://localhost:8080', twilio: null, bandwidth: null });
  });

  it('refuses half a Twilio account instead of falling back to the simulator', () => {
    expect(() => carrierSettingsFromEnv({ TWILIO_ACCOUNT_SID: 'AC1' }, 'https://x.example')).toThrow(/TWILIO_AUTH_TOKEN/);
  });

  it('refuses Bandwidth without the callback credentials', () => {
    const env = { BANDWIDTH_ACCOUNT_ID: '1', BANDWIDTH_USERNAME: 'u', BANDWIDTH_PASSWORD: 'p', BANDWIDTH_APPLICATION_ID: 'a' };
    expect(() => carrierSettingsFromEnv(env, 'https://x.example')).toThrow(/BANDWIDTH_CALLBACK_USERNAME, BANDWIDTH_CALLBACK_PASSWORD/);
    const full = carrierSettingsFromEnv({ ...env, BANDWIDTH_CALLBACK_USERNAME: 'cu', BANDWIDTH_CALLBACK_PASSWORD: 'cp' }, 'https://x.example');
    expect(full.bandwidth).toMatchObject({ accountId: '1', applicationId: 'a', callbackUsername: 'cu' });
  });
});
