import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AIVA_FILE_NAME, assistantFileSchema, executeResultSchema, fileCheckSchema, fileVersionSchema, templatePreviewSchema } from '@drivebay/shared';
import { startHarness, type Harness } from '../../testing/app-harness';
import { expectContract } from '../../testing/contract';

let h: Harness;
let dev: string;
let interaction: { id: number; firstName: string; storeName: string };

beforeAll(async () => {
  h = await startHarness();
  dev = await h.login('super_data_admin');
  const [row] = await h.db.sql<{ id: number; firstName: string; storeName: string }[]>`
    select f.id, c.first_name, s.store_name from future_service_interaction f join customer c on c.id = f.customer_id join store s on s.id = f.store_id
    where f.store_id = 1 and c.first_name <> '' order by f.id limit 1`;
  interaction = row!;
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const call = async (path: string, json?: unknown, method = json === undefined ? 'GET' : 'POST', token = dev) => {
  const res = await h.app.request(path, { method, headers: { authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) }, body: json === undefined ? undefined : JSON.stringify(json) });
  return res;
};

describe('the developer area', () => {
  it('previews a template with a real interaction’s merge fields and names unknown ones', async () => {
    const res = await call('/aiva/developer/template/preview', { futureServiceInteractionId: interaction.id, fileContent: 'Hi ${customer.firstName}, ${office.name} here. ${nope.field}' });
    const preview = expectContract(templatePreviewSchema, await res.json());
    expect(preview.text).toBe(`Hi ${interaction.firstName}, ${interaction.storeName} here. \${nope.field}`);
    expect(preview.unknownFields).toEqual(['nope.field']);
    // An office user of the store may not use the developer area.
    expect((await call('/aiva/developer/template/preview', { futureServiceInteractionId: interaction.id, fileContent: 'x' }, 'POST', await h.login('office_user'))).status).toBe(403);
  });

  it('validate refuses a broken file and accepts a good one', async () => {
    const broken = expectContract(fileCheckSchema, await (await call('/aiva/developer/aiva/validate', { fileName: AIVA_FILE_NAME, fileContent: '{"rules":[{"intent":"WN","patterns":["(unclosed"]}]}' })).json());
    expect(broken.valid).toBe(false);
    expect(broken.errors[0]!.field).toBe('rules.0.patterns.0');
    const badTemplate = expectContract(fileCheckSchema, await (await call('/aiva/developer/aiva/validate', { fileName: 'APPT_SET.tpl', fileContent: 'See you ${appointment.tme}' })).json());
    expect(badTemplate).toMatchObject({ valid: false, errors: [{ field: 'fileContent', message: 'Unknown merge field ${appointment.tme}' }] });
    const good = expectContract(fileCheckSchema, await (await call('/aiva/developer/aiva/validate', { fileName: 'APPT_SET.tpl', fileContent: 'See you ${appointment.time}!' })).json());
    expect(good).toEqual({ valid: true, errors: [] });
    // Saving a broken file is refused the same way and changes nothing.
    const refused = await call('/aiva/developer/file', { storeId: 1, divisionId: 'DIV004', fileName: AIVA_FILE_NAME, fileContent: '{nope' }, 'PUT');
    expect(refused.status).toBe(400);
    const files = expectContract(z.array(assistantFileSchema), await (await call('/aiva/developer/files/aiva?storeId=1&divisionId=DIV004')).json());
    expect(files[0]!.version).toBe(0);
  });

  it('a saved template is what the assistant sends, versioned, and rolls back', async () => {
    const before = expectContract(z.array(assistantFileSchema), await (await call('/aiva/developer/files/tpl?storeId=1&divisionId=DIV004')).json());
    const original = before.find((f) => f.fileName === 'WN.tpl')!;
    expect(original.version).toBe(0);
    expect(original.fileContent).toContain('Sorry about that');
    const saved = expectContract(assistantFileSchema, await (await call('/aiva/developer/file', { storeId: 1, divisionId: 'DIV004', fileName: 'WN.tpl', fileContent: 'Thanks, we will fix our records at ${office.name}.' }, 'PUT')).json());
    expect(saved.version).toBe(1);
    const run = expectContract(executeResultSchema, await (await call('/aiva/developer/execute', { storeId: 1, divisionId: 'DIV004', message: 'wrong number, no Maria here', futureServiceInteractionId: interaction.id })).json());
    expect(run.finalIntentNames[0]).toBe('WN');
    expect(run.reply).toBe(`Thanks, we will fix our records at ${interaction.storeName}.`);

    const rolled = expectContract(assistantFileSchema, await (await call('/aiva/developer/file/rollback', { storeId: 1, divisionId: 'DIV004', fileName: 'WN.tpl', version: 1 })).json());
    expect(rolled.version).toBe(2);
    await call('/aiva/developer/file', { storeId: 1, divisionId: 'DIV004', fileName: 'WN.tpl', fileContent: original.fileContent }, 'PUT');
    const versions = expectContract(z.array(fileVersionSchema), await (await call('/aiva/developer/file/versions?storeId=1&divisionId=DIV004&fileName=WN.tpl')).json());
    expect(versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(versions[1]!.restoredFrom).toBe(1);
    const again = expectContract(executeResultSchema, await (await call('/aiva/developer/execute', { storeId: 1, divisionId: 'DIV004', message: 'wrong number, no Maria here', futureServiceInteractionId: interaction.id })).json());
    expect(again.reply).toContain('Sorry about that');
  });

  it('intent rules decide before the classifier, and the log shows the decisions with their inputs', async () => {
    const message = 'my cousin Joe will bring it by';
    const plain = expectContract(executeResultSchema, await (await call('/aiva/developer/execute', { storeId: 1, divisionId: 'DIV004', message })).json());
    expect(plain.ruleIntent).toBeNull();
    const rules = JSON.stringify({ rules: [{ intent: 'DD', patterns: ['\\bcousin\\b.*\\bbring\\b'] }] });
    expect((await call('/aiva/developer/file', { storeId: 1, divisionId: 'DIV004', fileName: AIVA_FILE_NAME, fileContent: rules }, 'PUT')).status).toBe(200);
    const ruled = expectContract(executeResultSchema, await (await call('/aiva/developer/execute', { storeId: 1, divisionId: 'DIV004', message })).json());
    expect(ruled.ruleIntent).toBe('DD');
    expect(ruled.finalIntentNames[0]).toBe('DD');
    // Other stores keep the code's defaults.
    const elsewhere = expectContract(executeResultSchema, await (await call('/aiva/developer/execute', { storeId: 2, divisionId: 'DIV004', message })).json());
    expect(elsewhere.ruleIntent).toBeNull();
    const log = expectContract(z.array(executeResultSchema), await (await call('/aiva/developer/log', { storeId: 1, divisionId: 'DIV004' })).json());
    expect(log[0]).toMatchObject({ input: message, ruleIntent: 'DD' });
    expect(log.length).toBeGreaterThanOrEqual(4);
  });

  it('the assistant per store and division: one sender, the number unique', async () => {
    const list = (await (await call('/api/admin/stores/1/assistants')).json()) as { id: number; initializerProcessEnabled: boolean; agentPhoneNumber: string | null }[];
    const sender = list.find((a) => a.initializerProcessEnabled)!;
    const clash = await call('/api/admin/assistants', { storeId: 1, divisionId: 'DIV004', agentFirstName: 'Second', agentLastName: 'Voice', agentPhoneNumber: sender.agentPhoneNumber });
    expect(clash.status).toBe(409);
    const added = await call('/api/admin/assistants', { storeId: 1, divisionId: 'DIV004', agentFirstName: 'Second', agentLastName: 'Voice', initializerProcessEnabled: true, isFullyAiva: true });
    expect(added.status).toBe(200);
    const after = (await (await call('/api/admin/stores/1/assistants')).json()) as { id: number; initializerProcessEnabled: boolean; divisionId: string }[];
    expect(after.filter((a) => a.initializerProcessEnabled && a.divisionId === 'DIV004').length).toBe(1);
    const names = (await (await call('/aiva/fileNames?storeId=1&divisionId=DIV004')).json()) as { tenant: { isFullyAiva: boolean }; fileNames: string[] };
    expect(names.tenant.isFullyAiva).toBe(true);
    expect(names.fileNames).toContain(AIVA_FILE_NAME);
  });
});
