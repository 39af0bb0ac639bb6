import { serviceTypeLabel } from '@drivebay/shared';
import type { SessionUser } from '../auth/sessions';
import { loadContext } from '../assistant-loop/context';
import { formatSlot } from '../assistant-loop/slots';
import { uuidFromText } from '../conversations/receive-inbound';
import { writeCalendarCard, writeOutbound, type MessageTx } from '../conversations/messages';

/** What a person booking or moving a conversation's appointment leaves in that conversation. */
export type BookingNotice = {
  kind: 'booked' | 'rescheduled';
  appointmentId: number;
  interactionId: number;
  start: Date;
  /** Tells one notice apart from another of the same appointment (a second move). */
  occasion: string;
};

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ').trim();

/**
 * Writes the appointment's calendar card into the conversation and, when the customer can be
 * texted (a mobile number, no opt-out, a number for the store to text from), a confirmation
 * text queued through the outbox, which checks consent, opt-out and quiet hours again at send
 * time. The text's client id comes from the appointment and the occasion, so a retried request
 * never texts twice. Returns whether a text was queued.
 */
export async function writeBookingNotices(m: MessageTx, user: SessionUser, n: BookingNotice): Promise<{ texted: boolean }> {
  const ctx = await loadContext(m.tx, n.interactionId);
  if (!ctx) return { texted: false };
  const [a] = await m.tx<{ title: string | null }[]>`select title from appointment where id = ${n.appointmentId}`;
  const what = a?.title || serviceTypeLabel(ctx.serviceType) || 'Service appointment';
  const when = formatSlot(n.start, ctx.store.zone);
  const host = fullName(user.firstName, user.lastName) || user.username;
  const customer = fullName(ctx.customer.firstName, ctx.customer.lastName) || null;
  await writeCalendarCard(m, {
    interactionId: ctx.interactionId, storeId: ctx.storeId, customerId: ctx.customerId,
    content: `${n.kind === 'booked' ? 'Service appointment' : 'Service appointment moved'}: ${what} — ${when}`,
    title: 'Service appointment', fromAddress: ctx.sender?.phone ?? null, fromName: host,
    toAddress: ctx.customer.email ?? ctx.customer.cellular, toName: customer, startTime: n.start,
    appointmentId: n.appointmentId, messageSentBy: host, sentByUserId: user.userId,
  });
  if (!ctx.customer.cellular || ctx.customer.optedOut || !ctx.sender?.phone) return { texted: false };
  const greeting = ctx.customer.firstName ? `Hi ${ctx.customer.firstName}, ` : '';
  const content =
    n.kind === 'booked'
      ? `${greeting}your ${what} at ${ctx.store.name} is booked for ${when}. Reply here if you need to change it.`
      : `${greeting}your ${what} at ${ctx.store.name} has moved to ${when}. Reply here if that does not work for you.`;
  const written = await writeOutbound(m, {
    interactionId: ctx.interactionId, storeId: ctx.storeId, customerId: ctx.customerId, messageType: 'SMS',
    notificationType: 'MESSAGE_TO_CUSTOMER', content, subject: null, mediaUrls: [], startTime: null,
    from: ctx.sender.phone, fromName: ctx.sender.name, to: ctx.customer.cellular, toName: customer,
    clientMessageId: uuidFromText(`booking-confirmation:${n.appointmentId}:${n.occasion}`),
    sentByUserId: user.userId, messageSentBy: host,
  });
  return { texted: written.created };
}
