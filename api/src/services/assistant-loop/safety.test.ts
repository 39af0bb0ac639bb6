// The loop on replies it must not answer as usual: revocations in words, possible revocations,
// guesses, and questions about a car already in the shop, through the real webhook and database.
import { describe, expect, it } from 'vitest';
import { addDays, formatInstantInZone, instantOf, wallTimeAt } from '@drivebay/shared';
import { createConversation, waitFor } from '../../testing/conversation-harness';
import { optOutConfirmationText } from './effects/opt-out';
import { FSI, NY, a, bubbles, flags, post, smsTo, useAssistantHarness } from '../../testing/assistant-controls';

useAssistantHarness();

const turnDetail = async (messageId: number) =>
  (await a.h.db.sql<{ detail: Record<string, unknown> }[]>`select detail from assistant_turn where message_instance_id = ${messageId} and kind = 'INBOUND'`)[0]!.detail;
const responseReqd = async (id: number) =>
  (await a.h.db.sql<{ responseReqd: boolean }[]>`select response_reqd from future_service_interaction where id = ${id}`)[0]!.responseReqd;
const dialogue = async (id: number) =>
  (await a.h.db.sql<{ stage: string; proposedSlots: Date[] }[]>`select stage, proposed_slots from assistant_dialogue where future_service_interaction_id = ${id}`)[0] ?? null;
const sentTo = (phone: string) => a.h.submissions.filter((s) => s.to === phone);

let roCounter = 0;
async function repairOrder(customerId: number, o: { status: string; promised?: Date | null; closed?: boolean }) {
  const number = `S${Date.now() % 1_000_000}${++roCounter}`;
  await a.h.db.sql`insert into repair_order (store_id, ro_number, customer_id, status_code, order_key, promised_date, close_date)
    values (1, ${number}, ${customerId}, ${o.status}, ${`a${roCounter}`}, ${o.promised ?? null}, ${o.closed ? new Date() : null})`;
  return number;
}

describe('a revocation in words', () => {
  it('an informal Spanish opt-out blocks the customer; nothing more goes out, queued or later', async () => {
    const conv = await createConversation(a.h);
    // A text the dealership queued before the revocation: held for quiet hours, still in the outbox.
    a.setNow(instantOf({ ...addDays(wallTimeAt(new Date(), NY), 40), hour: 22, minute: 30 }, NY));
    let held: number;
    try {
      const res = await post(`${FSI}/dtDialog/resume`, 'super_user', { id: conv.interactionId, dtDialogEnabled: true, manualBooking: false });
      held = res.body.messageInstanceId as number;
      expect(res.body.heldUntil).not.toBeNull();
    } finally {
      a.setNow(null);
    }

    const stop = await a.text(conv.phone!, 'ya no me manden mensajes porfa');
    expect(await a.turnOf(stop)).toMatchObject({ action: 'OPTED_OUT', intent: 'STOP', replyText: null });
    const [c] = await a.h.db.sql`select block_sms, exists(select 1 from mark where target = 'CUSTOMER' and customer_id = c.id and intent_type = 'SMS_OPT_OUT') as marked
      from customer c where id = ${conv.customerId}`;
    expect(c).toEqual({ blockSms: true, marked: true });
    expect((await flags(conv.interactionId)).responseInsight).toBe('STOP');

    // The held text reaches its time: the outbox checks consent again and drops it.
    // The harness's own drain, woken by other writes, may have claimed it first: either run ends it.
    await a.h.db.sql`update message_outbox set next_attempt_at = now() where message_instance_id = ${held}`;
    await a.h.worker.runOnce();
    const heldStatus = async () => (await a.h.db.sql<{ status: string }[]>`select status from message_outbox where message_instance_id = ${held}`)[0]?.status;
    await waitFor(async () => (await heldStatus()) !== 'pending', 5_000, 'the held text leaving the outbox');
    expect(await heldStatus()).toBe('failed');

    // The one confirmation the rules allow goes out, and then nothing more.
    const [, confirmation] = await smsTo(conv.interactionId);
    expect(confirmation?.content).toBe(optOutConfirmationText('Metro Toyota of Brooklyn'));
    await waitFor(async () => sentTo(conv.phone!).length > 0, 5_000, 'the confirmation at the carrier');
    expect(sentTo(conv.phone!).map((s) => s.body)).toEqual([confirmation!.content]);

    const later = await a.text(conv.phone!, 'ok pero a que hora abren?');
    expect(await a.turnOf(later)).toMatchObject({ action: 'SKIPPED_OPTED_OUT', replyText: null });
    // Saying it again is recorded again, but the confirmation is not sent twice.
    const again = await a.text(conv.phone!, 'ya no me manden mensajes!!');
    expect((await a.turnOf(again)).replyText).toBeNull();
    await a.h.worker.runOnce();
    expect((await smsTo(conv.interactionId)).map((m) => m.id)).toEqual([held, confirmation!.id]);
    expect(sentTo(conv.phone!)).toHaveLength(1);
  });

  it('"pls stop txting me" opts out the same way', async () => {
    const conv = await createConversation(a.h);
    const stop = await a.text(conv.phone!, 'pls stop txting me');
    expect(await a.turnOf(stop)).toMatchObject({ action: 'OPTED_OUT', intent: 'STOP' });
    expect((await smsTo(conv.interactionId)).map((m) => m.content)).toEqual([optOutConfirmationText('Metro Toyota of Brooklyn')]);
  });
});

