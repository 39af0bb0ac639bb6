import type { Sql } from '../../db/database';
import { createBandwidthCarrier, type BandwidthAccount } from './bandwidth';
import type { CarrierPort } from './carrier-port';
import type { CarrierSettings } from './settings';
import { loadSimulatorAccount } from './simulator-account';
import { createTwilioCarrier, type TwilioAccount } from './twilio';
import { CarrierError } from './carrier-port';
import { createCredentialsCipher, type CredentialsCipher } from '../telephony/credentials';

/** Path under which the simulator answers the Twilio REST API. */
export const SIMULATOR_TWILIO_BASE_PATH = '/api/simulator/twilio';

/**
 * Which carrier serves which store, and the secrets webhooks are verified with. A store with its
 * own Twilio account uses it; other stores use the default Twilio account, else Bandwidth, else the
 * built-in simulator (the embedded default, when no carrier is configured at all).
 */
export type CarrierDirectory = {
  mode: 'twilio' | 'bandwidth' | 'simulator';
  /** The simulator routes exist only when this is true. */
  simulated: boolean;
  publicUrl: string;
  carrierFor(storeId: number): Promise<CarrierPort>;
  /** The Twilio account a store's messages are signed with (null: the store is not on Twilio). */
  twilioAccountFor(storeId: number | null): Promise<TwilioAccount | null>;
  /** The same, from the store's own account columns already at hand (null: an unknown store). */
  twilioAccountOf(store: StoreAccount | null): Promise<TwilioAccount | null>;
  /** The simulator's account; null when a real carrier is configured. */
  simulatorAccount(): Promise<TwilioAccount | null>;
  /** Credentials Bandwidth sends with its callbacks; null when Bandwidth is not configured. */
  bandwidthCallback: { username: string; password: string } | null;
  /** Encrypts and decrypts the carrier secrets stored per store. */
  credentials: CredentialsCipher;
  /** The product's default accounts (from the environment), for the numbers and account calls. */
  defaults: { twilio: TwilioAccount | null; bandwidth: BandwidthAccount | null };
};

/** A store's own Twilio account columns. */
export type StoreAccount = { twilioAccountSid: string | null; twilioAuthToken: string | null };

/** The message a store gets when it would text on a real carrier without A2P 10DLC registration. */
export const NOT_REGISTERED_MESSAGE =
  'This store is not registered for business texting (A2P 10DLC): US carriers block its texts. Record its brand and campaign registration under Administration > Telephony.';

/** A carrier that refuses every text of a store not registered for A2P 10DLC. */
const unregistered: CarrierPort = {
  name: 'twilio',
  async sendSms() {
    throw new CarrierError(NOT_REGISTERED_MESSAGE, { permanent: true });
  },
};

export function createCarrierDirectory(opts: { sql: Sql; settings: CarrierSettings }): CarrierDirectory {
  const { sql, settings } = opts;
  // The store's own auth token is stored encrypted (see docs/telephony.md).
  const cipher = createCredentialsCipher(sql, settings.credentialsKey);
  const accountOf = async (row: StoreAccount | null | undefined): Promise<TwilioAccount | null> =>
    row?.twilioAccountSid && row.twilioAuthToken ? { accountSid: row.twilioAccountSid, authToken: await cipher.decrypt(row.twilioAuthToken) } : null;
  // US carriers block unregistered A2P 10DLC traffic; the simulator is exempt.
  const registered = async (storeId: number): Promise<boolean> => {
    const [row] = await sql<{ a2pStatus: string }[]>`select a2p_status from store where id = ${storeId}`;
    return row?.a2pStatus === 'REGISTERED';
  };
  const mode: CarrierDirectory['mode'] = settings.twilio ? 'twilio' : settings.bandwidth ? 'bandwidth' : 'simulator';
  const twilioClients = new Map<string, CarrierPort>();
  const bandwidth = settings.bandwidth ? createBandwidthCarrier(settings.bandwidth) : null;
  let simulator: Promise<TwilioAccount> | null = null;

  const simulatorAccount = async (): Promise<TwilioAccount | null> => {
    if (mode !== 'simulator') return null;
    simulator ??= loadSimulatorAccount(sql).catch((err) => {
      simulator = null;
      throw err;
    });
    return simulator;
  };

  const ownAccount = async (storeId: number): Promise<TwilioAccount | null> => {
    const [row] = await sql<StoreAccount[]>`select twilio_account_sid, twilio_auth_token from store where id = ${storeId}`;
    return accountOf(row);
  };

  const twilioClient = (account: TwilioAccount, simulated: boolean): CarrierPort => {
    const key = `${simulated ? 'sim' : 'live'}:${account.accountSid}:${account.authToken}`;
    let client = twilioClients.get(key);
    if (!client) {
      client = simulated
        ? createTwilioCarrier(account, { apiBase: `${settings.publicUrl}${SIMULATOR_TWILIO_BASE_PATH}`, name: 'simulator' })
        : createTwilioCarrier(account);
      twilioClients.set(key, client);
    }
    return client;
  };

  return {
    mode,
    simulated: mode === 'simulator',
    publicUrl: settings.publicUrl,
    bandwidthCallback: settings.bandwidth
      ? { username: settings.bandwidth.callbackUsername, password: settings.bandwidth.callbackPassword }
      : null,
    simulatorAccount,
    credentials: cipher,
    defaults: { twilio: settings.twilio, bandwidth: settings.bandwidth },
    async carrierFor(storeId) {
      const own = await ownAccount(storeId);
      if ((own || settings.twilio || bandwidth) && !(await registered(storeId))) return unregistered;
      if (own) return twilioClient(own, false);
      if (settings.twilio) return twilioClient(settings.twilio, false);
      if (bandwidth) return bandwidth;
      return twilioClient((await simulatorAccount())!, true);
    },
    async twilioAccountFor(storeId) {
      const own = storeId === null ? null : await ownAccount(storeId);
      return own ?? settings.twilio ?? (await simulatorAccount());
    },
    async twilioAccountOf(store) {
      return (await accountOf(store)) ?? settings.twilio ?? (await simulatorAccount());
    },
  };
}
