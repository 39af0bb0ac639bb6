import { AppError, INVALID_LINK_MESSAGE, canAccessStore, type EmpLevel, type PublicLinkPurpose, type Role } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { findStorePlace } from '../auth/sessions';
import { linkSecret, verifyLink, type LinkClaims, type LinkSecretSource } from './link-tokens';

/** The interaction a link opens, with what the public pages need of it. */
export type LinkedInteraction = {
  id: number;
  storeId: number;
  companyId: number;
  customerId: number;
  divisionId: string;
  serviceType: string;
  convClosed: boolean;
  aiEnabled: boolean;
};

const refused = () => new AppError('FORBIDDEN', INVALID_LINK_MESSAGE, [{ field: 'query.token', message: 'invalid or expired link' }]);

async function loadInteraction(sql: Sql, id: number): Promise<LinkedInteraction> {
  const [f] = await sql<LinkedInteraction[]>`
    select id, store_id, company_id, customer_id, division_id, service_type, conv_closed, ai_enabled
    from future_service_interaction where id = ${id}`;
  // A valid link to an interaction that is gone is answered like any invalid link.
  if (!f) throw refused();
  return f;
}

/**
 * The staff user a link was made for, as a session user, provided they may still act on the
 * interaction's store: a user blocked or moved out of scope since the link was sent loses it.
 */
export async function linkUser(sql: Sql, userId: number, storeId: number, expiresOn: Date): Promise<SessionUser> {
  const [u] = await sql<
    { id: number; username: string; firstName: string; lastName: string; empLevel: EmpLevel; enterpriseId: number; bocId: number | null; storeId: number | null; blocked: boolean; roles: Role[] }[]
  >`
    select u.id, u.username, u.first_name, u.last_name, u.emp_level, u.enterprise_id, u.boc_id, u.store_id, u.blocked,
      coalesce((select array_agg(r.role order by r.position) from user_role r where r.user_id = u.id), '{}') as roles
    from app_user u where u.id = ${userId}`;
  if (!u || u.blocked) throw refused();
  const user: SessionUser = {
    userId: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    empLevel: u.empLevel,
    enterpriseId: u.enterpriseId,
    bocId: u.bocId,
    storeId: u.storeId,
    roles: u.roles,
    // No session stands behind a link; nothing reads the hash of one.
    tokenHash: '',
    expiresOn,
  };
  const place = await findStorePlace(sql, storeId);
  if (!place || !canAccessStore(user, place)) throw refused();
  return user;
}

/** A staff link (deal room, call invite, meeting): the interaction and the user it acts as. */
export async function openStaffLink(
  sql: Sql,
  secrets: LinkSecretSource,
  purpose: PublicLinkPurpose,
  q: { futureServiceInteractionId: number; userMasterId: number; token: string },
): Promise<{ claims: LinkClaims; interaction: LinkedInteraction; user: SessionUser }> {
  const claims = verifyLink(await linkSecret(sql, secrets), purpose, q.token, {
    interactionId: q.futureServiceInteractionId,
    subjectId: q.userMasterId,
  });
  const interaction = await loadInteraction(sql, claims.interactionId);
  const user = await linkUser(sql, claims.subjectId, interaction.storeId, claims.expiresAt);
  return { claims, interaction, user };
}

/** A customer link (e-mail answer, confirmation, feedback): made for the interaction's customer. */
export async function openCustomerLink(
  sql: Sql,
  secrets: LinkSecretSource,
  purpose: PublicLinkPurpose,
  token: string,
): Promise<{ claims: LinkClaims; interaction: LinkedInteraction }> {
  const claims = verifyLink(await linkSecret(sql, secrets), purpose, token);
  const interaction = await loadInteraction(sql, claims.interactionId);
  if (interaction.customerId !== claims.subjectId) throw refused();
  return { claims, interaction };
}
