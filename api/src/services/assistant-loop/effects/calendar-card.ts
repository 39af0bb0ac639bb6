import { writeCalendarCard, type MessageTx } from '../../conversations/messages';
import type { LoopContext } from '../context';
import { formatSlot } from '../slots';
import { customerName, senderName } from './parties';
import type { ApplyOptions } from '../turn-types';

/**
 * The booked appointment's card in the conversation. Written before the confirmation text, so the
 * text stays the thread's latest message.
 */
export async function writeBookingCard(m: MessageTx, ctx: LoopContext, o: Pick<ApplyOptions, 'user'>, booking: { appointmentId: number; start: Date }): Promise<void> {
  const [a] = await m.tx<{ title: string | null }[]>`select title from appointment where id = ${booking.appointmentId}`;
  await writeCalendarCard(m, {
    interactionId: ctx.interactionId, storeId: ctx.storeId, customerId: ctx.customerId,
    content: `Service appointment${a?.title ? `: ${a.title}` : ''} — ${formatSlot(booking.start, ctx.store.zone)}`,
    title: 'Service appointment', fromAddress: ctx.sender?.phone ?? null, fromName: senderName(ctx),
    toAddress: ctx.customer.email ?? ctx.customer.cellular, toName: customerName(ctx), startTime: booking.start,
    appointmentId: booking.appointmentId, messageSentBy: 'AI', doerProxyUserId: o.user?.id ?? null,
  });
}
