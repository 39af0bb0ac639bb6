import { convert } from 'html-to-text';
import type Mail from 'nodemailer/lib/mailer';
import type { OutgoingMail } from './mail-port';

/** The nodemailer message for a mail: HTML body plus a plain-text part for clients without HTML. */
export function mailOptions(mail: OutgoingMail): Mail.Options {
  return {
    from: mail.fromName ? { name: mail.fromName, address: mail.from } : mail.from,
    to: mail.toName ? { name: mail.toName, address: mail.to } : mail.to,
    subject: mail.subject,
    html: mail.html,
    text: plainText(mail.html),
  };
}

export function plainText(html: string): string {
  return convert(html, { wordwrap: 78, selectors: [{ selector: 'img', format: 'skip' }] });
}
