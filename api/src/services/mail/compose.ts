import { compile } from 'html-to-text';
import type Mail from 'nodemailer/lib/mailer';
import type { Letterhead } from './letterhead';
import type { OutgoingMail } from './mail-port';

/** The content id the embedded logo goes by inside a message. */
export const LOGO_CID = 'enterprise-logo@drivebay.app';

const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mail's HTML headed by the enterprise's logo, the image taken from `src`. */
export function withLetterhead(html: string, letterhead: Letterhead | null | undefined, src: string): string {
  if (!letterhead) return html;
  const img = `<img src="${escapeAttr(src)}" alt="${escapeAttr(letterhead.enterpriseName)} logo" style="display:block;max-height:56px;max-width:240px;border:0">`;
  return `<div style="margin:0 0 16px">${img}</div>${html}`;
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** The nodemailer message for a mail: HTML body plus a plain-text part for clients without HTML. */
export function mailOptions(mail: OutgoingMail): Mail.Options {
  return {
    from: mail.fromName ? { name: mail.fromName, address: mail.from } : mail.from,
    to: mail.toName ? { name: mail.toName, address: mail.to } : mail.to,
    subject: mail.subject,
    html: withLetterhead(mail.html, mail.letterhead, `cid:${LOGO_CID}`),
    text: plainText(mail.html),
    attachments: mail.letterhead
      ? [{
          filename: `logo.${EXTENSIONS[mail.letterhead.contentType] ?? 'img'}`,
          content: mail.letterhead.data,
          encoding: 'base64',
          contentType: mail.letterhead.contentType,
          cid: LOGO_CID,
          contentDisposition: 'inline',
        }]
      : undefined,
  };
}

// Made once: html-to-text's `convert` builds its converter from the options on every call.
const mailText = compile({ wordwrap: 78, selectors: [{ selector: 'img', format: 'skip' }] });

export function plainText(html: string): string {
  return mailText(html);
}
