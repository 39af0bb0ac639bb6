import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { customTemplateSchema, populatedTemplatesSchema, templateBodySchema, textToTemplateBody } from '@drivebay/shared';
import { startEntryPointsHarness } from '../services/landing/testing';
import { createConversation, type ConversationHarness } from '../testing/conversation-harness';
import { expectContract } from '../testing/contract';

let h: ConversationHarness;
const t: Record<string, string> = {};
const saved = z.object({ message: z.string(), template: customTemplateSchema });

beforeAll(async () => {
  h = await startEntryPointsHarness();
  for (const u of ['sales_rep', 'office_user', 'office_manager', 'division_manager', 'super_user']) t[u] = await h.login(u);
});
afterAll(async () => {
  await h?.close();
});

const call = (path: string, user: string, init: { method?: string; json?: unknown } = {}) => h.call(path, { ...init, token: t[user] });
const save = async (user: string, body: Record<string, unknown>) => {
  const res = await call('/api/customTemplate', user, { json: body });
  return { status: res.status, body: (await res.json()) as unknown };
};
const list = async (path: string, user: string) => expectContract(z.array(customTemplateSchema), await (await call(path, user)).json());

describe('personal templates', () => {
  it('adds, lists, updates and deletes the caller’s own template; newlines are stored as line breaks', async () => {
    const body = textToTemplateBody('Hi ${customer.firstName},\nyour ${product.model} is due.');
    expect(body).toBe('Hi ${customer.firstName},<br>your ${product.model} is due.');
    const added = saved.parse((await save('sales_rep', { title: 'Due reminder', body, serviceType: 'OIL_CHANGE' })).body);
    expect(added.message).toBe('Successfully Added');
    expect(added.template).toMatchObject({ kind: 'PERSONAL', canEdit: true, body, serviceType: 'OIL_CHANGE' });

    const mine = await list('/api/customTemplate/user/OIL_CHANGE', 'sales_rep');
    expect(mine.map((x) => x.id)).toContain(added.template.id);
    expect((await list('/api/customTemplate/user/ALL', 'sales_rep')).map((x) => x.id)).toContain(added.template.id);
    expect((await list('/api/customTemplate/user/STATE_INSPECTION', 'sales_rep')).map((x) => x.id)).not.toContain(added.template.id);

    const updated = saved.parse((await save('sales_rep', { templateId: added.template.templateId, title: 'Due soon', body, serviceType: 'OIL_CHANGE' })).body);
    expect(updated.message).toBe('Successfully Updated');
    expect(updated.template.title).toBe('Due soon');

    const del = await call(`/api/customTemplate/${added.template.id}`, 'sales_rep', { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ message: 'Successfully Deleted' });
    expect((await list('/api/customTemplate/user/ALL', 'sales_rep')).map((x) => x.id)).not.toContain(added.template.id);
  });

  it('is invisible and untouchable for everyone else', async () => {
    const mine = saved.parse((await save('sales_rep', { title: 'Private', body: 'Only mine', serviceType: 'CHECK_UP' })).body).template;
    expect((await list('/api/customTemplate/user/ALL', 'office_manager')).map((x) => x.id)).not.toContain(mine.id);
    // Someone else's personal template is answered as missing, so its existence is not revealed.
    expect((await save('office_manager', { templateId: mine.id, title: 'Taken', body: 'x', serviceType: 'CHECK_UP' })).status).toBe(404);
    expect((await call(`/api/customTemplate/${mine.id}`, 'super_user', { method: 'DELETE' })).status).toBe(404);
    expect((await call(`/template/body?templateId=${mine.id}&futureInteractionId=1`, 'office_manager')).status).toBe(404);
  });

  it('validates title, body and service type', async () => {
    const res = await save('sales_rep', { title: ' ', body: '<br>', serviceType: 'NOPE' });
    expect(res.status).toBe(400);
    const fields = (res.body as { details: { field: string; message: string }[] }).details;
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'body.title', message: 'Please enter a title' },
        { field: 'body.body', message: 'Please enter the template text' },
        { field: 'body.serviceType', message: 'Please select a service type' },
      ]),
    );
  });
});

