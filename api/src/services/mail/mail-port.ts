import type { Letterhead } from './letterhead';

/**
 * One e-mail to a customer. `html` is the editor's HTML; a plain-text part is derived from it. The
 * enterprise's logo, when it has one, heads the mail (`letterhead`), embedded in the message.
 */
export type OutgoingMail = {
  from: string;
  fromName: string | null;
  to: string;
  toName: string | null;
  subject: string;
  html: string;
  storeId: number | null;
  messageInstanceId: number | null;
  letterhead?: Letterhead | null;
};

/** `sent`: an SMTP server took it; `delivered`: it is in the captured mailbox. */
export type MailReceipt = { messageId: string; status: 'sent' | 'delivered' };

export type MailPort = { name: 'smtp' | 'capture'; send(mail: OutgoingMail): Promise<MailReceipt> };

/** A mail that was not taken; `permanent` when the same mail would be refused again (5xx). */
export class MailError extends Error {
  readonly permanent: boolean;
  readonly display: string;
  constructor(message: string, opts: { permanent: boolean; smtpCode?: number | null; cause?: unknown }) {
    super(message, { cause: opts.cause });
    this.name = 'MailError';
    this.permanent = opts.permanent;
    this.display = opts.smtpCode ? `${message} (SMTP ${opts.smtpCode})` : message;
  }
}
