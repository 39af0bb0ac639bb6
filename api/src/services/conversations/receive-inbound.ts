import { createHash } from 'node:crypto';
import { carrierKeyword, formatPhoneDisplay, toE164, type CarrierKeyword } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { ServiceDeps } from './deps';
import { onInboundCommitted } from './inbound-events';
import { recordOptIn, recordOptOut } from './opt-out';
import { inMessageTx, writeInboundText, writeKeywordReply, writeKnownSenderText, type KnownSenderText } from './messages';
import { conversationOf, inboundCustomerNumber, lockSenders, lookupSender, senderLockKey, type FoundSender } from './sender-lookup';
import { DuplicateText, INBOUND_SERVICE_TYPE, startConversation, type Started } from './start-conversations';
import { findStoreByNumber, type StoreNumber } from './store-number';

export { INBOUND_SERVICE_TYPE };

/** One text from a customer, as any carrier reports it. */
export type InboundSms = {
  carrierMessageId: string;
  from: string;
  to: string;
  body: string;
  mediaUrls: string[];
};

export type InboundOutcome =
  | {
      kind: 'stored';
      storeId: number;
      interactionId: number;
      customerId: number;
      messageId: number;
      keyword: CarrierKeyword | null;
      createdCustomer: boolean;
      createdInteraction: boolean;
    }
  /** The carrier's id was seen before (a redelivery): nothing changed. */
  | { kind: 'duplicate' }
  /** No store texts from the number it was sent to. */
  | { kind: 'unknown-number' }
  /** The sender is not a phone number a customer record can hold (a short code, say). */
  | { kind: 'invalid-sender' };

class Duplicate extends Error {}

