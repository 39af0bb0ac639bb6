import type { Sql } from '../../db/database';
import { createCapturingMailer } from '../mail/capture';
import type { MailDirectory } from '../mail/directory';
import { letterheadOfEnterprise } from '../mail/letterhead';
import type { MailPort } from '../mail/mail-port';

/** Where account mail (invitations, password links) goes: the store's server, else the mailbox. */
export type AccountMail = { mailerFor(storeId: number | null): Promise<MailPort> };

export function accountMail(sql: Sql, directory: MailDirectory | undefined): AccountMail {
  const capture = createCapturingMailer(sql);
  return { mailerFor: async (storeId) => (directory && storeId !== null ? directory.mailerFor(storeId) : capture) };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Sends the link a user sets a password with; the sender is the enterprise's outgoing address. */
export async function sendPasswordLink(
  sql: Sql,
  mail: AccountMail,
  o: { userId: number; link: string; invitation: boolean; publicUrl: string },
): Promise<string | null> {
  const [u] = await sql<{ email: string | null; firstName: string; lastName: string; storeId: number | null; outgoingEmail: string | null; enterpriseId: number; enterpriseName: string }[]>`
    select u.email, u.first_name, u.last_name, u.store_id, e.outgoing_email, e.id as enterprise_id, e.name as enterprise_name
    from app_user u join enterprise e on e.id = u.enterprise_id where u.id = ${o.userId}`;
  if (!u?.email) return null;
  const subject = o.invitation ? `Your Drivebay account at ${u.enterpriseName}` : 'Reset your Drivebay password';
  const lead = o.invitation ? `An account was created for you at ${escape(u.enterpriseName)}.` : 'A password reset was asked for your account.';
  await (await mail.mailerFor(u.storeId)).send({
    from: u.outgoingEmail ?? 'no-reply@drivebay.app',
    fromName: u.enterpriseName,
    to: u.email,
    toName: `${u.firstName} ${u.lastName}`,
    subject,
    html: `<p>Hello ${escape(u.firstName)},</p><p>${lead} Choose your password here: <a href="${escape(o.link)}">${escape(o.link)}</a></p><p>The link works once${o.invitation ? ' within 7 days' : ' within 24 hours'}.</p>`,
    storeId: u.storeId,
    messageInstanceId: null,
    letterhead: await letterheadOfEnterprise(sql, u.enterpriseId, o.publicUrl.replace(/\/+$/, '')),
  });
  return u.email;
}
