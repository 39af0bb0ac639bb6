import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { CarrierError, isRetryableStatus, type CarrierPort, type SmsReceipt, type SmsSubmission } from './carrier-port';

/** A Twilio account: the store's own or the product's default. */
export type TwilioAccount = { accountSid: string; authToken: string };

/** The host every Twilio REST call goes to; the simulator answers the same paths under its base. */
export const TWILIO_API_ORIGIN = 'https://api.twilio.com';

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * The twilio client's HTTP client, pointed at another origin: the built-in simulator speaks the
 * same Messages API under `apiBase`, so the simulated carrier runs the very code (request building,
 * authentication, form encoding, error parsing) that talks to Twilio in production.
 */
class RedirectingRequestClient extends twilio.RequestClient {
  constructor(private readonly apiBase: string) {
    super({ timeout: REQUEST_TIMEOUT_MS });
  }
  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const url = new URL(opts.uri);
    return super.request<TData>({ ...opts, uri: `${this.apiBase.replace(/\/$/, '')}${url.pathname}${url.search}` });
  }
}

/** The twilio package's REST client for an account; `apiBase` replaces https://api.twilio.com. */
export function twilioRestClient(account: TwilioAccount, apiBase?: string | undefined) {
  return twilio(account.accountSid, account.authToken, {
    httpClient: apiBase ? new RedirectingRequestClient(apiBase) : new twilio.RequestClient({ timeout: REQUEST_TIMEOUT_MS }),
    autoRetry: false,
  });
}

/**
 * Sends through the Twilio Messages API with the given account. `apiBase` replaces
 * https://api.twilio.com (the simulator); absent, the real Twilio is called.
 */
export function createTwilioCarrier(
  account: TwilioAccount,
  opts: { apiBase?: string; name?: 'twilio' | 'simulator' } = {},
): CarrierPort {
  const client = twilio(account.accountSid, account.authToken, {
    httpClient: opts.apiBase ? new RedirectingRequestClient(opts.apiBase) : new twilio.RequestClient({ timeout: REQUEST_TIMEOUT_MS }),
    // Retries are the outbox's business: it knows the message and records every attempt.
    autoRetry: false,
  });
  return {
    name: opts.name ?? 'twilio',
    async sendSms(m: SmsSubmission): Promise<SmsReceipt> {
      try {
        const created = await client.messages.create({
          from: m.from,
          to: m.to,
          body: m.body,
          statusCallback: m.statusCallback,
          ...(m.mediaUrls?.length ? { mediaUrl: m.mediaUrls } : {}),
        });
        return { carrierMessageId: created.sid, status: created.status };
      } catch (err) {
        throw toCarrierError(err);
      }
    },
  };
}

/** Twilio's exceptions (legacy and RFC 9457 shapes) and network failures as a {@link CarrierError}. */
export function toCarrierError(err: unknown): CarrierError {
  if (err instanceof CarrierError) return err;
  const e = err as { status?: number; code?: number | string; message?: string; detail?: string; title?: string };
  if (typeof e?.status === 'number') {
    const message = e.message || e.detail || e.title || `Twilio answered HTTP ${e.status}`;
    return new CarrierError(message, { permanent: !isRetryableStatus(e.status), carrierCode: e.code ?? null, cause: err });
  }
  // No HTTP answer at all: DNS, refused connection, timeout. Worth another try.
  return new CarrierError(`Could not reach the carrier: ${(err as Error)?.message ?? String(err)}`, { permanent: false, cause: err });
}
