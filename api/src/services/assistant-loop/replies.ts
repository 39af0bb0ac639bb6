import { expandMergeFields, formatInstantInZone, htmlToSmsText, serviceTypeLabel, type AssistantReplyKey, type MergeValues } from '@drivebay/shared';
import { laneName } from '@drivebay/shared/docs';
import type { Sql } from '../../db/database';
import { MAX_SMS_LENGTH } from '../conversations/send-message';
import { loadMergeValues } from '../templates/merge-values';
import type { LoopContext } from './context';
import type { Step } from './decide';
import { formatChoices, formatSlot, storeHours } from './slots';

/** What a reply says besides the template's merge fields. */
export type ReplyFacts = {
  /** The slot proposed or booked (${appointment.time}). */
  time?: Date;
  /** The times offered (${appointment.choices}). */
  choices?: readonly Date[];
  /** The customer's open repair order (${repairOrder.number}, ${repairOrder.lane}, ${repairOrder.promised}). */
  repairOrder?: { number: string; statusCode: string; promised: Date | null };
};

/** "Thursday, Nov 26 at 5:00 PM" on the store's clock, the way slots are written. */
const PROMISED_PATTERN = 'dddd, MMM D [at] h:mm A';

/** A reply ready to send, with the facts a rephrasing must keep word for word. */
export type RenderedReply = { key: AssistantReplyKey; text: string; keep: string[] };

/**
 * The template for a reply: the enterprise's (or the store division's) template with that intent
 * of the conversation's service type, else of CHECK_UP, the generic type the assistant's templates
 * are seeded with; a store template wins over a group one of the same type. When the enterprise
 * has none left, the product's default text (assistant_reply_default).
 */
export async function findReplyTemplate(sql: Sql, ctx: Pick<LoopContext, 'enterpriseId' | 'storeId' | 'divisionId' | 'serviceType'>, key: AssistantReplyKey): Promise<string | null> {
  const [t] = await sql<{ body: string }[]>`
    select t.body from custom_template t
    where t.enterprise_id = ${ctx.enterpriseId} and t.intent = ${key} and t.owner_user_id is null
      and (t.store_id is null or (t.store_id = ${ctx.storeId} and t.division_id = ${ctx.divisionId}))
      and t.service_type in (${ctx.serviceType}, 'CHECK_UP')
    order by (t.service_type = ${ctx.serviceType}) desc, (t.store_id is not null) desc, t.updated_on desc, t.id
    limit 1`;
  if (t) return t.body;
  const [d] = await sql<{ body: string }[]>`select body from assistant_reply_default where intent = ${key}`;
  return d?.body ?? null;
}

/**
 * A reply's text: its template with the interaction's merge fields, the appointment's
 * (${appointment.time}, ${appointment.choices}) and the drive's hours (${office.hours}) filled
 * in, as plain SMS text. Null when no template exists for the key.
 */
export async function renderReply(sql: Sql, ctx: LoopContext, key: AssistantReplyKey, facts: ReplyFacts = {}): Promise<RenderedReply | null> {
  const body = await findReplyTemplate(sql, ctx, key);
  if (body === null) return null;
  const base = await loadMergeValues(sql, ctx.interactionId);
  const time = facts.time ? formatSlot(facts.time, ctx.store.zone) : '';
  const choices = facts.choices?.length ? formatChoices(facts.choices, ctx.store.zone) : '';
  const hours = body.includes('${office.hours}') ? await storeHours(sql, ctx.storeId) : '';
  const ro = facts.repairOrder;
  const repairOrder = {
    number: ro?.number ?? '',
    lane: ro ? laneName(ro.statusCode) : '',
    promised: ro?.promised ? formatInstantInZone(ro.promised, ctx.store.zone, PROMISED_PATTERN) : '',
  };
  // The extra groups are read by path like the template fields; the editor's menus do not list them.
  const empty = emptyValues();
  const product = base?.product ?? empty.product;
  const values = {
    ...(base ?? empty),
    // The reminder's words: the service by its label, the vehicle as "2021 Honda Civic" (or "vehicle").
    service: {
      ...(base?.service ?? empty.service),
      name: serviceTypeLabel(ctx.serviceType),
      vehicle: [product.year, product.make, product.model].filter(Boolean).join(' ') || 'vehicle',
    },
    office: { ...(base?.office ?? { name: ctx.store.name, address: ctx.store.address ?? '' }), hours },
    appointment: { time, choices },
    repairOrder,
  } as MergeValues;
  const text = htmlToSmsText(expandMergeFields(body, values)).slice(0, MAX_SMS_LENGTH);
  if (!text) return null;
  const keep = [time, ...(facts.choices ?? []).map((c) => formatSlot(c, ctx.store.zone).split(' at ')[1]!), hours, repairOrder.lane, repairOrder.promised]
    .filter((v) => v && text.includes(v));
  if (/\breply yes\b/i.test(text)) keep.push('YES');
  return { key, text, keep: [...new Set(keep)] };
}

function emptyValues(): MergeValues {
  return {
    assistant: { firstName: '', lastName: '', email: '' },
    customer: { firstName: '', lastName: '', email: '', cellular: '' },
    office: { name: '', address: '' },
    product: { vin: '', make: '', year: '', model: '', soldDate: '', estDueDate: '' },
    service: { lastServiceDate: '', lastServiceMonth: '' },
    recall: { campaign: '', description: '', type: '' },
  };
}

/** The reply a step sends, filled in for the interaction. */
export async function replyForStep(db: Sql, ctx: LoopContext, step: Step): Promise<RenderedReply | null> {
  switch (step.kind) {
    case 'ACK': return renderReply(db, ctx, step.reply);
    case 'ASK': return renderReply(db, ctx, step.reply);
    case 'PROPOSE': return step.exact ? renderReply(db, ctx, 'DT', { time: step.starts[0]! }) : renderReply(db, ctx, 'DT_ALTERNATIVES', { choices: step.starts });
    case 'BOOK': return renderReply(db, ctx, 'APPT_SET', { time: step.start });
    case 'RO_STATUS': {
      const repairOrder = { number: step.roNumber, statusCode: step.statusCode, promised: step.promised };
      return renderReply(db, ctx, step.promised ? 'RO_STATUS' : 'RO_STATUS_NO_PROMISE', { repairOrder });
    }
    case 'HANDOFF': return step.reply ? renderReply(db, ctx, step.reply, step.start ? { time: step.start } : {}) : null;
    default: return null;
  }
}
