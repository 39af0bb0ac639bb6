import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  dealRoomAssistantSchema,
  dealRoomInteractionSchema,
  messageInstanceSchema,
  populatedTemplateSchema,
  publicLinkSchema,
  sendMessageResponseSchema,
} from '@drivebay/shared';
import { linkSecret, signLink } from '../services/landing/link-tokens';
import { STORE_1_ASSISTANT, startEntryPointsHarness } from '../services/landing/testing';
import { createConversation, waitFor, type ConversationHarness } from '../testing/conversation-harness';
import { expectContract } from '../testing/contract';

let h: ConversationHarness;
const t: Record<string, string> = {};
const ids: Record<string, number> = {};
type Conv = Awaited<ReturnType<typeof createConversation>>;
let a: Conv;
let b: Conv;

beforeAll(async () => {
  h = await startEntryPointsHarness();
  for (const u of ['office_manager', 'office_user', 'super_data_admin']) t[u] = await h.login(u);
  for (const row of await h.db.sql<{ id: number; username: string }[]>`select id, username from app_user`) ids[row.username] = row.id;
  a = await createConversation(h, { firstName: 'Alice' });
  b = await createConversation(h, { firstName: 'Bruno' });
  await h.db.sql`insert into message_instance (future_service_interaction_id, store_id, customer_id, content, direction, message_type, notification_type)
    values (${a.interactionId}, 1, ${a.customerId}, 'Alice asked about brakes', 'RECEIVED', 'SMS', 'MESSAGE_FROM_CUSTOMER'),
      (${b.interactionId}, 1, ${b.customerId}, 'Bruno private message', 'RECEIVED', 'SMS', 'MESSAGE_FROM_CUSTOMER'),
      (${a.interactionId}, 1, ${a.customerId}, '<p>Staff-only note</p>', 'SENT', 'INTERNAL_NOTES', 'INTERNAL_NOTES')`;
});
afterAll(async () => {
  await h?.close();
});

async function link(user: string, body: Record<string, unknown>) {
  const res = await h.call('/api/landing/links', { token: t[user], json: body });
  return { status: res.status, link: res.status === 200 ? expectContract(publicLinkSchema, await res.json()) : null };
}

const q = (fsi: number, user: number, token: string) => `futureServiceInteractionId=${fsi}&userMasterId=${user}&token=${encodeURIComponent(token)}`;