describe('a possible revocation', () => {
  it('"who gave u my number??" sends nothing and hands the conversation to a person', async () => {
    const conv = await createConversation(a.h);
    const m = await a.text(conv.phone!, 'who gave u my number??');
    expect(await a.turnOf(m)).toMatchObject({ action: 'HANDED_OFF', replyText: null, replyMessageId: null });
    expect(await turnDetail(m)).toMatchObject({ step: 'HANDOFF', handoff: 'CUSTOMER', reason: 'OPT_OUT_UNCERTAIN' });
    expect(await flags(conv.interactionId)).toMatchObject({ aiEnabled: false, dtDialogEnabled: false, responseInsight: 'HO' });
    expect(await responseReqd(conv.interactionId)).toBe(true);
    const [bubble] = await bubbles(conv.interactionId);
    expect(bubble).toMatchObject({ title: 'Customer HANDOFF', notificationType: 'INTERNAL_NOTIFICATION' });
    expect(bubble!.content).toContain('might be asking us to stop texting them');
    expect(bubble!.content).toContain('who gave u my number??');
    // Not an opt-out yet: a person decides.
    const [c] = await a.h.db.sql`select block_sms from customer where id = ${conv.customerId}`;
    expect(c).toEqual({ blockSms: false });
    await a.h.worker.runOnce();
    expect(await smsTo(conv.interactionId)).toHaveLength(0);
    expect(sentTo(conv.phone!)).toHaveLength(0);
  });

  it('is handed over even when the assistant is off, so a person reads it', async () => {
    const conv = await createConversation(a.h);
    await a.h.db.sql`update future_service_interaction set ai_enabled = false where id = ${conv.interactionId}`;
    const m = await a.text(conv.phone!, 'why do you keep texting me');
    expect(await a.turnOf(m)).toMatchObject({ action: 'HANDED_OFF', replyText: null });
    expect((await bubbles(conv.interactionId)).map((b) => b.title)).toEqual(['Customer HANDOFF']);
  });
});

