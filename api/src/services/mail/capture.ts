import nodemailer from 'nodemailer';
import type { Sql } from '../../db/database';
import { mailOptions, plainText, withLetterhead } from './compose';
import type { MailPort, OutgoingMail } from './mail-port';

/**
 * The embedded default's mailbox: nodemailer builds the complete message exactly as it would go
 * over SMTP, and it is kept in `captured_mail` for the mailbox page instead of leaving the machine.
 */
export function createCapturingMailer(sql: Sql): MailPort {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'capture',
    async send(mail: OutgoingMail) {
      const info = await transport.sendMail(mailOptions(mail));
      const raw = Buffer.isBuffer(info.message) ? info.message.toString('utf8') : '';
      await sql`insert into captured_mail (store_id, message_instance_id, message_id, from_address, to_address, subject, html, text_body, raw)
        values (${mail.storeId}, ${mail.messageInstanceId}, ${info.messageId}, ${mail.fromName ? `${mail.fromName} <${mail.from}>` : mail.from},
          ${mail.toName ? `${mail.toName} <${mail.to}>` : mail.to}, ${mail.subject}, ${withLetterhead(mail.html, mail.letterhead, mail.letterhead?.url ?? '')}, ${plainText(mail.html)}, ${raw})`;
      return { messageId: info.messageId, status: 'delivered' };
    },
  };
}

export type CapturedMail = {
  id: number;
  storeId: number | null;
  messageInstanceId: number | null;
  messageId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  createdOn: string;
};

/** The captured mailbox, newest first. */
export async function listCapturedMail(sql: Sql, limit = 100): Promise<CapturedMail[]> {
  const rows = await sql<(Omit<CapturedMail, 'createdOn' | 'from' | 'to' | 'text'> & { fromAddress: string; toAddress: string; textBody: string; createdOn: Date })[]>`
    select id, store_id, message_instance_id, message_id, from_address, to_address, subject, html, text_body, created_on
    from captured_mail order by created_on desc, id desc limit ${limit}`;
  return rows.map((r) => ({
    id: r.id, storeId: r.storeId, messageInstanceId: r.messageInstanceId, messageId: r.messageId, from: r.fromAddress, to: r.toAddress,
    subject: r.subject, html: r.html, text: r.textBody, createdOn: r.createdOn.toISOString(),
  }));
}
