// The assistant controls (3/3): Action Intents, response insight, the assistant list and marks.
import { describe, expect, it } from 'vitest';
import { createConversation } from '../testing/conversation-harness';
import { a, ROLES, call, post, field, FSI, conversationWith, smsTo, flags, tokens, useAssistantHarness, type Json } from '../testing/assistant-controls';

useAssistantHarness();

describe('Action Intents and Default Action Intents', () => {
  it('need an intent', async () => {
    const conv = await conversationWith('hmm', { answer: false });
    const url = `${FSI}/action-intents?future-service-interaction-id=${conv.interactionId}&messageId=${conv.messageId}`;
    for (const json of [{}, { intent: '' }, { intent: '   ' }]) {
      const res = await post(url, 'super_user', json);
      expect([res.status, field(res), res.body.details![0]!.message]).toEqual([400, 'body.intent', 'Please select an intent']);
    }
    const unknown = await post(url, 'super_user', { intent: 'BOGUS' });
    expect([unknown.status, unknown.body.details![0]!.message]).toEqual([400, 'Unknown intent']);
    const def = await post(`${FSI}/default-action-intents?future-service-interaction-id=${conv.interactionId}&messageId=${conv.messageId}`, 'super_user', {});
    expect(def.body.details![0]!.message).toBe('Please select an intent');
    expect((await post(url, 'office_manager', { intent: 'NLO' })).status).toBe(403);
  });

  it('Action Intents acts on the chosen intent; Show Intents shows the choice', async () => {
    const conv = await conversationWith('hmm', { answer: false });
    const res = await post(`${FSI}/action-intents?future-service-interaction-id=${conv.interactionId}&messageId=${conv.messageId}`, 'super_user', { intent: 'NLO' });
    expect(res.body).toMatchObject({ message: 'Successfully Updated', intent: 'NLO', action: 'ACKNOWLEDGED', replyText: "Thanks for letting us know. We'll update our records." });
    expect((await flags(conv.interactionId)).responseInsight).toBe('NLO');
    const details = await call(`${FSI}/intentDetails?future-service-interaction-id=${conv.interactionId}&messageId=${conv.messageId}`);
    expect(details.body).toMatchObject({ staffIntent: 'NLO', finalIntentNames: ['MISC'] });
  });

  it('Default Action Intents files the message under the intent and sends nothing', async () => {
    const conv = await conversationWith('who?', { answer: false });
    const res = await post(`${FSI}/default-action-intents?future-service-interaction-id=${conv.interactionId}&messageId=${conv.messageId}`, 'super_data_admin', { intent: 'WN' });
    expect(res.body).toMatchObject({ intent: 'WN', action: 'SKIPPED_RECORDED', messageInstanceId: null });
    expect((await flags(conv.interactionId)).responseInsight).toBe('WN');
    expect((await a.h.db.sql`select intent_type from mark where target = 'FUTURE_SERVICE_INTERACTION' and future_service_interaction_id = ${conv.interactionId}`).map((m) => m.intentType)).toEqual(['WN']);
    expect(await smsTo(conv.interactionId)).toHaveLength(0);
  });
});

describe('response insight', () => {
  it('sets a known category and refuses others', async () => {
    const conv = await createConversation(a.h);
    const bad = await call(`${FSI}/responseInsight?future-service-interaction-id=${conv.interactionId}&insight=HAPPY`, { as: 'office_manager', method: 'PUT' });
    expect([bad.status, field(bad)]).toEqual([400, 'query.insight']);
    const ok = await call(`${FSI}/responseInsight?future-service-interaction-id=${conv.interactionId}&insight=FU`, { as: 'office_manager', method: 'PUT' });
    expect(ok.body).toEqual({ message: 'Successfully Updated', responseInsight: 'FU' });
    expect((await flags(conv.interactionId)).responseInsight).toBe('FU');
    const [event] = await a.h.db.sql`select kind, response_insight from interaction_event where future_service_interaction_id = ${conv.interactionId} order by id desc limit 1`;
    expect(event).toEqual({ kind: 'NEW_EVENT', responseInsight: 'FU' });
  });
});