describe('questions about a car in the shop', () => {
  it('"ready yet?" gets the open repair order’s lane and promised time, and no slots', async () => {
    const conv = await createConversation(a.h);
    const promised = instantOf({ ...addDays(wallTimeAt(new Date(), NY), 1), hour: 17, minute: 30 }, NY);
    await repairOrder(conv.customerId, { status: 'BOOKED', closed: true });
    const number = await repairOrder(conv.customerId, { status: 'ASSIGNED', promised });
    const m = await a.text(conv.phone!, 'ready yet?');
    const turn = await a.turnOf(m);
    const when = formatInstantInZone(promised, NY, 'dddd, MMM D [at] h:mm A');
    expect(turn).toMatchObject({ action: 'ANSWERED_REPAIR_ORDER', intent: 'CQ' });
    expect(turn.replyText).toBe(`Your vehicle (repair order ${number}) is at this stage: Working. It is promised for ${when}.`);
    expect(when).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]{2} \d{1,2} at 5:30 PM$/);
    await waitFor(async () => sentTo(conv.phone!).find((s) => s.body === turn.replyText), 5_000, 'the status at the carrier');
    expect(await dialogue(conv.interactionId)).toBeNull();
    expect(await flags(conv.interactionId)).toMatchObject({ aiEnabled: true, isDtGotItsChance: false, responseInsight: 'CQ' });
    expect(await bubbles(conv.interactionId)).toHaveLength(0);
  });

  it('answers in Spanish questions too, without a promised time when none was given', async () => {
    const conv = await createConversation(a.h);
    const number = await repairOrder(conv.customerId, { status: 'HOLD' });
    const m = await a.text(conv.phone!, '¿ya está listo mi carro?');
    expect((await a.turnOf(m)).replyText).toBe(
      `Your vehicle (repair order ${number}) is at this stage: Vehicle on Hold. Your advisor will let you know when it is ready.`,
    );
  });

  it('without an open repair order hands off, offering no slots', async () => {
    const conv = await createConversation(a.h);
    await repairOrder(conv.customerId, { status: 'CLOSED', closed: true });
    await repairOrder(conv.customerId, { status: 'Appt' });
    const m = await a.text(conv.phone!, 'is my car ready yet?');
    const turn = await a.turnOf(m);
    expect(turn).toMatchObject({ action: 'HANDED_OFF', intent: 'CQ', replyText: "Thanks — I've asked our service manager to reach out." });
    expect(await turnDetail(m)).toMatchObject({ handoff: 'GM', reason: 'NO_OPEN_REPAIR_ORDER' });
    const [bubble] = await bubbles(conv.interactionId);
    expect(bubble).toMatchObject({ title: 'GM HANDOFF', notificationType: 'INTERNAL_NOTIFICATION_GM' });
    expect(bubble!.content).toContain('no open repair order was found');
    expect((await dialogue(conv.interactionId))?.proposedSlots ?? []).toEqual([]);
    expect(await flags(conv.interactionId)).toMatchObject({ aiEnabled: false, isDtGotItsChance: false });
  });
});

describe('a reading that is a guess', () => {
  it('an uncertain nonsense reply is handed to a person and nothing is texted', async () => {
    const conv = await createConversation(a.h);
    const m = await a.text(conv.phone!, 'blorp zzzt fnord');
    expect(await a.turnOf(m)).toMatchObject({ action: 'HANDED_OFF', replyText: null });
    expect(await turnDetail(m)).toMatchObject({ handoff: 'CUSTOMER', reason: 'UNCERTAIN' });
    expect(await flags(conv.interactionId)).toMatchObject({ aiEnabled: false, responseInsight: 'HO' });
    expect(await responseReqd(conv.interactionId)).toBe(true);
    const [bubble] = await bubbles(conv.interactionId);
    expect(bubble!.content).toContain('could not tell what their reply means');
    const marks = await a.h.db.sql`select 1 from mark where target = 'FUTURE_SERVICE_INTERACTION' and future_service_interaction_id = ${conv.interactionId}`;
    expect(marks).toHaveLength(0);
    await a.h.worker.runOnce();
    expect(await smsTo(conv.interactionId)).toHaveLength(0);
  });
});
