import {
  AppError,
  PUBLIC_PAGE_PATHS,
  STAFF_LINK_PURPOSES,
  type PublicLink,
  type PublicLinkPurpose,
  type PublicLinkRequest,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { loadInteractionForUser, type InteractionRef } from '../conversations/interaction-access';
import { inMessageTx, writeNotification } from '../conversations/messages';
import { linkUser } from './link-access';
import { linkSecret, signLink, type LinkSecretSource } from './link-tokens';

const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** The page address of a link, with the query its page reads. */
export function linkPath(
  purpose: PublicLinkPurpose,
  f: Pick<InteractionRef, 'id' | 'storeId' | 'companyId' | 'divisionId'>,
  subjectId: number,
  token: string,
  messageId?: number,
): string {
  switch (purpose) {
    case 'DEAL_ROOM':
      return `${PUBLIC_PAGE_PATHS.dealRoom}?${query({ future_service_interaction_id: f.id, userMasterId: subjectId, token })}`;
    case 'CALL_INVITE':
      return `${PUBLIC_PAGE_PATHS.callInvite}?${query({ futureServiceInteractionId: f.id, userMasterId: subjectId, token })}`;
    case 'MEETING':
      return `${PUBLIC_PAGE_PATHS.meeting}?${query({
        landingpage: 'meeting', companyId: f.companyId, officeId: f.storeId, divisionId: f.divisionId, contactId: f.id,
        messageId: messageId ?? 0, userMasterId: subjectId, type: 'IN_PERSON', token,
      })}`;
    case 'EMAIL_RESPONSE':
      return `${PUBLIC_PAGE_PATHS.emailAutoResponse}?${query({ token })}`;
    case 'MAIL_CONFIRMATION':
      return `${PUBLIC_PAGE_PATHS.mailConfirmation}?${query({ token })}`;
    case 'FEEDBACK':
      return `${PUBLIC_PAGE_PATHS.feedbackClip}?${query({ token })}`;
  }
}

export function absoluteUrl(path: string, publicUrl: string | undefined): string {
  return publicUrl ? new URL(path, publicUrl).toString() : path;
}

/**
 * A signed link to a public page about one interaction, for a signed-in user of its store. Staff
 * links are made for a user who may act on the store (the caller unless another is named);
 * inviting someone else to the deal room or to call is recorded in the conversation as a user
 * invite. Customer links are made for the interaction's customer.
 */
export async function createPublicLink(
  sql: Sql,
  caller: SessionUser,
  req: PublicLinkRequest,
  opts: { secrets: LinkSecretSource; publicUrl?: string | undefined; now?: Date },
): Promise<PublicLink> {
  const f = await loadInteractionForUser(sql, caller, req.futureServiceInteractionId, 'body.futureServiceInteractionId');
  const secret = await linkSecret(sql, opts.secrets);
  const staff = STAFF_LINK_PURPOSES.includes(req.purpose);
  const subjectId = staff ? (req.userMasterId ?? caller.userId) : f.customerId;

  if (req.purpose === 'MEETING') {
    const [invite] = await sql`
      select 1 from message_instance where id = ${req.messageId ?? 0} and future_service_interaction_id = ${f.id} and message_type = 'CALENDAR_INVITE'`;
    if (!invite) {
      throw new AppError('VALIDATION_FAILED', 'A meeting link names a calendar invite of the conversation', [
        { field: 'body.messageId', message: 'not a calendar invite of this conversation' },
      ]);
    }
  }
  let invitee: SessionUser | null = null;
  if (staff) {
    try {
      invitee = await linkUser(sql, subjectId, f.storeId, new Date());
    } catch {
      throw new AppError('VALIDATION_FAILED', 'That user cannot work on this store’s conversations', [
        { field: 'body.userMasterId', message: 'not a user of this store' },
      ]);
    }
  }

  const { token, expiresAt } = signLink(secret, req.purpose, { interactionId: f.id, subjectId }, opts.now);
  const path = linkPath(req.purpose, f, subjectId, token, req.messageId);

  if (invitee && invitee.userId !== caller.userId && (req.purpose === 'DEAL_ROOM' || req.purpose === 'CALL_INVITE')) {
    const inviter = `${caller.firstName} ${caller.lastName}`.trim() || caller.username;
    const guest = `${invitee.firstName} ${invitee.lastName}`.trim() || invitee.username;
    const what = req.purpose === 'DEAL_ROOM' ? 'the deal room' : 'call the customer';
    // No notifier reaches this call: the invite shows in the thread but is not announced to the inbox.
    await inMessageTx({ sql }, (m) =>
      writeNotification(m, {
        interactionId: f.id, storeId: f.storeId, customerId: f.customerId, content: `${inviter} invited ${guest} to ${what}.`,
        notificationType: 'USER_INVITE', fromName: inviter, toName: guest, messageSentBy: inviter, sentByUserId: caller.userId,
      }),
    );
  }
  return { purpose: req.purpose, path, url: absoluteUrl(path, opts.publicUrl), token, expiresAt: expiresAt.toISOString() };
}