/** A stable UUID from a text, so the reply to one inbound message has one client id forever. */
export function uuidFromText(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The carrier's HELP answer: who is texting and how to reach a person. */
export function helpReplyText(store: Pick<StoreNumber, 'storeName' | 'storePhone' | 'agentPhoneNumber'>): string {
  const number = formatPhoneDisplay(store.storePhone ?? store.agentPhoneNumber);
  return `${store.storeName}: for help call ${number}. Reply STOP to opt out.`;
}

/**
 * Stores a customer's text in one transaction: dedupe on the carrier's id, find or create the
 * customer and the interaction in the store that owns the number, insert the message, bump the
 * counters, and act on carrier keywords (STOP family blocks texts, START/UNSTOP lifts the block,
 * HELP queues the store's help reply). After the commit the inbox is told and, for ordinary
 * messages, the {@link onInboundCommitted} listeners run.
 */
export async function receiveInboundSms(deps: ServiceDeps, sms: InboundSms, knownStore?: StoreNumber | null): Promise<InboundOutcome> {
  const { sql } = deps;
  const store = knownStore ?? (await findStoreByNumber(sql, sms.to));
  if (!store) return { kind: 'unknown-number' };
  const from = toE164(sms.from);
  if (!from) return { kind: 'invalid-sender' };
  const keyword = carrierKeyword(sms.body);

  // The common case, a customer writing into their conversation: one statement, one round trip.
  if (keyword === null) {
    const text: KnownSenderText = {
      lookup: lookupSender, storeId: store.storeId, content: sms.body, from, to: store.agentPhoneNumber,
      toName: `${store.agentFirstName} ${store.agentLastName}`.trim(), mediaUrls: sms.mediaUrls, carrierMessageId: sms.carrierMessageId,
    };
    // A number the store has never seen gets its customer and conversation by one more statement
    // of the same kind, with the other first texts arriving meanwhile.
    const start = { bocId: store.bocId, customerNumber: inboundCustomerNumber(store.storeCode, from), divisionId: store.divisionId, serviceType: INBOUND_SERVICE_TYPE };
    const known = (await writeKnownSenderText(deps, text)) ?? (await writeKnownSenderText(deps, { ...text, start }));
    if (known?.messageId === null) return { kind: 'duplicate' };
    if (known) {
      const stored = {
        kind: 'stored' as const, storeId: store.storeId, interactionId: known.interactionId, customerId: known.customerId,
        messageId: known.messageId, keyword, createdCustomer: known.started, createdInteraction: known.started,
      };
      emitCommitted(deps, stored, sms);
      return stored;
    }
    // No conversation yet (a customer without one, a number being started elsewhere at this moment):
    // it is started under the sender's lock, together with the other first texts arriving meanwhile.
    let started: Started;
    try {
      started = await startConversation(deps, { store, from, body: sms.body, mediaUrls: sms.mediaUrls, carrierMessageId: sms.carrierMessageId });
    } catch (err) {
      if (err instanceof DuplicateText) return { kind: 'duplicate' };
      throw err;
    }
    const stored = { kind: 'stored' as const, ...started, keyword };
    emitCommitted(deps, stored, sms);
    return stored;
  }

  let outcome: Extract<InboundOutcome, { kind: 'stored' }>;
  try {
    outcome = await inMessageTx(deps, async (m) => {
      const { tx } = m;
      const { customer, interaction } = await findOrCreateConversation(tx, store, from);
      // The carrier's id is unique: a redelivery inserts nothing and rolls back whatever it created.
      // A customer writing into a closed conversation opens it again.
      const messageId = await writeInboundText(m, {
        interactionId: interaction.id, storeId: store.storeId, customerId: customer.id, content: sms.body, from, fromName: customer.name,
        to: store.agentPhoneNumber, toName: `${store.agentFirstName} ${store.agentLastName}`.trim(), mediaUrls: sms.mediaUrls,
        carrierMessageId: sms.carrierMessageId, keyword,
      });
      if (messageId === null) throw new Duplicate();

      if (keyword === 'STOP') await recordOptOut(tx, { storeId: store.storeId, customerId: customer.id, phone: from });
      if (keyword === 'START') await recordOptIn(tx, { storeId: store.storeId, customerId: customer.id, phone: from });
      if (keyword === 'HELP') {
        await writeKeywordReply(m, {
          interactionId: interaction.id, storeId: store.storeId, customerId: customer.id, content: helpReplyText(store),
          from: store.agentPhoneNumber, fromName: store.storeName, to: from, toName: customer.name,
          clientMessageId: uuidFromText(`help-reply:${sms.carrierMessageId}`), keyword: 'HELP',
        });
      }
      return {
        kind: 'stored' as const, storeId: store.storeId, interactionId: interaction.id, customerId: customer.id, messageId,
        keyword, createdCustomer: customer.created, createdInteraction: interaction.created,
      };
    });
  } catch (err) {
    if (err instanceof Duplicate) return { kind: 'duplicate' };
    throw err;
  }

  if (keyword === 'HELP') deps.outbox?.wake();
  return outcome;
}

/** Tells the follow-up work (the assistant) of an ordinary text once it is committed. */
function emitCommitted(deps: ServiceDeps, outcome: Extract<InboundOutcome, { kind: 'stored' }>, sms: InboundSms): void {
  onInboundCommitted.emit(
    {
      storeId: outcome.storeId, interactionId: outcome.interactionId, customerId: outcome.customerId, messageId: outcome.messageId,
      content: sms.body, mediaUrls: sms.mediaUrls, createdCustomer: outcome.createdCustomer, createdInteraction: outcome.createdInteraction,
    },
    deps.logger,
  );
}

async function lookup(tx: Sql, store: StoreNumber, phone: string): Promise<FoundSender | null> {
  const [row] = (await lookupSender(tx, store.storeId, phone)) as unknown as FoundSender[];
  return row ?? null;
}

/**
 * The customer and conversation a text belongs to, creating what is missing: a customer with a
 * generated customer number (store code and the number) and a {@link INBOUND_SERVICE_TYPE}
 * interaction in the store that owns the number.
 */
async function findOrCreateConversation(tx: Sql, store: StoreNumber, phone: string) {
  let found = await lookup(tx, store, phone);
  let createdCustomer = false;
  let createdInteraction = false;
  if (!found?.interactionId) {
    // Two first texts from a new number racing each other must not create two customers.
    await lockSenders(tx, [senderLockKey(store.storeId, phone)]);
    found = await lookup(tx, store, phone);
  }
  let customerId = found?.customerId ?? null;
  let interactionId = found?.interactionId ?? null;
  if (customerId === null) {
    const custno = inboundCustomerNumber(store.storeCode, phone);
    const [created] = await tx<{ id: number }[]>`
      insert into customer (boc_id, store_id, custno, cellular) values (${store.bocId}, ${store.storeId}, ${custno}, ${phone})
      on conflict (boc_id, custno) do nothing returning id`;
    // A conflict means the generated record exists: it is theirs. Either it no longer carries this
    // number here, or an ordinary text from the number just created it with its conversation.
    const existing = created
      ? null
      : (await tx<{ id: number; interactionId: number | null }[]>`
          select c.id, f.id as interaction_id from customer c
          left join lateral (${conversationOf(tx, tx`c.id`, store.storeId)}) f on c.cellular = ${phone}
          where c.boc_id = ${store.bocId} and c.custno = ${custno}`)[0]!;
    customerId = created?.id ?? existing!.id;
    interactionId = existing?.interactionId ?? null;
    createdCustomer = !!created;
  }
  if (interactionId === null) {
    const [created] = await tx<{ id: number }[]>`
      insert into future_service_interaction (store_id, company_id, customer_id, division_id, service_type, type, conversation_initiated)
      values (${store.storeId}, ${store.bocId}, ${customerId}, ${store.divisionId}, ${INBOUND_SERVICE_TYPE}, 'SERVICE', true)
      returning id`;
    interactionId = created!.id;
    createdInteraction = true;
  }
  const name = `${found?.firstName ?? ''} ${found?.lastName ?? ''}`.trim() || null;
  return { customer: { id: customerId, name, created: createdCustomer }, interaction: { id: interactionId, created: createdInteraction } };
}