describe('deal-room links', () => {
  it('open the one interaction they name, as the user they were made for', async () => {
    const { link: l } = await link('office_manager', { futureServiceInteractionId: a.interactionId, purpose: 'DEAL_ROOM' });
    expect(l!.path).toMatch(new RegExp(`^/email/autoResponse\\?future_service_interaction_id=${a.interactionId}&userMasterId=${ids.office_manager}&token=`));
    expect(l!.url.endsWith(l!.path)).toBe(true);
    const query = q(a.interactionId, ids.office_manager!, l!.token);

    const room = expectContract(dealRoomInteractionSchema, await (await h.call(`/servicedealroom/future-service-interaction?${query}`)).json());
    expect(room).toMatchObject({ id: a.interactionId, customerMaster: { firstName: 'Alice', cellular: a.phone }, user: { firstName: 'Olivia' } });

    const history = expectContract(z.array(messageInstanceSchema), await (await h.call(`/servicedealroom/conversationHistory?${query}`)).json());
    expect(history.map((m) => m.content)).toEqual(['Alice asked about brakes']);
    expect(JSON.stringify(history)).not.toContain('Bruno');

    const assistants = expectContract(z.array(dealRoomAssistantSchema), await (await h.call(`/servicedealroom/assistantList?${query}`)).json());
    expect(assistants.find((x) => x.initializerProcessEnabled)?.agentPhoneNumber).toBe(STORE_1_ASSISTANT);
  });

  it('refuse a missing, forged, altered, expired or misused token with 403', async () => {
    const { link: l } = await link('office_manager', { futureServiceInteractionId: a.interactionId, purpose: 'DEAL_ROOM' });
    const user = ids.office_manager!;
    const good = l!.token;
    const statusOf = async (query: string, path = '/servicedealroom/conversationHistory') => (await h.call(`${path}?${query}`)).status;

    expect(await statusOf(`futureServiceInteractionId=${a.interactionId}&userMasterId=${user}`)).toBe(400);
    // The same token asked for interaction B, or for another user: refused.
    expect(await statusOf(q(b.interactionId, user, good))).toBe(403);
    expect(await statusOf(q(a.interactionId, ids.super_data_admin!, good))).toBe(403);
    // A changed signature, a changed id inside the token, garbage.
    const parts = good.split('.');
    const flipped = `${parts.slice(0, 4).join('.')}.${parts[4]!.startsWith('A') ? 'B' : 'A'}${parts[4]!.slice(1)}`;
    expect(await statusOf(q(a.interactionId, user, flipped))).toBe(403);
    const retargeted = [parts[0], String(b.interactionId), ...parts.slice(2)].join('.');
    expect(await statusOf(q(b.interactionId, user, retargeted))).toBe(403);
    expect(await statusOf(q(a.interactionId, user, 'not-a-token'))).toBe(403);
    // Signed with another secret.
    const foreign = signLink('x'.repeat(40), 'DEAL_ROOM', { interactionId: a.interactionId, subjectId: user }).token;
    expect(await statusOf(q(a.interactionId, user, foreign))).toBe(403);
    // Expired.
    const secret = await linkSecret(h.db.sql);
    const expired = signLink(secret, 'DEAL_ROOM', { interactionId: a.interactionId, subjectId: user, expiresAt: new Date(Date.now() - 1000) }).token;
    expect(await statusOf(q(a.interactionId, user, expired))).toBe(403);
    // Made for another page: a call-invite link does not open the deal room, and the other way round.
    const { link: invite } = await link('office_manager', { futureServiceInteractionId: a.interactionId, purpose: 'CALL_INVITE' });
    expect(await statusOf(q(a.interactionId, user, invite!.token))).toBe(403);
    expect(await statusOf(q(a.interactionId, user, good), '/api/landing/call-invite')).toBe(403);
    expect(await statusOf(q(a.interactionId, user, invite!.token), '/api/landing/call-invite')).toBe(200);
    // Every deal-room call checks it.
    for (const path of ['/servicedealroom/future-service-interaction', '/servicedealroom/assistantList', '/servicedealroom/templates']) {
      expect(await statusOf(q(b.interactionId, user, good), path)).toBe(403);
    }
    const send = await h.call(`/servicedealroom/send-message?${q(b.interactionId, user, good)}`, { json: { content: 'hi' } });
    expect(send.status).toBe(403);
    // The refusal says nothing about the interaction.
    expect(((await (await h.call(`/servicedealroom/future-service-interaction?${q(b.interactionId, user, good)}`)).json()) as { message: string }).message).toBe(
      'This link is not valid or has expired.',
    );
  });

  it('stop working for a user who is blocked or no longer reaches the store', async () => {
    const { link: l } = await link('office_manager', { futureServiceInteractionId: a.interactionId, purpose: 'DEAL_ROOM', userMasterId: ids.office_user });
    const query = q(a.interactionId, ids.office_user!, l!.token);
    expect((await h.call(`/servicedealroom/conversationHistory?${query}`)).status).toBe(200);
    await h.db.sql`update app_user set blocked = true where id = ${ids.office_user!}`;
    expect((await h.call(`/servicedealroom/conversationHistory?${query}`)).status).toBe(403);
    await h.db.sql`update app_user set blocked = false where id = ${ids.office_user!}`;
    // A store-3 conversation cannot be opened for a store-1 user.
    const [la] = await h.db.sql<{ id: number }[]>`select id from future_service_interaction where store_id = 3 limit 1`;
    expect((await link('super_data_admin', { futureServiceInteractionId: la!.id, purpose: 'DEAL_ROOM', userMasterId: ids.office_user })).status).toBe(400);
    expect((await link('office_user', { futureServiceInteractionId: la!.id, purpose: 'DEAL_ROOM' })).status).toBe(403);
  });

  it('records inviting someone else as a user invite in the conversation', async () => {
    await link('office_manager', { futureServiceInteractionId: b.interactionId, purpose: 'DEAL_ROOM', userMasterId: ids.super_data_admin });
    const [invite] = await h.db.sql<{ content: string; notificationType: string }[]>`
      select content, notification_type from message_instance where future_service_interaction_id = ${b.interactionId} and notification_type = 'USER_INVITE'`;
    expect(invite!.content).toBe('Olivia Martinez invited Priya Shah to the deal room.');
  });

  it('texts the customer as the link’s user, once per clientMessageId, with templates filled in', async () => {
    const saved = await h.call('/api/customTemplate', { token: t.office_manager, json: { title: 'Brake check', body: 'Hi ${customer.firstName},<br>brakes at ${office.name}?', serviceType: 'OIL_CHANGE' } });
    expect(saved.status).toBe(200);
    const { link: l } = await link('office_manager', { futureServiceInteractionId: a.interactionId, purpose: 'DEAL_ROOM' });
    const query = q(a.interactionId, ids.office_manager!, l!.token);
    const templates = expectContract(z.array(populatedTemplateSchema), await (await h.call(`/servicedealroom/templates?${query}&source=PERSONAL`)).json());
    const brake = templates.find((x) => x.title === 'Brake check')!;
    expect(brake.populatedBody).toBe('Hi Alice,\nbrakes at Metro Toyota of Brooklyn?');
    expect(brake.canEdit).toBe(false);

    const clientMessageId = randomUUID();
    const send = () => h.call(`/servicedealroom/send-message?${query}`, { json: { content: brake.populatedBody, clientMessageId } });
    const first = expectContract(sendMessageResponseSchema, await (await send()).json());
    expect(first.message).toBe('Successfully Sent');
    expect(first.messageInstance).toMatchObject({ messageType: 'SMS', direction: 'SEND', messageSentBy: 'Olivia Martinez', content: 'Hi Alice, brakes at Metro Toyota of Brooklyn?' });
    const again = expectContract(sendMessageResponseSchema, await (await send()).json());
    expect(again.messageInstance.id).toBe(first.messageInstance.id);
    const sms = await waitFor(async () => h.submissions.find((s) => s.to === a.phone), 5000, 'the deal-room text');
    expect(sms.from).toBe(STORE_1_ASSISTANT);
    await new Promise((r) => setTimeout(r, 300));
    expect(h.submissions.filter((s) => s.to === a.phone)).toHaveLength(1);
  });
});
