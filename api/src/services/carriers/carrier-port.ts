/** One SMS (or MMS, with media) to hand to a carrier. */
export type SmsSubmission = {
  /** E.164 sender: the store's texting number. */
  from: string;
  /** E.164 recipient. */
  to: string;
  body: string;
  mediaUrls?: string[] | undefined;
  /** Where the carrier reports delivery; carriers that configure it per application ignore it. */
  statusCallback: string;
  /** Our message id, echoed back by carriers that support a tag (Bandwidth). */
  tag?: string | undefined;
};

/** What the carrier answered: its id for the message and the status it gave it. */
export type SmsReceipt = { carrierMessageId: string; status: string };

/** A carrier that can take an SMS. Each adapter (Twilio, Bandwidth, the simulator) implements it. */
export type CarrierPort = {
  name: 'twilio' | 'bandwidth' | 'simulator';
  sendSms(message: SmsSubmission): Promise<SmsReceipt>;
};

/**
 * A carrier refused or could not take a message. `permanent` says whether trying again could
 * help: an invalid number will not become valid, a timeout or a 5xx may pass.
 */
export class CarrierError extends Error {
  readonly permanent: boolean;
  readonly carrierCode: string | null;
  constructor(message: string, opts: { permanent: boolean; carrierCode?: string | number | null; cause?: unknown }) {
    super(message, { cause: opts.cause });
    this.name = 'CarrierError';
    this.permanent = opts.permanent;
    this.carrierCode = opts.carrierCode == null ? null : String(opts.carrierCode);
  }
  /** The text stored in the message's errors, as the thread shows it. */
  get display(): string {
    return this.carrierCode ? `${this.message} (${this.carrierCode})` : this.message;
  }
}

/** HTTP statuses after which the same request may succeed later. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}
