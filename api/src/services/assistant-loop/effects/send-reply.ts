import { randomUUID } from 'node:crypto';
import { writeAssistantReply, type MessageTx } from '../../conversations/messages';
import type { LoopContext } from '../context';
import type { Step } from '../decide';
import { holdInOutbox, lastCustomerMessageAt, outreachHold } from '../outreach';
import type { ApplyOptions } from '../turn-types';
import { customerName, senderName } from './parties';

/** Whether the reply can go out as a text: a customer number that did not opt out, and a sending number. */
export function canText(ctx: LoopContext, step: Step, text: string | null): boolean {
  return !!text && !!ctx.customer.cellular && !ctx.customer.optedOut && !!ctx.sender?.phone && step.kind !== 'OPT_OUT';
}

/**
 * Queues the reply for the outbox, once per client id. Outreach (the dealership starts the
 * contact) is held until the customer's quiet hours end, unless they wrote within a day.
 */
export async function sendReply(
  m: MessageTx,
  ctx: LoopContext,
  o: Pick<ApplyOptions, 'user' | 'clientMessageId' | 'outreach' | 'now'>,
  text: string,
): Promise<{ replyMessageId: number; heldUntil: Date | null }> {
  const written = await writeAssistantReply(m, {
    interactionId: ctx.interactionId, storeId: ctx.storeId, customerId: ctx.customerId, content: text, from: ctx.sender!.phone,
    fromName: senderName(ctx), to: ctx.customer.cellular, toName: customerName(ctx), clientMessageId: o.clientMessageId ?? randomUUID(),
    doerProxyUserId: o.user?.id ?? null,
  });
  let heldUntil: Date | null = null;
  if (written.created && o.outreach) {
    heldUntil = outreachHold({ now: o.now, zone: ctx.zone, lastCustomerMessageAt: await lastCustomerMessageAt(m.tx, ctx.customerId) });
    if (heldUntil) await holdInOutbox(m.tx, written.id, heldUntil);
  }
  return { replyMessageId: written.id, heldUntil };
}
