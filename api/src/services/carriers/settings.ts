import type { BandwidthAccount } from './bandwidth';
import type { TwilioAccount } from './twilio';

/** Bandwidth account plus the credentials Bandwidth uses when it calls our webhook. */
export type BandwidthSettings = BandwidthAccount & { callbackUsername: string; callbackPassword: string };

/**
 * Which carrier the product uses and where carriers reach it. The carrier simulator is active
 * exactly when neither a default Twilio account nor Bandwidth is configured.
 */
export type CarrierSettings = {
  /** Base address carriers post webhooks to; signatures are computed over it. No trailing slash. */
  publicUrl: string;
  /** Default Twilio account for stores without their own. */
  twilio: TwilioAccount | null;
  bandwidth: BandwidthSettings | null;
  /** DATA_ENCRYPTION_KEY: encrypts the carrier secrets stored per store; absent, a key kept in the database. */
  credentialsKey?: string | undefined;
};

/** The environment variables the carrier settings are read from (see README "Settings"). */
export type CarrierEnv = {
  TWILIO_ACCOUNT_SID?: string | undefined;
  TWILIO_AUTH_TOKEN?: string | undefined;
  BANDWIDTH_ACCOUNT_ID?: string | undefined;
  BANDWIDTH_USERNAME?: string | undefined;
  BANDWIDTH_PASSWORD?: string | undefined;
  BANDWIDTH_APPLICATION_ID?: string | undefined;
  BANDWIDTH_CALLBACK_USERNAME?: string | undefined;
  BANDWIDTH_CALLBACK_PASSWORD?: string | undefined;
  BANDWIDTH_API_URL?: string | undefined;
  DATA_ENCRYPTION_KEY?: string | undefined;
};

/**
 * Builds the settings from parsed environment values; `publicUrl` is PUBLIC_URL or the local
 * address. A half-configured carrier throws at start rather than quietly falling back to the
 * simulator (a Twilio sid without its token) or refusing every callback (Bandwidth without the
 * callback credentials).
 */
export function carrierSettingsFromEnv(env: CarrierEnv, publicUrl: string): CarrierSettings {
  const problems: string[] = [];
  if (!!env.TWILIO_ACCOUNT_SID !== !!env.TWILIO_AUTH_TOKEN) problems.push('TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN go together');
  const twilio =
    env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN } : null;
  const bandwidthKeys = [
    'BANDWIDTH_ACCOUNT_ID', 'BANDWIDTH_USERNAME', 'BANDWIDTH_PASSWORD', 'BANDWIDTH_APPLICATION_ID',
    'BANDWIDTH_CALLBACK_USERNAME', 'BANDWIDTH_CALLBACK_PASSWORD',
  ] as const;
  const given = bandwidthKeys.filter((k) => env[k]);
  if (given.length > 0 && given.length < bandwidthKeys.length) {
    problems.push(`Bandwidth needs ${bandwidthKeys.filter((k) => !env[k]).join(', ')} as well`);
  }
  if (problems.length) throw new Error(`Carrier settings: ${problems.join('; ')}`);
  const bandwidth =
    given.length === bandwidthKeys.length
      ? {
          accountId: env.BANDWIDTH_ACCOUNT_ID!,
          username: env.BANDWIDTH_USERNAME!,
          password: env.BANDWIDTH_PASSWORD!,
          applicationId: env.BANDWIDTH_APPLICATION_ID!,
          callbackUsername: env.BANDWIDTH_CALLBACK_USERNAME!,
          callbackPassword: env.BANDWIDTH_CALLBACK_PASSWORD!,
          apiBase: env.BANDWIDTH_API_URL,
        }
      : null;
  return { publicUrl: publicUrl.replace(/\/+$/, ''), twilio, bandwidth, credentialsKey: env.DATA_ENCRYPTION_KEY };
}
