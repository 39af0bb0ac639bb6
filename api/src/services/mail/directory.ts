import type { Sql } from '../../db/database';
import { createCapturingMailer } from './capture';
import type { MailPort } from './mail-port';
import { createSmtpMailer } from './smtp';

/**
 * Which mail server serves which store: the store's own smtp_url, else the default SMTP_URL, else
 * the captured mailbox (the embedded default, when no mail server is configured).
 */
export type MailDirectory = {
  /** True when mail without a store server is captured: the mailbox pages exist then. */
  capturing: boolean;
  mailerFor(storeId: number): Promise<MailPort>;
};

export function createMailDirectory(opts: { sql: Sql; smtpUrl?: string | null | undefined }): MailDirectory {
  const { sql } = opts;
  const smtp = new Map<string, MailPort>();
  const capture = createCapturingMailer(sql);
  const byUrl = (url: string) => {
    let m = smtp.get(url);
    if (!m) smtp.set(url, (m = createSmtpMailer(url)));
    return m;
  };
  return {
    capturing: !opts.smtpUrl,
    async mailerFor(storeId) {
      const [row] = await sql<{ smtpUrl: string | null }[]>`select smtp_url from store where id = ${storeId}`;
      const url = row?.smtpUrl || opts.smtpUrl;
      return url ? byUrl(url) : capture;
    },
  };
}
