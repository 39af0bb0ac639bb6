import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_SYNC_MESSAGES, alertPageSchema, fileReportDetailSchema, fileReportSchema, importPreviewSchema, recallLeadPageSchema, type ImportQuery } from '@drivebay/shared';
import { startHarness, type Harness } from '../testing/app-harness';
import { readDocumented } from '../testing/contract';
import { multipartUpload } from '../testing/uploads';
import { runImport } from '../services/data-sync/imports/run-import';
import { findSession } from '../services/auth/sessions';

let h: Harness;
let token: string;
let place: { enterprise_id: number; boc_id_pk: number; store_id_pk: number };
let knownVins: { vin: string; customerId: number; lastName: string; cellular: string }[];

const url = (path: string, query: Record<string, string | number>) => `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

async function upload(fileType: string, name: string, content: string | Uint8Array, extra: Record<string, string | number> = {}, path = '/api/data-sync/import') {
  const { body, headers } = await multipartUpload(name, content);
  const target = url(path, { ...place, file_type: fileType, ...extra });
  const res = await h.app.request(target, { method: 'POST', headers: { ...headers, authorization: `Bearer ${token}` }, body });
  return { res, target };
}

async function imported(fileType: string, name: string, content: string | Uint8Array, extra: Record<string, string | number> = {}) {
  const { res, target } = await upload(fileType, name, content, extra);
  return fileReportDetailSchema.parse(await readDocumented(h.app, 'POST', target, res));
}

const csv = (rows: (string | number)[][]) => rows.map((r) => r.join(',')).join('\n');
const RECALL_HEADER = ['VIN', 'Campaign Code', 'Description', 'Notification Date'];

beforeAll(async () => {
  h = await startHarness();
  token = await h.login('enterprise_admin');
  const [s] = await h.db.sql<{ id: number; bocId: number; enterpriseId: number }[]>`
    select s.id, s.boc_id, b.enterprise_id from store s join boc b on b.id = s.boc_id where s.store_code = 'MTB01'`;
  place = { enterprise_id: s!.enterpriseId, boc_id_pk: s!.bocId, store_id_pk: s!.id };
  knownVins = await h.db.sql`
    select v.vin, c.id as customer_id, c.last_name, c.cellular from service_vehicle v join customer c on c.id = v.customer_id
    where c.store_id = ${s!.id} order by v.id limit 5`;
}, 120_000);
afterAll(async () => h?.close());

describe('recall files', () => {
  it('imports a recall file, matches its vehicles and makes recall leads, and a second import of it changes nothing', async () => {
    const rows = [RECALL_HEADER, ...knownVins.slice(0, 3).map((v) => [v.vin, '24V-123', 'Fuel pump may fail', '2026-02-01']), ['JTDKB20U093123456', '24V-123', 'Fuel pump may fail', '02/01/2026']];
    const report = await imported('RECALL', 'recalls.csv', csv(rows), { recall_type: 'SAFETY' });
    expect(report).toMatchObject({ status: 'COMPLETED', progress: 0, totalRows: 4, acceptedRows: 4, rejectedRows: 0, createdRecords: 4, fileType: 'RECALL' });
    const leads = recallLeadPageSchema.parse(await (await h.get(url('/api/data-sync/recalllead/fetch/all', { enterprise_id: place.enterprise_id, store_id_pk: place.store_id_pk }), token)).json());
    expect(leads.totalElements).toBe(3);
    expect(leads.content[0]).toMatchObject({ campaignCode: '24V-123', recallType: 'SAFETY', status: 'NEW' });
    const again = await imported('RECALL', 'recalls.csv', csv(rows), { recall_type: 'SAFETY' });
    expect(again).toMatchObject({ status: 'COMPLETED', createdRecords: 0, updatedRecords: 0 });
    const [n] = await h.db.sql<{ alerts: number; leads: number }[]>`select (select count(*)::int from manufacturer_alert) as alerts, (select count(*)::int from recall_lead) as leads`;
    expect(n).toEqual({ alerts: 4, leads: 3 });
    const page = alertPageSchema.parse(await (await h.get(`/api/data-sync/recall/${report.id}?page=0&size=2`, token)).json());
    expect(page).toMatchObject({ totalElements: 4, size: 2 });
    expect(page.content).toHaveLength(2);
  });

  it('reports the progress as it reads, reaching 100 and back to 0 when the file is done', async () => {
    const rows = [RECALL_HEADER, ...Array.from({ length: 8000 }, (_, i) => [`JTDKB20U0${String(93_000_000 + i)}`, `P${i % 7}`, 'Campaign', '2026-01-15'])];
    const { body, headers } = await multipartUpload('big-recall.csv', csv(rows));
    const request = new Request('http://x/api/data-sync/import', { method: 'POST', headers, body });
    const user = (await findSession(h.db.sql, token))!;
    const seen: number[] = [];
    const { fileReportId } = await runImport(h.db.sql, user, { ...place, file_type: 'RECALL' } as ImportQuery, request, (p) => seen.push(p));
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen[0]).toBeLessThan(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(100);
    const report = fileReportDetailSchema.parse(await (await h.get(`/api/data-sync/file-report/${fileReportId}`, token)).json());
    expect(report).toMatchObject({ status: 'COMPLETED', progress: 0, acceptedRows: 8000 });
  }, 180_000);
});

describe('bad files', () => {
  const refused = async (fileType: string, name: string, content: string | Uint8Array, status = 400) => {
    const { res } = await upload(fileType, name, content);
    expect(res.status).toBe(status);
    const body = (await res.json()) as { code: string; message: string; details: { field: string }[] };
    const reports = (await (await h.get(url(`/api/data-sync/fetch-file-uploard-reports/${place.enterprise_id}`, { file_type: fileType }), token)).json()) as unknown[];
    const report = fileReportSchema.parse(reports[0]);
    return { body, report };
  };

  it('refuses a file of another type, keeping a report that says so', async () => {
    const { body, report } = await refused('RECALL', 'notice.pdf', '%PDF-1.7 binary');
    expect(body.message).toContain('Only CSV and XLSX files are taken');
    expect(report).toMatchObject({ status: 'REJECTED', fileName: 'notice.pdf', acceptedRows: 0 });
    const png = await refused('RECALL', 'photo.csv', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]));
    expect(png.body.message).toContain('a PNG picture');
    const xls = await refused('RECALL', 'old.xls', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
    expect(xls.body.message).toContain('Only CSV and XLSX');
  });

  it('refuses a file without the required columns, naming them', async () => {
    const { body, report } = await refused('HEA_ALERT', 'alerts.csv', csv([['Number', 'Note'], ['x', 'y']]));
    expect(body.message).toMatch(/no column for VIN, Campaign or alert code, Date/);
    expect(report.status).toBe('REJECTED');
    expect(report.fileError).toContain('Number, Note');
  });

  it('refuses text that is not UTF-8 and keeps nothing of it', async () => {
    const before = await h.db.sql`select count(*)::int as n from manufacturer_alert`;
    const bytes = Buffer.concat([Buffer.from(`${RECALL_HEADER.join(',')}\nJTDKB20U093000001,A1,ok,2026-01-01\nJTDKB20U093000002,A1,Caf`), Buffer.from([0xe9, 0x2c]), Buffer.from('x,2026-01-01\n')]);
    const { body, report } = await refused('RECALL', 'latin1.csv', bytes);
    expect(body.message).toContain('not UTF-8');
    expect(body.message).toContain('line 3');
    expect(report.status).toBe('REJECTED');
    expect(await h.db.sql`select count(*)::int as n from manufacturer_alert`).toEqual(before);
  });

  it('refuses a damaged XLSX file', async () => {
    const { body } = await refused('RECALL', 'broken.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]));
    expect(body.message).toContain('could not be read as XLSX');
  });

  it('refuses a 50 MB file with 413, declared or streamed without a length, and keeps nothing', async () => {
    const declared = await h.app.request(url('/api/data-sync/import', { ...place, file_type: 'RECALL' }), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * 1024 * 1024) },
      body: '--x--',
    });
    expect(declared.status).toBe(413);
    const line = `JTDKB20U093000001,A1,${'long description '.repeat(20)},2026-01-01\n`;
    let sent = 0;
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`--b\r\nContent-Disposition: form-data; name="multipartFile"; filename="huge.csv"\r\nContent-Type: text/csv\r\n\r\n${RECALL_HEADER.join(',')}\n`));
      },
      pull(controller) {
        if (sent > 50 * 1024 * 1024) {
          controller.enqueue(new TextEncoder().encode('\r\n--b--\r\n'));
          controller.close();
          return;
        }
        const block = line.repeat(2000);
        sent += block.length;
        controller.enqueue(new TextEncoder().encode(block));
      },
    });
    const streamed = await h.app.request(
      new Request(url('http://x/api/data-sync/import', { ...place, file_type: 'RECALL' }), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=b' },
        body: chunks,
        duplex: 'half',
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    const reports = (await (await h.get(url(`/api/data-sync/fetch-file-uploard-reports/${place.enterprise_id}`, { file_type: 'RECALL' }), token)).json()) as { fileName: string; status: string; fileError: string }[];
    expect(reports[0]).toMatchObject({ fileName: 'huge.csv', status: 'REJECTED' });
    expect(reports[0]!.fileError).toContain('larger than 25 MB');
    const [n] = await h.db.sql<{ n: number }[]>`select count(*)::int as n from import_staging`;
    expect(n!.n).toBe(0);
  }, 120_000);

  it('counts duplicate rows once and lists each bad row with its field, keeping the good ones', async () => {
    const rows = [RECALL_HEADER, ['JTDKB20U093111111', 'D1', 'Dup', '2026-01-02'], ['JTDKB20U093111111', 'D1', 'Dup', '2026-01-02'], ['SHORTVIN', 'D1', 'x', '2026-01-02'], ['JTDKB20U093111112', 'D1', 'x', '31/31/2026']];
    const report = await imported('RECALL', 'dups.csv', csv(rows));
    expect(report).toMatchObject({ status: 'COMPLETED', totalRows: 4, acceptedRows: 2, rejectedRows: 2, duplicateRows: 1, createdRecords: 1 });
    expect(report.rowErrors).toEqual([
      { rowNumber: 4, field: 'VIN', message: expect.stringContaining('17') },
      { rowNumber: 5, field: 'Date', message: expect.stringContaining('must be a date') },
    ]);
  });

  it('keeps 99,999 good rows of 100,000 and names the one bad row', async () => {
    const lines = [RECALL_HEADER.join(',')];
    for (let i = 0; i < 100_000; i++) lines.push(i === 54_321 ? 'JTDKB20U0I3000000,C9,bad vin,2026-01-03' : `${`5YJ3E1EA${String(100_000_000 + i)}`.slice(0, 17)},C9,Campaign,2026-01-03`);
    const report = await imported('RECALL', 'hundred-thousand.csv', lines.join('\n'));
    expect(report).toMatchObject({ status: 'COMPLETED', totalRows: 100_000, acceptedRows: 99_999, rejectedRows: 1, createdRecords: 99_999 });
    expect(report.rowErrors).toEqual([{ rowNumber: 54_323, field: 'VIN', message: expect.any(String) }]);
  }, 300_000);

  it('answers a JSON body or a missing file with 400, never 5xx', async () => {
    const target = url('/api/data-sync/import', { ...place, file_type: 'RECALL' });
    const json = await h.app.request(target, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(400);
    const form = new FormData();
    form.append('other', 'x');
    const none = await h.app.request(target, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toContain('multipartFile');
  });
});

describe('spreadsheets with a mapping', () => {
  let sourceId: number;
  const header = ['Cust #', 'Given', 'Family', 'Cell', 'Serial', 'Brand', 'Line', 'MY', 'Miles'];

  it('previews the first rows with suggestions, saves a mapping for the source, and imports with it', async () => {
    const src = await h.app.request('/api/data-sync/datasource-configuration', {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bocId: place.boc_id_pk, storeId: place.store_id_pk, name: 'Used-car spreadsheet', kind: 'SPREADSHEET' }),
    });
    sourceId = ((await src.json()) as { id: number }).id;
    const content = csv([header, ['SS-1', 'Ana', 'Reyes', '(212) 555-0134', '2T1BURHE0JC000001', 'Toyota', 'Corolla', 2018, 41000]]);
    const { res, target } = await upload('CUSTOMER_VEHICLE', 'used.csv', content, { data_source_id: sourceId }, '/api/data-sync/import/preview');
    const preview = importPreviewSchema.parse(await readDocumented(h.app, 'POST', target, res));
    expect(preview.headers).toEqual(header);
    expect(preview.rows[0]![0]).toBe('SS-1');
    expect(preview.suggested).toMatchObject({ custno: 'Cust #', make: 'Brand' });
    expect(preview.saved).toBeNull();

    const mapping = { custno: 'Cust #', firstName: 'Given', lastName: 'Family', phone: 'Cell', vin: 'Serial', make: 'Brand', model: 'Line', year: 'MY', odometer: 'Miles' };
    const saved = await h.app.request('/api/data-sync/import/mapping', {
      method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ dataSourceId: sourceId, fileType: 'CUSTOMER_VEHICLE', mapping }),
    });
    expect(((await saved.json()) as { message: string }).message).toBe(DATA_SYNC_MESSAGES.mappingSaved);

    const dry = await imported('CUSTOMER_VEHICLE', 'used.csv', content, { data_source_id: sourceId, dry_run: 'true' });
    expect(dry).toMatchObject({ status: 'COMPLETED', dryRun: true, acceptedRows: 1, createdRecords: 0 });
    const [none] = await h.db.sql<{ n: number }[]>`select count(*)::int as n from customer where custno = 'SS-1'`;
    expect(none!.n).toBe(0);

    const report = await imported('CUSTOMER_VEHICLE', 'used.csv', content, { data_source_id: sourceId });
    expect(report).toMatchObject({ acceptedRows: 1, createdRecords: 1 });
    const [c] = await h.db.sql<{ firstName: string; cellular: string; odometer: number }[]>`
      select c.first_name, c.cellular, v.odometer from customer c join service_vehicle v on v.customer_id = c.id where c.custno = 'SS-1'`;
    expect(c).toEqual({ firstName: 'Ana', cellular: '+12125550134', odometer: 41000 });
  });

  it('finds the customer a row names by VIN or by phone and last name, across sources: one customer, not two', async () => {
    const [byVin, byPhone] = knownVins;
    const before = await h.db.sql<{ n: number }[]>`select count(*)::int as n from customer`;
    const content = csv([
      header,
      ['SS-900', 'Someone', 'Else', '', byVin!.vin, 'Toyota', 'Camry', 2020, 52000],
      ['SS-901', 'Pat', byPhone!.lastName, byPhone!.cellular, '4T1BF1FK5CU000002', 'Toyota', 'Camry', 2012, 99000],
    ]);
    const report = await imported('CUSTOMER_VEHICLE', 'used.csv', content, { data_source_id: sourceId });
    expect(report.createdRecords).toBe(0);
    expect(await h.db.sql`select count(*)::int as n from customer`).toEqual(before);
    const keys = await h.db.sql<{ externalKey: string; customerId: number }[]>`
      select external_key, customer_id from customer_source_key where data_source_id = ${sourceId} and external_key in ('SS-900', 'SS-901') order by external_key`;
    expect(keys).toEqual([
      { externalKey: 'SS-900', customerId: byVin!.customerId },
      { externalKey: 'SS-901', customerId: byPhone!.customerId },
    ]);
    const again = await imported('CUSTOMER_VEHICLE', 'used.csv', content, { data_source_id: sourceId });
    expect(again).toMatchObject({ createdRecords: 0, updatedRecords: 0 });
  });
});

describe('XLSX health alerts and enrichment', () => {
  it('reads an XLSX file with dates and numbers, keeps the odometer as a reading, and enrichment can run again', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Alerts');
    ws.addRow(['VIN', 'DTC Code', 'Alert Description', 'Event Date', 'Mileage']);
    ws.addRow([knownVins[3]!.vin, 'P0420', 'Catalyst efficiency below threshold', new Date(Date.UTC(2026, 1, 3)), 61234]);
    ws.addRow(['JTDKB20U093999999', 'P0300', 'Misfire', new Date(Date.UTC(2026, 1, 4)), 1200]);
    const buffer = new Uint8Array(await wb.xlsx.writeBuffer());
    const report = await imported('HEA_ALERT', 'hea.xlsx', buffer);
    expect(report).toMatchObject({ status: 'COMPLETED', acceptedRows: 2, createdRecords: 2 });
    const page = alertPageSchema.parse(await (await h.get(`/api/data-sync/hea/${report.id}?page=0&size=20`, token)).json());
    const matched = page.content.find((a) => a.code === 'P0420')!;
    expect(matched).toMatchObject({ alertDate: '2026-02-03', odometer: 61234, customer: { id: knownVins[3]!.customerId } });
    const [reading] = await h.db.sql`select source, alert_code from odometer_reading where odometer = 61234`;
    expect(reading).toEqual({ source: 'CONNECTED_VEHICLE', alertCode: 'P0420' });
    const wrongPage = await h.get(`/api/data-sync/fea/${report.id}`, token);
    expect(wrongPage.status).toBe(400);
    const res = await h.app.request('/api/data-sync/perform/enrichment', {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ fileReportId: report.id }),
    });
    expect(await res.json()).toEqual({ fileReportId: report.id, matched: 1, unmatched: 1, recallLeads: 0, odometerReadings: 0 });
    const fea = await h.app.request('/api/data-sync/fea/perform/enrichment', {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ fileReportId: report.id }),
    });
    expect(fea.status).toBe(400);
  });

  it('lists alerts in the alert inbox, newest first, only of the stores the user sees', async () => {
    const res = await h.app.request(url('/api/email-alert/all', { page: 0, size: 5 }), {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ enterpriseId: place.enterprise_id, fileTypes: ['HEA_ALERT'] }),
    });
    const page = alertPageSchema.parse(await readDocumented(h.app, 'POST', '/api/email-alert/all?page=0&size=5', res));
    expect(page.totalElements).toBe(2);
    const other = await h.login('office_user');
    const [otherStore] = await h.db.sql<{ id: number }[]>`select id from store where id <> ${place.store_id_pk} order by id limit 1`;
    const refused = await h.app.request(url('/api/email-alert/all', { page: 0, size: 5 }), {
      method: 'POST', headers: { authorization: `Bearer ${other}`, 'content-type': 'application/json' },
      body: JSON.stringify({ enterpriseId: place.enterprise_id, storeIds: [otherStore!.id] }),
    });
    expect(refused.status).toBe(403);
  });
});