describe('group templates', () => {
  it('are written by managers and administrators, read by the whole enterprise, and copied with Add Me', async () => {
    expect((await save('sales_rep', { title: 'Group try', body: 'x', serviceType: 'CHECK_UP', enterpriseId: 1 })).status).toBe(403);
    const group = saved.parse((await save('office_manager', { title: 'Store hours', body: 'We open at 7.', serviceType: 'CHECK_UP', enterpriseId: 1 })).body).template;
    expect(group).toMatchObject({ kind: 'GROUP', enterpriseId: 1, ownerUserId: null });

    const seen = await list('/api/customTemplate/1/CHECK_UP', 'sales_rep');
    const row = seen.find((x) => x.id === group.id)!;
    expect(row.canEdit).toBe(false);
    expect((await call(`/api/customTemplate/${group.id}`, 'sales_rep', { method: 'DELETE' })).status).toBe(403);
    expect((await save('sales_rep', { templateId: group.id, title: 'Mine now', body: 'x', serviceType: 'CHECK_UP' })).status).toBe(403);
    // Another enterprise's list is refused to an enterprise-bound user; a super user reaches it.
    expect((await call('/api/customTemplate/99/CHECK_UP', 'sales_rep')).status).toBe(403);
    expect((await call('/api/customTemplate/99/CHECK_UP', 'super_user')).status).toBe(200);

    // Add Me: the same wording saved as the rep's own template.
    const copy = saved.parse((await save('sales_rep', { title: row.title, body: row.body, serviceType: row.serviceType })).body).template;
    expect(copy).toMatchObject({ kind: 'PERSONAL', title: 'Store hours', canEdit: true });
    expect(copy.id).not.toBe(group.id);

    const del = await call(`/api/customTemplate/${group.id}`, 'division_manager', { method: 'DELETE' });
    expect(await del.json()).toEqual({ message: 'Successfully Deleted' });
  });
});

describe('merge fields and store templates', () => {
  it('fills ${path} fields in with the interaction’s customer, office, vehicle and assistant', async () => {
    const conv = await createConversation(h, { firstName: 'Marisol' });
    const body = 'Hi ${customer.firstName}, ${assistant.firstName} at ${office.name}.<br>Due: ${product.estDueDate_5k} ${unknown.field}';
    const tpl = saved.parse((await save('office_user', { title: 'Merge', body, serviceType: 'OIL_CHANGE' })).body).template;
    const res = await call(`/template/body?templateId=${tpl.id}&futureInteractionId=${conv.interactionId}`, 'office_user');
    const filled = expectContract(templateBodySchema, await res.json());
    // The due date of this test conversation is not set: the field becomes empty, never "${...}".
    expect(filled.body).toBe('Hi Marisol, Ava at Metro Toyota of Brooklyn.<br>Due:  ${unknown.field}');

    const populated = populatedTemplatesSchema.parse(
      await (await call(`/templateCustom/services/populated?companyId=1&officeId=1&divisionId=DIV004&futureServiceInteractionId=${conv.interactionId}&templateCode=OIL_CHANGE&moc=SMS`, 'office_user')).json(),
    );
    expect(populated.values?.customer.firstName).toBe('Marisol');
    const mine = populated.templates.find((x) => x.id === tpl.id)!;
    expect(mine.populatedBody).toBe('Hi Marisol, Ava at Metro Toyota of Brooklyn. Due: ${unknown.field}');
    expect(populated.templates.every((x) => x.serviceType === 'OIL_CHANGE')).toBe(true);

    // Without an interaction the store's latest conversation is the sample.
    const sample = populatedTemplatesSchema.parse(
      await (await call('/templateDynamicParts/v2/templateCustom/sales/populated?companyId=1&officeId=1&divisionId=DIV001', 'office_user')).json(),
    );
    expect(sample.sample).toBe(true);
    expect(sample.values?.office.name).toBe('Metro Toyota of Brooklyn');

    // A conversation of another store is refused.
    const [other] = await h.db.sql<{ id: number }[]>`select id from future_service_interaction where store_id = 3 limit 1`;
    expect((await call(`/template/body?templateId=${tpl.id}&futureInteractionId=${other!.id}`, 'office_user')).status).toBe(403);
  });

  it('keeps store templates per store division, written by managers only, within scope', async () => {
    const q = 'companyId=1&officeId=1&divisionId=DIV004';
    const add = await call(`/templateCustom?${q}`, 'office_manager', { json: { title: 'Recall notice', body: 'Your ${product.model} has a recall.', serviceType: 'CHECK_UP' } });
    expect(add.status).toBe(200);
    const store = expectContract(saved, await add.json()).template;
    expect(store).toMatchObject({ kind: 'STORE', storeId: 1, divisionId: 'DIV004' });
    expect((await list(`/templateCustom?${q}`, 'office_user')).map((x) => x.id)).toContain(store.id);
    expect((await call(`/templateCustom?${q}`, 'office_user', { json: { title: 'x', body: 'y', serviceType: 'CHECK_UP' } })).status).toBe(403);
    expect((await call('/templateCustom?companyId=2&officeId=1&divisionId=DIV004', 'office_manager')).status).toBe(400);
    expect((await call('/templateCustom?companyId=2&officeId=3&divisionId=DIV004', 'division_manager')).status).toBe(403);

    const all = await list(`/template/services?${q}&source=ALL`, 'office_manager');
    expect(all.map((x) => x.kind)).toContain('STORE');
    const onlyStore = await list(`/template/services?${q}&source=STORE`, 'office_manager');
    expect(onlyStore.every((x) => x.kind === 'STORE')).toBe(true);
    expect((await list(`/template/sales?${q}&source=ALL`, 'office_manager')).map((x) => x.id)).not.toContain(store.id);
  });

  it('needs a session', async () => {
    expect((await h.call('/api/customTemplate/user/ALL')).status).toBe(401);
    expect((await h.call('/templateCustom?companyId=1&officeId=1')).status).toBe(401);
  });
});
