import { PATHS, isLeadSubmissionHost, leadFormOfPath, type LeadForm } from '@drivebay/shared';

/** A page main.tsx shows on its own, without the app's router: the login, or a lead form. */
export type PublicPage = { kind: 'login' } | { kind: 'lead-form'; form: LeadForm };

/**
 * The public page at an address, or null for the app's pages. The login is one only for a visitor
 * (a signed-in user at /login is the app's, which sends them on); a lead form is one for anybody,
 * and so is the root of the lead-submission sub-domain (see routes/public/root-index.tsx).
 */
export function publicPageAt(pathname: string, host: string, signedIn: boolean): PublicPage | null {
  if (pathname === PATHS.login) return signedIn ? null : { kind: 'login' };
  const form = leadFormOfPath(pathname) ?? (pathname === '/' && isLeadSubmissionHost(host) ? 'generic' : null);
  return form ? { kind: 'lead-form', form } : null;
}
