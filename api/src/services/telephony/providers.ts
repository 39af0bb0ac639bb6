import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { AppError, CHAT_MESSAGES, formatPhoneDisplay, toE164, type AvailableNumber } from '@drivebay/shared';
import { twilioRestClient, type TwilioAccount } from '../carriers/twilio';

/** The proposed numbers a search returns (operations §5, §9). */
export const PROPOSED_NUMBERS = 10;

/** A carrier's number and account API: search by area code, purchase, owned numbers, account fetch. */
export type NumberProvider = {
  name: 'twilio' | 'bandwidth' | 'simulator';
  search(areaCode: string): Promise<AvailableNumber[]>;
  /** Buys the number; returns the carrier's id for it (a Twilio PN sid, a Bandwidth order id). */
  purchase(phoneNumber: string): Promise<string>;
  /** The numbers the account holds (Twilio's IncomingPhoneNumbers); Bandwidth's are read from our orders. */
  owned?(): Promise<string[]>;
  /** Fetches the account: resolves when the credentials are good, throws INVALID_CREDENTIALS when not. */
  fetchAccount(): Promise<void>;
};

type TwilioFailure = { status?: number; code?: number; message?: string };

/** A carrier's refusal as the product's error: bad credentials, a refused request, or no answer. */
function carrierFailure(err: unknown): AppError {
  const e = err as TwilioFailure;
  if (e?.status === 401 || e?.code === 20003) return new AppError('VALIDATION_FAILED', CHAT_MESSAGES.invalidCredentials, [{ field: 'body.authToken', message: CHAT_MESSAGES.invalidCredentials }]);
  if (typeof e?.status === 'number') return new AppError('CONFLICT', `The carrier refused: ${e.message ?? `HTTP ${e.status}`}`);
  return new AppError('CONFLICT', `The carrier could not be reached: ${(err as Error)?.message ?? String(err)}`);
}

/** Twilio's REST API (or the simulator's copy of it under `apiBase`), through the twilio package. */
export function twilioNumbers(account: TwilioAccount, o: { apiBase?: string | undefined; name: 'twilio' | 'simulator'; smsUrl: string }): NumberProvider {
  const client = twilioRestClient(account, o.apiBase);
  return {
    name: o.name,
    async search(areaCode) {
      try {
        const found = await client.availablePhoneNumbers('US').local.list({ areaCode: Number(areaCode), smsEnabled: true, limit: PROPOSED_NUMBERS });
        return found.map((n) => ({ phoneNumber: n.phoneNumber, friendlyName: formatPhoneDisplay(n.phoneNumber), locality: n.locality || null, region: n.region || null }));
      } catch (err) {
        throw carrierFailure(err);
      }
    },
    async purchase(phoneNumber) {
      try {
        return (await client.incomingPhoneNumbers.create({ phoneNumber, smsUrl: o.smsUrl, smsMethod: 'POST' })).sid;
      } catch (err) {
        throw carrierFailure(err);
      }
    },
    async owned() {
      try {
        return (await client.incomingPhoneNumbers.list({ limit: 1000 })).map((n) => n.phoneNumber);
      } catch (err) {
        throw carrierFailure(err);
      }
    },
    async fetchAccount() {
      try {
        await client.api.v2010.accounts(account.accountSid).fetch();
      } catch (err) {
        throw carrierFailure(err);
      }
    },
  };
}

/** Bandwidth's Dashboard API (numbers and accounts): XML over HTTP with basic auth. */
export const BANDWIDTH_DASHBOARD_BASE = 'https://dashboard.bandwidth.com/api';
export type BandwidthNumbersAccount = { accountId: string; username: string; password: string; siteId?: string | null };

const parser = new XMLParser({ parseTagValue: false });
const builder = new XMLBuilder({ format: false });

export function bandwidthNumbers(account: BandwidthNumbersAccount, o: { apiBase?: string | undefined; name: 'bandwidth' | 'simulator' }): NumberProvider {
  const base = `${(o.apiBase ?? BANDWIDTH_DASHBOARD_BASE).replace(/\/$/, '')}/accounts/${encodeURIComponent(account.accountId)}`;
  const auth = `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;
  const call = async (path: string, init: { method?: string; body?: string } = {}) => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, { method: init.method ?? 'GET', headers: { authorization: auth, 'content-type': 'application/xml', accept: 'application/xml' }, body: init.body, signal: AbortSignal.timeout(15_000) });
    } catch (err) {
      throw carrierFailure(err);
    }
    const text = await res.text();
    if (res.status === 401 || res.status === 403) throw carrierFailure({ status: 401 });
    const parsed = text ? (parser.parse(text) as Record<string, unknown>) : {};
    if (!res.ok) {
      const description = JSON.stringify(parsed).match(/"Description":"([^"]+)"/)?.[1];
      throw carrierFailure({ status: res.status, message: description ?? `HTTP ${res.status}` });
    }
    return parsed;
  };
  const list = (v: unknown): string[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);
  return {
    name: o.name,
    async search(areaCode) {
      const r = (await call(`/availableNumbers?areaCode=${areaCode}&quantity=${PROPOSED_NUMBERS}`)) as { SearchResult?: { TelephoneNumberList?: { TelephoneNumber?: unknown } } };
      return list(r.SearchResult?.TelephoneNumberList?.TelephoneNumber)
        .map((n) => toE164(n))
        .filter((n): n is string => !!n)
        .map((n) => ({ phoneNumber: n, friendlyName: formatPhoneDisplay(n), locality: null, region: null }));
    },
    async purchase(phoneNumber) {
      const body = builder.build({
        Order: {
          Name: `Drivebay ${phoneNumber}`,
          ...(account.siteId ? { SiteId: account.siteId } : {}),
          ExistingTelephoneNumberOrderType: { TelephoneNumberList: { TelephoneNumber: [phoneNumber.replace(/^\+1/, '')] } },
        },
      });
      const r = (await call('/orders', { method: 'POST', body })) as { OrderResponse?: { Order?: { id?: string } } };
      const id = r.OrderResponse?.Order?.id;
      if (!id) throw new AppError('CONFLICT', 'The carrier did not confirm the order');
      return String(id);
    },
    async fetchAccount() {
      await call('');
    },
  };
}
