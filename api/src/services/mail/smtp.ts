import nodemailer from 'nodemailer';
import { mailOptions } from './compose';
import { MailError, type MailPort, type OutgoingMail } from './mail-port';

const SOCKET_TIMEOUT_MS = 30_000;

/** Sends through an SMTP server named by a URL such as smtp://user:pass@host:587 or smtps://…. */
export function createSmtpMailer(url: string): MailPort {
  const transport = nodemailer.createTransport({ url, socketTimeout: SOCKET_TIMEOUT_MS, connectionTimeout: SOCKET_TIMEOUT_MS });
  return {
    name: 'smtp',
    async send(mail: OutgoingMail) {
      try {
        const info = await transport.sendMail(mailOptions(mail));
        if (info.rejected.length > 0) throw new MailError(`The mail server refused ${mail.to}`, { permanent: true });
        return { messageId: info.messageId, status: 'sent' };
      } catch (err) {
        if (err instanceof MailError) throw err;
        const e = err as { responseCode?: number; message?: string };
        // 5xx is a refusal that will repeat; 4xx and connection failures may pass later.
        const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500;
        throw new MailError(e.message ?? 'The mail server could not be reached', { permanent, smtpCode: e.responseCode ?? null, cause: err });
      }
    },
  };
}
