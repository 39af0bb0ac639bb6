import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKET_REPORTS, REPORT_COUNTERS, isDemoReportEnterprise, type ReportCounter } from '@drivebay/shared';
import { startHarness, type Harness } from '../testing/app-harness';
import { readDocumented } from '../testing/contract';
import { seedKnownFixture, type KnownFixture } from '../services/reports/known-fixture';
import { rawDashboardCounters } from '../services/reports/raw-baseline';

let h: Harness;
let k: KnownFixture;
let superToken: string;

beforeAll(async () => {
  h = await startHarness();
  k = await seedKnownFixture(h.db.sql);
  superToken = await h.login('super_user');
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function post(path: string, body: unknown, token = superToken) {
  const res = await h.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 200) return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  return { status: 200, body: (await readDocumented(h.app, 'POST', path, res)) as Record<string, never> };
}

const feb = () => ({ enterpriseId: k.enterpriseId, bocIds: [k.bocId], startDate: '2026-02-01', endDate: '2026-02-28' });
const jan = () => ({ enterpriseId: k.enterpriseId, bocIds: [k.bocId], startDate: '2026-01-01', endDate: '2026-01-31' });
type Counters = Record<ReportCounter, number>;
type DashboardBody = { counters: Counters; byDay: (Counters & { date: string })[]; byStore: (Counters & { storeId: number; medianFirstResponseSeconds: number | null })[]; insights: { customerType: string; date: string; insights: { name: string; count: number }[] }[]; scope: { demoFlag: boolean; storeIds: number[] }; typeLabel: string };

describe('dashboard (summaryReport)', () => {
  it('counts the known conversations of February on the SALES tab', async () => {
    const { body } = await post('/api/future-service-interaction/summaryReport', feb());
    const d = body as unknown as DashboardBody;
    expect(d.counters).toEqual({ CONTACTED: 2, RESPONDED: 1, ENGAGED: 1, APPT_BOOKING: 1 });
    expect(d.typeLabel).toBe('Type All');
    expect(d.scope.demoFlag).toBe(isDemoReportEnterprise(k.enterpriseId));
    // I3 answered 12:04, the store answered back 12:06.
    expect(d.byStore.find((s) => s.storeId === k.s2)!.medianFirstResponseSeconds).toBe(120);
    expect(d.insights).toEqual([{ customerType: 'A', date: '2026-02-03', insights: [{ name: 'STOP', count: 1 }] }]);
  });

  it('Type B and the SERVICE tab select their conversations', async () => {
    const b = (await post('/api/future-service-interaction/summaryReport', { ...feb(), type: '2' })).body as unknown as DashboardBody;
    expect(b.counters).toEqual({ CONTACTED: 1, RESPONDED: 0, ENGAGED: 0, APPT_BOOKING: 0 });
    expect(b.typeLabel).toBe('Type B');
    const s = (await post('/api/future-service-interaction/summaryReport', { ...feb(), tab: 'SERVICE' })).body as unknown as DashboardBody;
    expect(s.counters).toEqual({ CONTACTED: 2, RESPONDED: 1, ENGAGED: 0, APPT_BOOKING: 2 });
  });

  it('puts a message at 23:59:59 on 31 January in January and one at 00:00:00 on 1 February in February', async () => {
    const j = (await post('/api/future-service-interaction/summaryReport', jan())).body as unknown as DashboardBody;
    expect(j.counters).toEqual({ CONTACTED: 1, RESPONDED: 1, ENGAGED: 0, APPT_BOOKING: 0 });
    expect(j.byDay.map((d) => d.date)).toEqual(['2026-01-31']);
    // I1: first customer message 23:59:59, first answer back 00:02:00 the next day.
    expect(j.byStore.find((s) => s.storeId === k.s1)!.medianFirstResponseSeconds).toBe(121);
  });

  it('every counter equals the sum of its days, of its stores and the count of its detail rows', async () => {
    for (const tab of ['SALES', 'SERVICE']) {
      const d = (await post('/api/future-service-interaction/summaryReport', { ...feb(), tab })).body as unknown as DashboardBody;
      for (const counter of REPORT_COUNTERS) {
        expect(d.byDay.reduce((a, x) => a + x[counter], 0)).toBe(d.counters[counter]);
        expect(d.byStore.reduce((a, x) => a + x[counter], 0)).toBe(d.counters[counter]);
        const detail = (await post('/api/future-service-interaction/summaryReport/detail', { ...feb(), tab, counter, size: 100 })).body as unknown as { totalElements: number; content: unknown[] };
        expect(detail.totalElements).toBe(d.counters[counter]);
        expect(detail.content).toHaveLength(d.counters[counter]);
        for (const day of d.byDay.filter((x) => x[counter] > 0)) {
          const one = (await post('/api/future-service-interaction/summaryReport/detail', { ...feb(), tab, counter, date: day.date })).body as unknown as { totalElements: number };
          expect(one.totalElements).toBe(day[counter]);
        }
      }
    }
  });

  it('the drill-down names the conversations behind a bar', async () => {
    const { body } = await post('/api/future-service-interaction/summaryReport/detail', { ...feb(), counter: 'CONTACTED', storeId: k.s1 });
    const rows = (body as unknown as { content: { futureServiceInteractionId: number; customerName: string }[] }).content;
    expect(rows.map((r) => r.futureServiceInteractionId)).toEqual([k.fsi.i2]);
    expect(rows[0]!.customerName).toBe('Known2 Customer');
  });

  it('the report rows equal a straightforward count over the raw messages, on the demo data too', async () => {
    for (const enterpriseId of [1, k.enterpriseId]) {
      const range = { startDate: '2025-01-01', endDate: '2027-12-31' };
      const stores = await h.db.sql<{ id: number }[]>`select s.id from store s join boc b on b.id = s.boc_id where b.enterprise_id = ${enterpriseId}`;
      for (const tab of ['SALES', 'SERVICE'] as const) {
        const d = (await post('/api/future-service-interaction/summaryReport', { enterpriseId, storeIds: stores.map((s) => s.id), tab, ...range })).body as unknown as DashboardBody;
        const raw = await rawDashboardCounters(h.db.sql, { enterpriseId, storeIds: stores.map((s) => s.id), tab, from: new Date('2025-01-01T00:00:00Z'), to: new Date('2028-01-01T00:00:00Z') });
        expect(d.counters).toEqual(raw);
      }
    }
  });
});

describe('monthly response report', () => {
  it('has the spec’s columns per month and customer type, with known counts', async () => {
    const { body } = await post('/api/lisa/report/responseInsight/monthly', { ...feb(), startDate: '2026-01-01' });
    const rows = (body as unknown as { rows: { month: string; reportMonth: string; customerType: string; categories: Record<string, number>; appointments: number; optOut: number; unclassified: number; responded: number }[] }).rows;
    expect(rows.map((r) => `${r.reportMonth}/${r.customerType}`)).toEqual(['Jan, 2026/A', 'Jan, 2026/B', 'Feb, 2026/A', 'Feb, 2026/B']);
    const janA = rows[0]!;
    expect(janA.categories.APPT_SET).toBe(1);
    expect(janA.responded).toBe(1);
    const febA = rows[2]!;
    expect(febA.categories.STOP).toBe(1);
    expect(febA.unclassified).toBe(1);
    expect(febA.optOut).toBe(1);
    expect(febA.appointments).toBe(3);
    for (const r of rows) expect(Object.values(r.categories).reduce((a, b) => a + b, 0) + r.unclassified).toBe(r.responded);
  });
});

type StatusBody = { rows: { total: number; storeId: number; serviceType: string; COMPLETED: number; NO_SHOW: number; CANCELLED: number; showRate: number | null }[]; totals: { total: number; showRate: number | null }; scope: { storeIds: number[]; demoFlag: boolean } };

describe('appointment-status reports', () => {
  const base = '/api/lisa/appointment-status-report';

  it('default to SALES_THANKS and count by status, with the show rate', async () => {
    const { body } = await post(`${base}/v2/appointment-status-report-summary`, feb());
    const s = body as unknown as StatusBody;
    expect(s.totals).toMatchObject({ total: 1, COMPLETED: 1, showRate: 1 });
    const oil = (await post(`${base}/v2/appointment-status-report-summary`, { ...feb(), serviceTypes: ['OIL_CHANGE'] })).body as unknown as StatusBody;
    expect(oil.totals).toMatchObject({ total: 3, NO_SHOW: 1, CANCELLED: 1, BOOKED: 1, showRate: 0 });
  });

  it('handoff, unresponsive and NRAA views pick their appointments', async () => {
    const f = { ...feb(), serviceTypes: ['OIL_CHANGE'] };
    expect(((await post(`${base}/fetch-handoff-appointment-summary`, f)).body as unknown as StatusBody).totals.total).toBe(2);
    expect(((await post(`${base}/fetch-unresponsive-appointment-summary`, f)).body as unknown as StatusBody).totals.total).toBe(1);
    expect(((await post(`${base}/fetch-nraa-appointment-summary`, f)).body as unknown as StatusBody).totals.total).toBe(1);
  });

  it('summary, datewise and detail agree for every kind', async () => {
    for (const kind of ['status', 'handoff', 'unresponsive', 'nraa']) {
      const f = { ...feb(), serviceTypes: ['OIL_CHANGE', 'SALES_THANKS'] };
      const summaryPath = kind === 'status' ? `${base}/v2/appointment-status-report-summary` : `${base}/fetch-${kind}-appointment-summary`;
      const detailPath = kind === 'status' ? `${base}/fetch-appointment-status-detail` : `${base}/fetch-${kind}-appointment-detail`;
      const datewisePath = kind === 'status' ? `${base}/fetch-appointment-status-datewise` : `${base}/fetch-${kind}-appointment-datewise`;
      const s = (await post(summaryPath, f)).body as unknown as StatusBody;
      const d = (await post(datewisePath, f)).body as unknown as { rows: { total: number }[]; totals: { total: number } };
      const detail = (await post(detailPath, f)).body as unknown as { totalElements: number };
      expect(s.rows.reduce((a, r) => a + r.total, 0)).toBe(s.totals.total);
      expect(d.rows.reduce((a, r) => a + r.total, 0)).toBe(s.totals.total);
      expect(detail.totalElements).toBe(s.totals.total);
    }
  });

  it('use the spec’s default BOCs and stores when none are given, and the demo flag of enterprise 1', async () => {
    const { body } = await post(`${base}/v2/appointment-status-report-summary`, { enterpriseId: 1, demoFlag: true });
    const s = body as unknown as StatusBody;
    // The demo has BOCs 1 and 2 and stores 1 to 3: of the defaults (BOCs 2, 3; stores 3, 8) only store 3 of BOC 2 exists.
    expect(s.scope.storeIds).toEqual([3]);
    expect(s.scope.demoFlag).toBe(true);
  });
});

describe('bulk conversation reports', () => {
  // Without BOCs or stores a report takes the spec's default ones, which are not this enterprise's.
  const get = (path: string, query: string, token = superToken, enterpriseId: number | null = k.enterpriseId) =>
    h.app.request(`${path}?${query.includes('storeIds') ? '' : `bocIds=${k.bocId}&`}${query}`, { headers: { authorization: `Bearer ${token}`, ...(enterpriseId === null ? {} : { enterpriseId: String(enterpriseId) }) } });
  const labels = (r: { summary: { label: string; count: number }[] }) => Object.fromEntries(r.summary.map((s) => [s.label, s.count]));
  const STATUS = '/api/lisa/report/bulk-conversation/status';
  const FAILED = '/api/lisa/report/bulk-conversation/failed';
  const TODAY = '/api/lisa/report/bulk-conversation/current-date';

  beforeAll(async () => {
    const start = async (fsi: number, initiation: Record<string, unknown>) =>
      h.db.sql`update future_service_interaction set metadata = metadata || jsonb_build_object('initiation', ${h.db.sql.json(initiation as never)}::jsonb) where id = ${fsi}`;
    await start(k.fsi.i1, { outcome: 'QUEUED', at: '2026-02-03T10:00:00.000Z', byUserId: null, forced: false, messageId: null, heldUntil: '2026-02-03T13:00:00.000Z' });
    await start(k.fsi.i2, { outcome: 'REFUSED', at: '2026-02-10T10:00:00.000Z', reason: 'The customer was contacted lately' });
    await start(k.fsi.i3, { outcome: 'NO_MOBILE', at: '2026-02-28T23:59:59.000Z', byUserId: null });
    // Started by a person from the inbox: not a bulk start.
    await start(k.fsi.i4, { outcome: 'QUEUED', at: '2026-02-05T10:00:00.000Z', byUserId: 7 });
    // Outside February, today.
    await start(k.fsi.i5, { outcome: 'OPTED_OUT', at: new Date().toISOString(), byUserId: null });
  });

  it('count the bulk starts of the range by outcome, the failed ones, and today’s', async () => {
    const q = 'startDate=2026-02-01&endDate=2026-02-28';
    const status = await get(STATUS, q);
    expect(status.status).toBe(200);
    const s = (await readDocumented(h.app, 'GET', STATUS, status)) as { total: number; summary: { label: string; count: number }[]; detail: { content: { detail: string | null; bucket: string }[] } };
    expect(labels(s)).toEqual({ 'First text queued': 1, 'Refused: other open conversation or contacted lately': 1, 'No mobile number': 1 });
    expect(s.detail.content.find((r) => r.bucket === 'REFUSED')!.detail).toBe('The customer was contacted lately');
    expect(s.detail.content.find((r) => r.bucket === 'QUEUED')!.detail).toBe('Held by quiet hours until 2026-02-03T13:00:00.000Z');
    const failed = (await (await get(FAILED, q)).json()) as { summary: { label: string; count: number }[] };
    expect(labels(failed)).toEqual({ 'Refused: other open conversation or contacted lately': 1, 'No mobile number': 1 });
    const today = (await (await get(TODAY, q)).json()) as { summary: { label: string; count: number }[] };
    expect(labels(today)).toEqual({ 'Customer opted out of texts': 1 });
    // The last second of February is in February; the same report by POST with the body agrees.
    const jan = (await (await get(STATUS, 'startDate=2026-01-01&endDate=2026-01-31')).json()) as { total: number };
    expect(jan.total).toBe(0);
    expect(((await post(STATUS, feb())).body as unknown as { total: number }).total).toBe(s.total);
  });

  it('keep to the user’s stores and name bad input', async () => {
    const token = await h.login(k.storeUser);
    const mine = (await (await get(STATUS, 'startDate=2026-02-01&endDate=2026-02-28', token)).json()) as { scope: { storeIds: number[] }; total: number };
    expect(mine.scope.storeIds).toEqual([k.s1]);
    expect(mine.total).toBe(2);
    expect((await get(STATUS, `storeIds=${k.s2}`, token)).status).toBe(403);
    const bad = await get(STATUS, 'startDate=2026-02-01&endDate=2026-02-30');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('query.endDate');
    const noHeader = await get(STATUS, '', superToken, null);
    expect(noHeader.status).toBe(400);
    expect(JSON.stringify(await noHeader.json())).toContain('header.enterpriseid');
    expect((await get(STATUS, 'storeIds=1,x')).status).toBe(400);
  });
});

describe('bucket reports', () => {
  it.each(BUCKET_REPORTS.map((r) => [r.key, r.path]))('%s: the summary equals its detail rows, bucket by bucket', async (_key, path) => {
    const { status, body } = await post(path, { ...feb(), size: 100 });
    expect(status).toBe(200);
    const r = body as unknown as { total: number; summary: { bucket: string; count: number }[]; detail: { totalElements: number; content: unknown[] } };
    expect(r.summary.reduce((a, s) => a + s.count, 0)).toBe(r.total);
    expect(r.detail.totalElements).toBe(r.total);
    expect(r.detail.content).toHaveLength(Math.min(100, r.total));
    for (const s of r.summary) {
      const one = (await post(path, { ...feb(), bucket: s.bucket })).body as unknown as { detail: { totalElements: number } };
      expect(one.detail.totalElements).toBe(s.count);
    }
  });

  it('know their answers on the fixture', async () => {
    const get = async (key: string) => {
      const path = BUCKET_REPORTS.find((r) => r.key === key)!.path;
      const r = (await post(path, feb())).body as unknown as { summary: { bucket: string; label: string; count: number }[] };
      return Object.fromEntries(r.summary.map((s) => [s.label, s.count]));
    };
    expect(await get('response-insight')).toEqual({ 'opt-out': 1, Unclassified: 1 });
    expect(await get('no-response')).toEqual({ 'Sales thank-you (0K)': 1, 'Oil change 5K': 1 });
    expect(await get('response-count')).toEqual({ 'No reply': 2, '1 message': 2 });
    expect(await get('no-show')).toEqual({ 'Oil change 5K': 1 });
    expect(await get('opt-out')).toEqual({ 'Known West': 1 });
    expect(await get('gm-handoff-type')).toEqual({ 'GM HANDOFF': 1 });
    expect(await get('gm-first-response')).toEqual({ 'Under 3 minutes': 1, 'Not answered': 1 });
    expect(await get('appointment-performance')).toEqual({ Completed: 1, 'No-show': 1, Cancelled: 1, Booked: 1 });
  });
});

describe('report templates', () => {
  const call = (method: 'GET' | 'POST' | 'PUT', body: unknown, token = superToken, enterpriseId = k.enterpriseId) =>
    h.app.request('/api/lisa/report/template-master', {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', enterpriseId: String(enterpriseId) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('saves, lists and changes the enterprise’s templates', async () => {
    const created = await call('POST', { name: 'West store, oil changes', reportKey: 'no-show', filter: { storeIds: [k.s2], serviceTypes: ['OIL_CHANGE'], rangeDays: 30 } });
    expect(created.status).toBe(201);
    const t = (await readDocumented(h.app, 'POST', '/api/lisa/report/template-master', created)) as { id: number; filter: unknown };
    expect(t.filter).toEqual({ storeIds: [k.s2], serviceTypes: ['OIL_CHANGE'], rangeDays: 30 });
    const changed = await call('PUT', { id: t.id, name: 'West store, 90 days', reportKey: 'dashboard', filter: { storeIds: [k.s2], rangeDays: 90 } });
    expect(changed.status).toBe(200);
    const list = (await readDocumented(h.app, 'GET', '/api/lisa/report/template-master', await call('GET', undefined))) as { id: number; name: string; reportKey: string }[];
    expect(list.map((x) => [x.name, x.reportKey])).toEqual([['West store, 90 days', 'dashboard']]);
  });

  it('refuses a second template of the same name, an unknown one, a bad body and another store’s filter', async () => {
    expect((await call('POST', { name: 'Today', reportKey: 'dashboard', filter: {} })).status).toBe(201);
    const twice = await call('POST', { name: 'today', reportKey: 'dashboard', filter: {} });
    expect(twice.status).toBe(409);
    expect(JSON.stringify(await twice.json())).toContain('body.name');
    expect((await call('PUT', { id: 999_999, name: 'X', reportKey: 'dashboard', filter: {} })).status).toBe(404);
    const bad = await call('POST', { name: '', reportKey: 'nope', filter: { rangeDays: 0 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('body.reportKey');
    const storeUser = await h.login(k.storeUser);
    expect((await call('POST', { name: 'Theirs', reportKey: 'dashboard', filter: { storeIds: [k.s2] } }, storeUser)).status).toBe(403);
    const other = await h.login('office_manager');
    expect((await call('GET', undefined, other)).status).toBe(403);
  });
});

describe('scope', () => {
  it('a store user sees only the numbers of their store, and is refused another store', async () => {
    const token = await h.login(k.storeUser);
    const mine = (await post('/api/future-service-interaction/summaryReport', feb(), token)).body as unknown as DashboardBody;
    expect(mine.scope.storeIds).toEqual([k.s1]);
    expect(mine.counters).toEqual({ CONTACTED: 1, RESPONDED: 0, ENGAGED: 1, APPT_BOOKING: 1 });
    expect((await post('/api/future-service-interaction/summaryReport', { ...feb(), storeIds: [k.s2] }, token)).status).toBe(403);
    expect((await post('/api/future-service-interaction/summaryReport/detail', { ...feb(), counter: 'CONTACTED', storeId: k.s2 }, token)).status).toBe(403);
    const other = await h.login('office_manager');
    expect((await post('/api/future-service-interaction/summaryReport', feb(), other)).status).toBe(403);
  });

  it('refuses bad input with the field named', async () => {
    const res = await post('/api/future-service-interaction/summaryReport', { ...feb(), endDate: '2026-02-30' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('endDate');
    const reversed = await post('/api/lisa/appointment-status-report/v2/appointment-status-report-summary', { ...feb(), startDate: '2026-03-01' });
    expect(reversed.status).toBe(400);
  });
});

describe('export', () => {
  const exportOf = (body: unknown) =>
    h.app.request('/api/lisa/report/export', { method: 'POST', headers: { authorization: `Bearer ${superToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('writes the detail rows as CSV', async () => {
    const res = await exportOf({ report: 'dashboard', format: 'csv', filter: { ...feb(), counter: 'CONTACTED' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('dashboard-2026-02-01-2026-02-28.csv');
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toContain('Conversation,Store,Customer');
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.includes('Known2 Customer') && l.includes('Sales thank-you') && l.includes('Type B'))).toBe(true);
  });

  it('writes an Excel workbook that opens with the same rows', async () => {
    const res = await exportOf({ report: 'appointment-performance', format: 'xlsx', filter: feb() });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Status');
    expect(sheet.rowCount).toBe(5);
  });

  it('names the bad field of the filter', async () => {
    const res = await exportOf({ report: 'dashboard', format: 'csv', filter: feb() });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('filter.counter');
  });
});

describe('database views', () => {
  it('page, search and sort within the scope', async () => {
    const path = '/api/lisa/report/database-view/appointments';
    const all = (await post(path, { enterpriseId: k.enterpriseId, bocIds: [k.bocId], size: 2, sort: { field: 'startDate', direction: 'asc' } })).body as unknown as { rows: (string | number | null)[][]; totalElements: number; columns: { field: string }[] };
    expect(all.totalElements).toBe(4);
    expect(all.rows).toHaveLength(2);
    expect(all.rows[0]![0]).toBe('2026-02-05T15:00:00Z');
    const found = (await post(path, { enterpriseId: k.enterpriseId, bocIds: [k.bocId], search: 'known4' })).body as unknown as { totalElements: number };
    expect(found.totalElements).toBe(2);
    const token = await h.login(k.storeUser);
    const mine = (await post('/api/lisa/report/database-view/customers', { enterpriseId: k.enterpriseId, bocIds: [k.bocId] }, token)).body as unknown as { totalElements: number };
    expect(mine.totalElements).toBe(3);
    expect((await post(path, { enterpriseId: k.enterpriseId, sort: { field: 'nope', direction: 'asc' } })).status).toBe(400);
  });
});
