import type { Context } from 'hono';
import { z } from 'zod';
import { requireUser } from '../middleware/auth';
import { accountMail, type AccountMail } from '../services/admin/mail';
import type { MailDirectory } from '../services/mail/directory';
import type { AppEnv } from '../types';
import { bearer, errorResponses } from './common';

/** What the administration routes are built with. */
export type AdminRouteOptions = {
  /** Where account mail goes; the captured mailbox when absent. */
  mail?: MailDirectory | undefined;
  /** PUBLIC_URL, for the links in account mail; the request's own origin when absent. */
  publicUrl?: string | undefined;
};

export const adminCommon = (tag: string) => ({ tags: [tag], security: bearer, middleware: [requireUser] });
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } });
export const conflict = { 409: { description: 'Clashes with what is there', content: errorResponses[400].content } };

export const publicUrlOf = (opts: AdminRouteOptions, c: Context<AppEnv>) => opts.publicUrl ?? new URL(c.req.url).origin;

/** One mail sender per app, made on first use. */
export function mailFor(opts: AdminRouteOptions) {
  let mail: AccountMail | null = null;
  return (c: Context<AppEnv>) => (mail ??= accountMail(c.var.sql, opts.mail));
}
