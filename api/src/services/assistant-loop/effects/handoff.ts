import { HANDOFF_KINDS, RESPONSE_CATEGORIES, type ResponseCategory } from '@drivebay/shared';
import { writeNotification, type MessageTx } from '../../conversations/messages';
import { customerLabel, type LoopContext } from '../context';
import type { Step } from '../decide';
import { formatSlot } from '../slots';
import type { ApplyOptions } from '../turn-types';
import { senderName } from './parties';

type Handoff = Extract<Step, { kind: 'HANDOFF' }>;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Why the loop itself handed a conversation over, as the bubble says it (intents use their category's name). */
const LOOP_REASONS: Record<string, string> = {
  OPT_OUT_UNCERTAIN: 'their reply might be asking us to stop texting them; nothing more was sent, please read it before anyone texts them again',
  UNCERTAIN: 'the assistant could not tell what their reply means and sent nothing',
  NO_OPEN_REPAIR_ORDER: 'they ask about their car in the shop, and no open repair order was found for them',
};

const RECIPIENT: Record<Handoff['handoff'], string> = { GM: 'Service manager', MD: 'Managing director', CUSTOMER: 'Service team', EXTERNAL: 'Service team' };

/**
 * The handoff bubble for the store's people: who needs a person and why, with the customer's
 * words. A conversation handed off this way before gets the kind's "again" title.
 */
export async function writeHandoff(m: MessageTx, ctx: LoopContext, o: Pick<ApplyOptions, 'user' | 'customerText'>, step: Handoff): Promise<void> {
  const kind = HANDOFF_KINDS[step.handoff];
  const [earlier] = await m.tx`select 1 from message_instance where future_service_interaction_id = ${ctx.interactionId}
    and message_type = 'INTERNAL' and notification_type = ${kind.notificationType} and title in (${kind.title}, ${kind.repeatTitle}) limit 1`;
  const reason = RESPONSE_CATEGORIES[step.reason as ResponseCategory] ?? LOOP_REASONS[step.reason]
    ?? (step.start ? `accepted ${formatSlot(step.start, ctx.store.zone)}` : step.reason.toLowerCase().replaceAll('_', ' '));
  const words = o.customerText ? `<p>“${escapeHtml(o.customerText)}”</p>` : '';
  const by = o.user ? ` Handed off by ${escapeHtml(o.user.name)}.` : '';
  await writeNotification(m, {
    interactionId: ctx.interactionId, storeId: ctx.storeId, customerId: ctx.customerId,
    content: `<p>${escapeHtml(customerLabel(ctx))} needs a person: ${escapeHtml(reason)}.${by}</p>${words}`,
    fromName: o.user?.name ?? senderName(ctx), toName: RECIPIENT[step.handoff], notificationType: kind.notificationType,
    title: earlier ? kind.repeatTitle : kind.title, messageSentBy: o.user?.name ?? 'AI', doerProxyUserId: o.user?.id ?? null,
  });
}
