import type { Sql } from '../../db/database';
import { createBandwidthCarrier } from './bandwidth';
import type { CarrierPort } from './carrier-port';
import type { CarrierSettings } from './settings';
import { loadSimulatorAccount } from './simulator-account';
import { createTwilioCarrier, type TwilioAccount } from './twilio';

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
};

/** A store's own Twilio account columns. */
export type StoreAccount = { twilioAccountSid: string | null; twilioAuthToken: string | null };

const accountOf = (row: StoreAccount | null | undefined): TwilioAccount | null =>
  row?.twilioAccountSid && row.twilioAuthToken ? { accountSid: row.twilioAccountSid, authToken: row.twilioAuthToken } : null;

export function createCarrierDirectory(opts: { sql: Sql; settings: CarrierSettings }): CarrierDirectory {
  const { sql, settings } = opts;
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
    async carrierFor(storeId) {
      const own = await ownAccount(storeId);
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
      return accountOf(store) ?? settings.twilio ?? (await simulatorAccount());
    },
  };
}
