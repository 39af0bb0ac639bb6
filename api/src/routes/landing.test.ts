import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  callInviteSchema,
  emailAutoResponseResultSchema,
  feedbackClipSchema,
  mailConfirmationSchema,
  meetingSchema,
  publicLinkSchema,
  salesAppointmentListItemSchema,
  salesAppointmentResultSchema,
  type PublicLinkPurpose,
} from '@drivebay/shared';
import { startEntryPointsHarness } from '../services/landing/testing';
import { createConversation, type ConversationHarness } from '../testing/conversation-harness';
import { expectContract } from '../testing/contract';

let h: ConversationHarness;
const t: Record<string, string> = {};
type Conv = Awaited<ReturnType<typeof createConversation>>;
let a: Conv;
let b: Conv;
let managerId: number;

beforeAll(async () => {
  h = await startEntryPointsHarness();
  for (const u of ['office_manager', 'sales_rep']) t[u] = await h.login(u);
  managerId = (await h.db.sql<{ id: number }[]>`select id from app_user where username = 'office_manager'`)[0]!.id;
  a = await createConversation(h, { firstName: 'Alice' });
  b = await createConversation(h, { firstName: 'Bruno' });
  await h.db.sql`insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, notification_type, title, start_time, call_duration_seconds)
    values (${a.interactionId}, 1, ${a.customerId}, 'Reminder sent', 'SENT', 'SMS', 'MESSAGE_TO_CUSTOMER', null, null, null),
      (${a.interactionId}, 1, ${a.customerId}, '<p>Your <b>visit</b></p>', 'SENT', 'EMAIL', 'MESSAGE_TO_CUSTOMER', null, null, null),
      (${a.interactionId}, 1, ${a.customerId}, 'Outbound call', 'SENT', 'INTERNAL', 'CALL', null, now(), 95),
      (${a.interactionId}, 1, ${a.customerId}, 'Call the customer back', 'SENT', 'INTERNAL', 'SCHEDULE_INTERNAL_TASK', 'Call back', now(), null),
      (${a.interactionId}, 1, ${a.customerId}, 'Needs a manager', 'SENT', 'EMAIL', 'INTERNAL_NOTIFICATION', 'GM HANDOFF', null, null),
      (${a.interactionId}, 1, ${a.customerId}, '<p>Staff-only note</p>', 'SENT', 'INTERNAL_NOTES', 'INTERNAL_NOTES', null, null, null),
      (${b.interactionId}, 1, ${b.customerId}, 'Bruno only', 'SENT', 'SMS', 'MESSAGE_TO_CUSTOMER', null, null, null)`;
});
afterAll(async () => {
  await h?.close();
});

async function link(conv: Conv, purpose: PublicLinkPurpose, extra: Record<string, unknown> = {}) {
  const res = await h.call('/api/landing/links', { token: t.office_manager, json: { futureServiceInteractionId: conv.interactionId, purpose, ...extra } });
  expect(res.status).toBe(200);
  return expectContract(publicLinkSchema, await res.json());
}