describe('the assistant list', () => {
  const list = (q: string, as: (typeof ROLES)[number] = 'office_manager', enterpriseId?: string) =>
    a.h.app.request(`/assistant/v2/getassistlist?${q}`, { headers: { authorization: `Bearer ${tokens[as]}`, ...(enterpriseId ? { enterpriseId } : {}) } });

  it('lists the store division’s assistants with the sender first', async () => {
    const res = await list('boc_id_pk=1&store_id_pk=1&divisionId=DIV004', 'office_manager', '1');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { initializerProcessEnabled: boolean; agentPhoneNumber: string; storeId: number }[];
    expect(body[0]).toMatchObject({ initializerProcessEnabled: true, agentPhoneNumber: '+17185550101', storeId: 1 });
  });

  it('refuses a mismatched BOC, enterprise or division and a store outside the user’s scope', async () => {
    const wrongBoc = await list('boc_id_pk=2&store_id_pk=1&divisionId=DIV004');
    expect([wrongBoc.status, ((await wrongBoc.json()) as Json).details![0]!.field]).toEqual([400, 'query.boc_id_pk']);
    const wrongEnterprise = await list('boc_id_pk=1&store_id_pk=1&divisionId=DIV004', 'office_manager', '7');
    expect([wrongEnterprise.status, ((await wrongEnterprise.json()) as Json).details![0]!.field]).toEqual([400, 'header.enterpriseId']);
    const badDivision = await list('boc_id_pk=1&store_id_pk=1&divisionId=DIV999');
    expect([badDivision.status, ((await badDivision.json()) as Json).details![0]!.field]).toEqual([400, 'query.divisionId']);
    expect((await list('boc_id_pk=2&store_id_pk=3&divisionId=DIV004')).status).toBe(403);
  });
});

describe('marks', () => {
  it('an SMS_OPT_OUT mark blocks texts to the customer and removing it lifts the block', async () => {
    const conv = await createConversation(a.h);
    const set = await post('/api/marks/customer', 'office_manager', { futureServiceInteractionId: conv.interactionId, intentType: 'SMS_OPT_OUT' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ blockSms: true, customerMarks: [{ intentType: 'SMS_OPT_OUT', value: 'true', futureServiceInteractionId: conv.interactionId }] });
    const send = await a.h.call('/api/svc-message-instance/svc-send-message', {
      token: tokens.office_manager,
      json: { id: conv.customerId, jaguarFutureServiceInteractionId: conv.interactionId, content: 'hello', messageType: 'SMS', notificationType: 'MESSAGE_TO_CUSTOMER', direction: 'SEND' },
    });
    expect(send.status).toBe(409);
    const removed = await call(`/api/marks/v2?future-service-interaction-id=${conv.interactionId}&intentType=SMS_OPT_OUT`, { as: 'office_manager', method: 'DELETE' });
    expect(removed.body).toMatchObject({ blockSms: false, customerMarks: [] });
  });

  it('sets, updates and removes interaction marks; validates the type and the vehicle', async () => {
    const conv = await createConversation(a.h);
    const set = await post('/api/marks/future-service-interaction', 'office_manager', { futureServiceInteractionId: conv.interactionId, intentType: 'CL' });
    expect(set.body.futureServiceInteractionMarks).toEqual([{ intentType: 'CL', value: 'true', futureServiceInteractionId: conv.interactionId }]);
    const v2 = await post('/api/marks/v2', 'office_manager', { futureServiceInteractionId: conv.interactionId, intentType: 'CL', value: '2026-12-01', target: 'FUTURE_SERVICE_INTERACTION' });
    expect(v2.body.futureServiceInteractionMarks).toEqual([{ intentType: 'CL', value: '2026-12-01', futureServiceInteractionId: conv.interactionId }]);
    const del = await call(`/api/marks/v2?future-service-interaction-id=${conv.interactionId}&intentType=CL&target=FUTURE_SERVICE_INTERACTION`, { as: 'office_manager', method: 'DELETE' });
    expect(del.body.futureServiceInteractionMarks).toEqual([]);

    const bad = await post('/api/marks/v2', 'office_manager', { futureServiceInteractionId: conv.interactionId, intentType: 'HAPPY' });
    expect([bad.status, field(bad)]).toEqual([400, 'body.intentType']);
    const noVehicle = await post('/api/marks/service-vehicle', 'office_manager', { futureServiceInteractionId: conv.interactionId, intentType: 'VI' });
    expect([noVehicle.status, field(noVehicle)]).toEqual([400, 'body.futureServiceInteractionId']);
    const [withVehicle] = await a.h.db.sql<{ id: number }[]>`select id from future_service_interaction where store_id = 1 and service_vehicle_id is not null order by id limit 1`;
    const vehicle = await post('/api/marks/service-vehicle', 'office_manager', { futureServiceInteractionId: withVehicle!.id, intentType: 'VI' });
    expect(vehicle.body.serviceVehicleMarks).toContainEqual({ intentType: 'VI', value: 'true', futureServiceInteractionId: withVehicle!.id });
    const la = await createConversation(a.h, { storeId: 3 });
    expect((await post('/api/marks/customer', 'office_manager', { futureServiceInteractionId: la.interactionId, intentType: 'CL' })).status).toBe(403);
  });
});
