import { CarrierError, isRetryableStatus, type CarrierPort, type SmsReceipt, type SmsSubmission } from './carrier-port';

/** A Bandwidth messaging account and the application whose callback URL receives events. */
export type BandwidthAccount = {
  accountId: string;
  username: string;
  password: string;
  applicationId: string;
  /** Messaging API base; the public one unless told otherwise. */
  apiBase?: string | undefined;
};

export const BANDWIDTH_API_BASE = 'https://messaging.bandwidth.com/api/v2';

const REQUEST_TIMEOUT_MS = 15_000;

type BandwidthMessage = { id: string; owner?: string; time?: string; segmentCount?: number; tag?: string };
type BandwidthErrorBody = { type?: string; description?: string; fieldErrors?: { fieldName?: string; description?: string }[] };

/**
 * Sends through Bandwidth's Messaging API v2. Bandwidth reports delivery to the callback URL set
 * on the messaging application, not per message, so `statusCallback` is not sent; the message id
 * travels in `tag` and comes back on every event.
 */
export function createBandwidthCarrier(account: BandwidthAccount): CarrierPort {
  const base = (account.apiBase ?? BANDWIDTH_API_BASE).replace(/\/$/, '');
  const auth = `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;
  return {
    name: 'bandwidth',
    async sendSms(m: SmsSubmission): Promise<SmsReceipt> {
      let res: Response;
      try {
        res = await fetch(`${base}/users/${encodeURIComponent(account.accountId)}/messages`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            applicationId: account.applicationId,
            to: [m.to],
            from: m.from,
            text: m.body,
            ...(m.mediaUrls?.length ? { media: m.mediaUrls } : {}),
            ...(m.tag ? { tag: m.tag } : {}),
          }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (err) {
        throw new CarrierError(`Could not reach the carrier: ${(err as Error).message}`, { permanent: false, cause: err });
      }
      const text = await res.text();
      if (!res.ok) {
        const body = parse<BandwidthErrorBody>(text);
        const fields = body?.fieldErrors?.map((f) => `${f.fieldName}: ${f.description}`).join('; ');
        const message = [body?.description ?? `Bandwidth answered HTTP ${res.status}`, fields].filter(Boolean).join(' — ');
        throw new CarrierError(message, { permanent: !isRetryableStatus(res.status), carrierCode: body?.type ?? res.status });
      }
      const body = parse<BandwidthMessage>(text);
      if (!body?.id) throw new CarrierError('Bandwidth accepted the message without an id', { permanent: false });
      return { carrierMessageId: body.id, status: 'accepted' };
    },
  };
}

function parse<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
