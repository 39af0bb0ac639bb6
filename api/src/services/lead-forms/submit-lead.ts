import {
  LEAD_DUPLICATE_WINDOW_SECONDS,
  LEAD_FORM_TEXT,
  LEAD_LIMITS,
  toE164,
  type LeadSubmissionResult,
  type ParsedLeadSubmission,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import { assertWithinWindows, recordRequests, type WindowCheck } from '../../lib/rate-limit';
import type { ServiceDeps } from '../conversations/deps';
import { isOptedOut } from '../conversations/opt-out';
import { inMessageTx, writeAssistantReply, writeLeadFormRequest } from '../conversations/messages';
import { uuidFromText } from '../conversations/receive-inbound';
import { findStoreByNumber, type StoreNumber } from '../conversations/store-number';

/** Conversations a lead starts are service check-ups, like those a first text starts. */
export const LEAD_SERVICE_TYPE = 'CHECK_UP';

/** Who the customer's request is shown as sent by: it came through the form, not the carrier. */
export const LEAD_FORM_SENDER = 'Lead form';

export type LeadContext = { ip: string; userAgent: string | null };

type SubmissionRow = { id: number; status: 'success' | 'failed'; texted: boolean; reason: string | null };

function resultOf(row: SubmissionRow, duplicate: boolean): LeadSubmissionResult {
  const message = row.status === 'failed' ? LEAD_FORM_TEXT.failed : row.texted ? 'Lead submitted' : LEAD_FORM_TEXT.optedOut;
  return { status: row.status, message, submissionId: row.id, texted: row.texted, duplicate, reason: row.reason };
}

/** The text that invites the customer to pick a time, from the store's assistant. */
export function bookingInvitation(store: Pick<StoreNumber, 'agentFirstName' | 'storeName'>, firstName: string): string {
  return `Hi ${firstName}, this is ${store.agentFirstName} with ${store.storeName}. Thanks for asking to book a service appointment! What day and time work best for you? Reply STOP to opt out.`;
}

/**
 * The number a form names: an assistant's texting number (the usual case) or a store's main
 * number, which is answered by that store's sending assistant.
 */
/** Whether the store's enterprise takes requests through its public lead forms (Administration). */
async function leadFormsOn(sql: Sql, storeId: number): Promise<boolean> {
  const [row] = await sql<{ on: boolean }[]>`
    select e.lead_form_enabled as on from store s join boc b on b.id = s.boc_id join enterprise e on e.id = b.enterprise_id where s.id = ${storeId}`;
  return row?.on ?? false;
}

async function storeForNumber(sql: Sql, number: string): Promise<StoreNumber | null> {
  const byAssistant = await findStoreByNumber(sql, number);
  if (byAssistant) return byAssistant;
  const e164 = toE164(number);
  if (!e164) return null;
  const [a] = await sql<{ agentPhoneNumber: string }[]>`
    select a.agent_phone_number from store s join assistant a on a.store_id = s.id
    where s.phone_number = ${e164} and a.agent_phone_number is not null
    order by a.initializer_process_enabled desc, (a.division_id = 'DIV004') desc, a.id limit 1`;
  return a ? findStoreByNumber(sql, a.agentPhoneNumber) : null;
}

async function recentSubmission(tx: Sql, phone: string, storePhone: string): Promise<SubmissionRow | null> {
  const [row] = await tx<SubmissionRow[]>`
    select id, status, texted, reason from lead_submission
    where customer_phone = ${phone} and store_phone = ${storePhone}
      and created_on > now() - make_interval(secs => ${LEAD_DUPLICATE_WINDOW_SECONDS})
    order by created_on desc limit 1`;
  return row ?? null;
}

/** The store's customer with this mobile number (the one with an open conversation first), or a new one. */
async function matchCustomer(tx: Sql, store: StoreNumber, lead: ParsedLeadSubmission): Promise<number> {
  const [found] = await tx<{ id: number; firstName: string; lastName: string }[]>`
    select c.id, c.first_name, c.last_name from customer c
    where c.store_id = ${store.storeId} and c.cellular = ${lead.customerPhoneNumber}
    order by exists(select 1 from future_service_interaction f where f.customer_id = c.id and not f.conv_closed) desc, c.id desc
    limit 1`;
  if (found) {
    // Names a customer record lacks (someone who only texted so far) are taken from the form;
    // names it has are kept: the form may be filled in by somebody else.
    if (!found.firstName && !found.lastName) {
      await tx`update customer set first_name = ${lead.firstName}, last_name = ${lead.lastName} where id = ${found.id}`;
    }
    return found.id;
  }
  const custno = `${store.storeCode}-L${lead.customerPhoneNumber.replace(/\D/g, '')}`;
  const [created] = await tx<{ id: number }[]>`
    insert into customer (boc_id, store_id, custno, first_name, last_name, cellular)
    values (${store.bocId}, ${store.storeId}, ${custno}, ${lead.firstName}, ${lead.lastName}, ${lead.customerPhoneNumber})
    on conflict (boc_id, custno) do nothing returning id`;
  if (created) return created.id;
  const [existing] = await tx<{ id: number }[]>`select id from customer where boc_id = ${store.bocId} and custno = ${custno}`;
  return existing!.id;
}

/** The customer's open conversation with the store, or a new check-up conversation. */
async function matchInteraction(tx: Sql, store: StoreNumber, customerId: number): Promise<number> {
  const [open] = await tx<{ id: number }[]>`
    select id from future_service_interaction
    where customer_id = ${customerId} and store_id = ${store.storeId} and not conv_closed
    order by coalesce(last_message_received_date, created_on) desc, id desc limit 1`;
  if (open) return open.id;
  const [created] = await tx<{ id: number }[]>`
    insert into future_service_interaction (store_id, company_id, customer_id, division_id, service_type, type, conversation_initiated, metadata)
    values (${store.storeId}, ${store.bocId}, ${customerId}, ${store.divisionId}, ${LEAD_SERVICE_TYPE}, 'SERVICE', true,
      ${tx.json({ source: 'LEAD_FORM' })})
    returning id`;
  return created!.id;
}

/**
 * A public lead (spec §7 POST /api/lisa/appointment). In one transaction, under a lock on the
 * number and store: a submit repeated within {@link LEAD_DUPLICATE_WINDOW_SECONDS} returns the first
 * result and writes nothing; otherwise the per-number and per-address limits are checked, the
 * customer and conversation are matched or created, the lead is stored with its consent
 * evidence, the customer's request is added to the conversation and the booking invitation is
 * queued for the carrier (not to a number that opted out: the lead is kept and the result says
 * so). A number no store texts from is kept as a failed lead.
 */
export async function submitLead(deps: ServiceDeps, lead: ParsedLeadSubmission, ctx: LeadContext): Promise<LeadSubmissionResult> {
  const { sql } = deps;
  const storePhone = toE164(lead.storePhoneNumber) ?? lead.storePhoneNumber;
  const store = await storeForNumber(sql, lead.storePhoneNumber);
  const limits: WindowCheck[] = [
    { kind: 'lead:phone', key: lead.customerPhoneNumber, limit: LEAD_LIMITS.perPhone, message: 'Too many requests for this phone number.' },
    { kind: 'lead:address', key: ctx.ip, limit: LEAD_LIMITS.perAddress, message: 'Too many requests from this network.' },
  ];

  const outcome = await inMessageTx(deps, async (m) => {
    const { tx } = m;
    // Two submits of one number to one store wait for each other, so the second sees the first.
    await tx`select pg_advisory_xact_lock(hashtext(${`lead:${storePhone}:${lead.customerPhoneNumber}`}))`;
    const earlier = await recentSubmission(tx, lead.customerPhoneNumber, storePhone);
    if (earlier) return { result: resultOf(earlier, true), store: null, interactionId: null, queued: false };
    await assertWithinWindows(tx, limits);
    await recordRequests(tx, limits);

    const evidence = {
      first_name: lead.firstName, last_name: lead.lastName, customer_phone: lead.customerPhoneNumber, store_phone: storePhone,
      message: lead.message, consent_text: lead.consentText ?? null, consent_version: lead.consentVersion ?? null,
      client_ip: ctx.ip, user_agent: ctx.userAgent,
    };
    if (!store || !(await leadFormsOn(tx, store.storeId))) {
      const reason = store ? LEAD_FORM_TEXT.formsOff : LEAD_FORM_TEXT.unknownStore;
      const [row] = await tx<SubmissionRow[]>`
        insert into lead_submission ${tx({ ...evidence, status: 'failed', texted: false, reason })}
        returning id, status, texted, reason`;
      return { result: resultOf(row!, false), store: null, interactionId: null, queued: false };
    }

    const customerId = await matchCustomer(tx, store, lead);
    const interactionId = await matchInteraction(tx, store, customerId);
    const optedOut = await isOptedOut(tx, { storeId: store.storeId, customerId, phone: lead.customerPhoneNumber });
    const [row] = await tx<SubmissionRow[]>`
      insert into lead_submission ${tx({
        ...evidence, store_id: store.storeId, customer_id: customerId, future_service_interaction_id: interactionId,
        status: 'success', texted: !optedOut, reason: optedOut ? LEAD_FORM_TEXT.optedOut : null,
      })}
      returning id, status, texted, reason`;
    const submission = row!;
    const customerName = `${lead.firstName} ${lead.lastName}`;
    const agentName = `${store.agentFirstName} ${store.agentLastName}`.trim();

    // The request, shown as the customer's first words; it waits for a person only when the
    // assistant cannot text back.
    const inboundId = await writeLeadFormRequest(m, {
      interactionId, storeId: store.storeId, customerId, content: lead.message, from: lead.customerPhoneNumber, fromName: customerName,
      to: store.agentPhoneNumber, toName: agentName, carrierMessageId: `lead-form-${submission.id}`, messageSentBy: LEAD_FORM_SENDER,
      responseReqd: optedOut,
    });

    let outboundId: number | null = null;
    if (!optedOut) {
      const sent = await writeAssistantReply(m, {
        interactionId, storeId: store.storeId, customerId, content: bookingInvitation(store, lead.firstName), from: store.agentPhoneNumber,
        fromName: agentName, to: lead.customerPhoneNumber, toName: customerName, clientMessageId: uuidFromText(`lead-reply:${submission.id}`),
      });
      outboundId = sent.id;
    }
    await tx`update lead_submission set inbound_message_id = ${inboundId}, outbound_message_id = ${outboundId} where id = ${submission.id}`;
    return { result: resultOf(submission, false), store, interactionId, queued: outboundId !== null };
  });

  if (outcome.store && outcome.interactionId !== null) {
    if (outcome.queued) deps.outbox?.wake();
    deps.logger?.info({ submissionId: outcome.result.submissionId, storeId: outcome.store.storeId, texted: outcome.result.texted }, 'lead submitted');
  }
  return outcome.result;
}