describe('call invite', () => {
  it('lists the history items of its interaction only, without internal notes', async () => {
    const l = await link(a, 'CALL_INVITE');
    expect(l.path.startsWith('/service/landing?futureServiceInteractionId=')).toBe(true);
    const res = await h.call(`/api/landing/call-invite?futureServiceInteractionId=${a.interactionId}&userMasterId=${managerId}&token=${l.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const invite = expectContract(callInviteSchema, await res.json());
    expect(invite.customerName).toBe('Alice Customer');
    expect(invite.items.map((i) => i.kind).sort()).toEqual(['CALL', 'EMAIL', 'INTERNAL_NOTIFICATION', 'SCHEDULED_TASK', 'SMS']);
    expect(invite.items.find((i) => i.kind === 'EMAIL')!.text).toBe('Your visit');
    expect(invite.items.find((i) => i.kind === 'CALL')!.durationSeconds).toBe(95);
    expect(JSON.stringify(invite)).not.toMatch(/Bruno|Staff-only/);
    const other = await h.call(`/api/landing/call-invite?futureServiceInteractionId=${b.interactionId}&userMasterId=${managerId}&token=${l.token}`);
    expect(other.status).toBe(403);
  });
});

describe('e-mail auto-response', () => {
  it('records the answer as a RECEIVED EMAIL message on the token’s interaction, once', async () => {
    const l = await link(a, 'EMAIL_RESPONSE');
    const query = `token=${encodeURIComponent(l.token)}&fromAddress=forged@evil.example&to=x@y.z&subject=${encodeURIComponent('Re: your visit')}&message=${encodeURIComponent('Yes, Tuesday <works>')}&key=YES`;
    const first = expectContract(emailAutoResponseResultSchema, await (await h.call(`/api/email/autoResponse?${query}`)).json());
    expect(first).toMatchObject({ message: 'Thanks for your response!', duplicate: false });
    const second = expectContract(emailAutoResponseResultSchema, await (await h.call(`/api/email/autoResponse?${query}`)).json());
    expect(second).toMatchObject({ messageId: first.messageId, duplicate: true });

    const [m] = await h.db.sql<{ futureServiceInteractionId: number; direction: string; messageType: string; content: string; fromAddress: string; subject: string }[]>`
      select future_service_interaction_id, direction, message_type, content, from_address, subject from message_instance where id = ${first.messageId}`;
    expect(m).toEqual({
      futureServiceInteractionId: a.interactionId, direction: 'RECEIVED', messageType: 'EMAIL',
      content: '<p>YES: Yes, Tuesday &lt;works&gt;</p>', fromAddress: a.email, subject: 'Re: your visit',
    });
    const [f] = await h.db.sql<{ totalUnreadCount: number; responseReqd: boolean }[]>`select total_unread_count, response_reqd from future_service_interaction where id = ${a.interactionId}`;
    expect(f).toEqual({ totalUnreadCount: 1, responseReqd: true });
  });

  it('refuses forged, foreign-purpose and empty answers', async () => {
    const dealRoom = await link(a, 'DEAL_ROOM');
    expect((await h.call(`/api/email/autoResponse?token=${dealRoom.token}&message=hi`)).status).toBe(403);
    expect((await h.call('/api/email/autoResponse?token=v1.1.1.9999999999.AAAA&message=hi')).status).toBe(403);
    expect((await h.call('/api/email/autoResponse?message=hi')).status).toBe(400);
    const l = await link(a, 'EMAIL_RESPONSE');
    expect((await h.call(`/api/email/autoResponse?token=${l.token}`)).status).toBe(400);
  });
});

describe('sales appointment and meeting page', () => {
  it('saves a CALENDAR_INVITE and an appointment at the store’s wall-clock time, reschedules it, and shows the meeting', async () => {
    const save = (body: Record<string, unknown>) => h.call('/api/sales-appointment', { token: t.sales_rep, json: body });
    const res = await save({ messageActionType: 'CALENDAR', contactId: a.interactionId, title: 'Test Drive Appointment', startDate: '2031-03-14', startTime: '1:30 pm' });
    expect(res.status).toBe(200);
    const saved = expectContract(salesAppointmentResultSchema, await res.json());
    // Brooklyn in March 2031 is on daylight time (UTC-4).
    expect(saved.startTime).toBe('2031-03-14T17:30:00.000Z');
    expect(saved.endTime).toBe('2031-03-14T18:30:00.000Z');
    const [msg] = await h.db.sql<{ messageType: string; notificationType: string; title: string; fromName: string; toName: string }[]>`
      select message_type, notification_type, title, from_name, to_name from message_instance where id = ${saved.messageId}`;
    expect(msg).toEqual({ messageType: 'CALENDAR_INVITE', notificationType: 'SCHEDULE_APPOINTMENT', title: 'Test Drive Appointment', fromName: 'Sofia Rossi', toName: 'Alice Customer' });

    const moved = salesAppointmentResultSchema.parse(
      await (await save({ contactId: a.interactionId, title: 'Test Drive Appointment', startDate: '2031-03-15', startTime: '9:00 am', appointmentId: saved.appointmentId })).json(),
    );
    expect(moved.appointmentId).toBe(saved.appointmentId);
    expect(moved.startTime).toBe('2031-03-15T13:00:00.000Z');
    expect((await save({ contactId: b.interactionId, title: 'Test Drive Appointment', startDate: '2031-03-15', startTime: '9:00 am', appointmentId: saved.appointmentId })).status).toBe(404);
    const bad = await save({ contactId: a.interactionId, title: 'Coffee', startDate: '2031-03-15', startTime: '25:00' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { details: { message: string }[] }).details.map((d) => d.message)).toEqual(
      expect.arrayContaining(['Please select a title', 'Please select a time']),
    );

    const path = moved.meetingUrl!.replace(/^https?:\/\/[^/]+/, '');
    const params = new URL(path, 'http://x').searchParams;
    const meeting = expectContract(meetingSchema, await (await h.call(`/api/landing/meeting?${params.toString()}`)).json());
    expect(meeting).toMatchObject({ title: 'Test Drive Appointment', host: 'Sofia Rossi', guest: 'Alice Customer', startTime: moved.startTime, storeName: 'Metro Toyota of Brooklyn', kind: 'In-person meeting' });
    params.set('officeId', '2');
    expect((await h.call(`/api/landing/meeting?${params.toString()}`)).status).toBe(403);
    params.set('officeId', '1');
    params.set('messageId', String(saved.messageId - 1));
    expect((await h.call(`/api/landing/meeting?${params.toString()}`)).status).toBe(403);

    // The store's sales appointments can be listed: the moved one at its new time, once.
    const list = expectContract(z.array(salesAppointmentListItemSchema), await (await h.call('/api/sales-appointment?storeId=1', { token: t.sales_rep })).json());
    expect(list.filter((x) => x.appointmentId === saved.appointmentId)).toEqual([
      expect.objectContaining({ title: 'Test Drive Appointment', startTime: '2031-03-15T13:00:00.000Z', futureServiceInteractionId: a.interactionId, customerName: 'Alice Customer', salesRepName: 'Sofia Rossi' }),
    ]);
    expect((await h.call('/api/sales-appointment?storeId=2', { token: t.sales_rep })).status).toBe(403);
    expect((await h.call('/api/sales-appointment?storeId=x', { token: t.sales_rep })).status).toBe(400);
  });
});

describe('mail confirmation and feedback', () => {
  it('confirms the next booked appointment only when the customer presses the button', async () => {
    await h.db.sql`insert into appointment (store_id, future_service_interaction_id, customer_id, start_date, end_date, title)
      values (1, ${a.interactionId}, ${a.customerId}, now() + interval '3 days', now() + interval '3 days 1 hour', 'Oil change')`;
    const l = await link(a, 'MAIL_CONFIRMATION');
    const seen = expectContract(mailConfirmationSchema, await (await h.call(`/api/email/confirmation?token=${l.token}`)).json());
    expect(seen.appointment).toMatchObject({ title: 'Oil change', status: 'BOOKED' });
    const confirmed = await h.call(`/api/email/confirmation?token=${l.token}`, { method: 'POST' });
    expect(((await confirmed.json()) as { appointment: { status: string } }).appointment.status).toBe('CONFIRMED');
    const none = await link(b, 'MAIL_CONFIRMATION');
    const nothing = (await (await h.call(`/api/email/confirmation?token=${none.token}`, { method: 'POST' })).json()) as { appointment: null; message: string };
    expect(nothing).toMatchObject({ appointment: null, message: 'There is no upcoming appointment to confirm. Reply to our message and we will find you a time.' });
  });

  it('takes one rating per link and shows it in the conversation', async () => {
    const l = await link(b, 'FEEDBACK');
    expect(expectContract(feedbackClipSchema, await (await h.call(`/api/feedback-clip?token=${l.token}`)).json())).toEqual({
      customerFirstName: 'Bruno', storeName: 'Metro Toyota of Brooklyn', submitted: false,
    });
    const send = () => h.call(`/api/feedback-clip?token=${l.token}`, { json: { rating: 2, comment: 'Waited too long' } });
    expect(await (await send()).json()).toEqual({ message: 'Thank you for your feedback!', duplicate: false });
    expect(await (await send()).json()).toEqual({ message: 'We already have your feedback. Thank you!', duplicate: true });
    const [m] = await h.db.sql<{ content: string; direction: string; responseReqd: boolean }[]>`
      select content, direction, response_reqd from message_instance where future_service_interaction_id = ${b.interactionId} and message_type = 'DEALROOM_MESSAGE_RESPONSE'`;
    expect(m).toEqual({ content: '<p>Feedback: 2 of 5 stars.<br>Waited too long</p>', direction: 'RECEIVED', responseReqd: true });
    expect((await h.call(`/api/feedback-clip?token=${l.token}`, { json: { rating: 9 } })).status).toBe(400);
  });
});
