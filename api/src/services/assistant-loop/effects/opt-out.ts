import { randomUUID } from 'node:crypto';
import { writeOptOutConfirmation, type MessageTx } from '../../conversations/messages';
import { recordOptOut } from '../../conversations/opt-out';
import { uuidFromText } from '../../conversations/receive-inbound';
import type { LoopContext } from '../context';
import type { ApplyOptions } from '../turn-types';
import { customerName, senderName } from './parties';

/** The confirmation's words: it confirms and says how to come back, nothing more. */
export const optOutConfirmationText = (storeName: string) =>
  `You're unsubscribed from ${storeName} texts and won't get more messages. Reply START to resubscribe.`;

/**
 * A revocation in the customer's own words blocks the number like the carrier keyword STOP does,
 * and sends the single confirmation text the rules allow: once per revoking message (its client
 * id comes from the message), and not when the customer had already opted out.
 */
export async function optOut(m: MessageTx, ctx: LoopContext, o: Pick<ApplyOptions, 'messageId'>): Promise<number | null> {
  await recordOptOut(m.tx, { storeId: ctx.storeId, customerId: ctx.customerId, phone: ctx.customer.cellular ?? '' });
  if (ctx.customer.optedOut || !ctx.customer.cellular || !ctx.sender?.phone) return null;
  const written = await writeOptOutConfirmation(m, {
    interactionId: ctx.interactionId, storeId: ctx.storeId, customerId: ctx.customerId, content: optOutConfirmationText(ctx.store.name),
    from: ctx.sender.phone, fromName: senderName(ctx), to: ctx.customer.cellular, toName: customerName(ctx),
    clientMessageId: o.messageId !== null ? uuidFromText(`opt-out-confirmation:${o.messageId}`) : randomUUID(),
  });
  return written.created ? written.id : null;
}
