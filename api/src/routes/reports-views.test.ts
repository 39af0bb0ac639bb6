import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_VIEW_KEYS } from '@drivebay/shared';
import { startHarness, type Harness } from '../testing/app-harness';
import { readDocumented } from '../testing/contract';
import { seedViewsFixture, type ViewsFixture } from '../services/reports/views-fixture';

let h: Harness;
let k: ViewsFixture;
let superToken: string;
let storeToken: string;

beforeAll(async () => {
  h = await startHarness();
  k = await seedViewsFixture(h.db.sql);
  superToken = await h.login('super_user');
  storeToken = await h.login(k.storeUser);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

type Json = Record<string, unknown>;
async function post(path: string, body: unknown, token = superToken): Promise<{ status: number; body: Json }> {
  const res = await h.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 200) return { status: res.status, body: (await res.json()) as Json };
  return { status: 200, body: (await readDocumented(h.app, 'POST', path.split('?')[0]!, res)) as Json };
}

const feb = () => ({ enterpriseId: k.enterpriseId, bocIds: [k.bocId], startDate: '2026-02-01', endDate: '2026-02-28' });
type View = { columns: { field: string }[]; rows: (string | number | null)[][]; totalElements: number; chart: { title: string; bars: { label: string; count: number }[] } | null };
const view = async (key: string, body: Record<string, unknown> = {}, token = superToken) => {
  const r = await post(`/api/lisa/report/database-view/${key}`, { ...feb(), ...body }, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as View;
};
const column = (v: View, field: string) => v.rows.map((r) => r[v.columns.findIndex((c) => c.field === field)]);
const bars = (v: View) => Object.fromEntries(v.chart!.bars.map((b) => [b.label, b.count]));

describe('FEA report (POST /api/lisa/fea)', () => {
  it('counts February’s field alerts by what came of them, and the detail adds up', async () => {
    const r = await post('/api/lisa/fea', feb());
    expect(r.status).toBe(200);
    const body = r.body as unknown as { total: number; summary: { bucket: string; label: string; count: number }[]; detail: { content: { bucket: string; futureServiceInteractionId: number | null; detail: string }[]; totalElements: number } };
    expect(body.total).toBe(5);
    expect(Object.fromEntries(body.summary.map((s) => [s.bucket, s.count]))).toEqual({ BOOKED: 1, CONTACTED: 1, NOT_CONTACTED: 1, RESPONDED: 1, UNMATCHED: 1 });
    expect(body.summary.find((s) => s.bucket === 'UNMATCHED')!.label).toBe('Vehicle not known to the store');
    expect(body.detail.totalElements).toBe(body.summary.reduce((a, s) => a + s.count, 0));
    const booked = body.detail.content.find((d) => d.bucket === 'BOOKED')!;
    expect(booked.futureServiceInteractionId).toBe(k.i1);
    expect(booked.detail).toContain('F-BOOKED');
    // Neither March's alert nor the file still processing counts.
    expect(body.detail.content.some((d) => /F-MARCH|F-PROCESSING/.test(d.detail))).toBe(false);
  });

  it('takes paging and the bar from the query, over the body', async () => {
    const paged = (await post('/api/lisa/fea?page=1&size=2', { ...feb(), size: 50 })).body as unknown as { detail: { content: unknown[]; page: number; size: number; totalElements: number } };
    expect([paged.detail.page, paged.detail.size, paged.detail.content.length, paged.detail.totalElements]).toEqual([1, 2, 2, 5]);
    const bar = (await post('/api/lisa/fea?bucket=NOT_CONTACTED', feb())).body as unknown as { detail: { content: { detail: string }[] } };
    expect(bar.detail.content.map((d) => d.detail)).toEqual([expect.stringContaining('F-NOT-CONTACTED')]);
    const bad = await post('/api/lisa/fea?size=1000', feb());
    expect(bad.status).toBe(400);
    expect((bad.body.details as { field: string }[])[0]!.field).toMatch(/size/);
  });

  it('keeps a store user to their store', async () => {
    const mine = (await post('/api/lisa/fea', feb(), storeToken)).body as unknown as { total: number };
    expect(mine.total).toBe(3);
    expect((await post('/api/lisa/fea', { ...feb(), storeIds: [k.s2] }, storeToken)).status).toBe(403);
  });
});

describe('alert views', () => {
  it('list the completed files’ alerts of each kind, with the chart of each', async () => {
    const all = await view('email-alerts');
    expect(all.totalElements).toBe(8);
    expect(bars(all)).toEqual({ FEA: 5, HEA: 1, Recall: 1, 'Connected car': 1 });
    const fea = await view('fea-alerts');
    expect(fea.totalElements).toBe(5);
    expect(bars(fea)).toEqual({ 'Matched to a vehicle': 4, 'Vehicle not known': 1 });
    expect((await view('hea-alerts')).totalElements).toBe(1);
    expect(column(await view('cca-alerts'), 'code')).toEqual(['C-1']);
    const recall = await view('recall-alerts');
    expect(bars(recall)).toEqual({ 'Safety recall': 1 });
    expect(column(recall, 'recallType')).toEqual(['Safety recall']);
  });

  it('FEA leads are the matched FEA alerts with what came of each', async () => {
    const leads = await view('fea-leads');
    expect(leads.totalElements).toBe(4);
    expect(bars(leads)).toEqual({ 'Appointment booked': 1, 'Contacted, no reply': 1, 'Customer answered': 1, 'Known, not contacted': 1 });
    const march = await view('fea-leads', { startDate: '2026-03-01', endDate: '2026-03-31' });
    expect(column(march, 'code')).toEqual(['F-MARCH']);
    expect(column(march, 'state')).toEqual(['Known, not contacted']);
  });

  it('a bar narrows the rows, not the chart; a view without dates covers every day', async () => {
    const unknown = await view('fea-alerts', { bar: 'Vehicle not known' });
    expect(unknown.totalElements).toBe(1);
    expect(column(unknown, 'vin')).toEqual(['JTDUNKNOWN0000999']);
    expect(bars(unknown)['Matched to a vehicle']).toBe(4);
    expect((await view('fea-alerts', { startDate: undefined, endDate: undefined })).totalElements).toBe(6);
  });
});

describe('introspection and DMS views', () => {
  it('sales: each sale with what stands between it and a conversation', async () => {
    const v = await view('sales-introspection', { sort: { field: 'soldDate', direction: 'asc' } });
    expect(column(v, 'finding')).toEqual(['In a conversation', 'No mobile number', 'Opted out of texts', 'No vehicle', 'Ready for the planners']);
    expect(bars(v)).toEqual({ 'In a conversation': 1, 'No mobile number': 1, 'Opted out of texts': 1, 'No vehicle': 1, 'Ready for the planners': 1 });
  });

  it('closed ROs: only closed ones, with the visit’s mileage checked', async () => {
    const v = await view('closed-ro-introspection', { sort: { field: 'roNumber', direction: 'asc' } });
    expect(column(v, 'roNumber')).toEqual(['RO-1', 'RO-2', 'RO-3']);
    expect(column(v, 'finding')).toEqual(['In a conversation', 'No mileage of the visit', 'Opted out of texts']);
  });

  it('Toyota error alerts: what the planner makes of each', async () => {
    const v = await view('tea-introspection', { sort: { field: 'code', direction: 'asc' } });
    expect(column(v, 'code')).toEqual(['P0171', 'P0300', 'P0420']);
    expect(column(v, 'finding')).toEqual(['Ready for the planner', 'Opted out of texts', 'Not a Toyota']);
  });

  it('the DMS view lists the dealer system’s book, by day in the chart', async () => {
    const v = await view('dms', { sort: { field: 'startDate', direction: 'asc' } });
    expect(column(v, 'status')).toEqual(['Booked', 'Booked', 'Cancelled']);
    expect(v.chart!.bars).toEqual([{ label: '2026-02-03', count: 2 }, { label: '2026-02-04', count: 1 }]);
  });

  it('customer-vehicle leads with their state', async () => {
    const v = await view('customer-vehicle-leads', { sort: { field: 'row', direction: 'asc' } });
    expect(column(v, 'state')).toEqual(['Transferred', 'Matched, not transferred', 'Not matched']);
  });
});

describe('scope and input', () => {
  it('a store user sees only their store’s rows in every view, and is refused another store', async () => {
    const expected: Record<string, number> = { 'email-alerts': 5, 'fea-alerts': 3, 'fea-leads': 3, 'recall-alerts': 0, dms: 2, 'sales-introspection': 3, 'tea-introspection': 3 };
    for (const [key, n] of Object.entries(expected)) expect((await view(key, {}, storeToken)).totalElements, key).toBe(n);
    for (const key of DATABASE_VIEW_KEYS) {
      const r = await post(`/api/lisa/report/database-view/${key}`, { ...feb(), storeIds: [k.s2] }, storeToken);
      expect(r.status, key).toBe(403);
    }
  });

  it('names the bad field', async () => {
    const r = await post('/api/lisa/report/database-view/fea-alerts', { ...feb(), sort: { field: 'nope', direction: 'asc' } });
    expect([r.status, (r.body.details as { field: string }[])[0]!.field]).toEqual([400, 'sort.field']);
    const long = await post('/api/lisa/report/database-view/fea-alerts', { ...feb(), bar: 'x'.repeat(300) });
    expect(long.status).toBe(400);
  });

  it('exports a view’s bar as CSV with its labels', async () => {
    const res = await h.app.request('/api/lisa/report/export', {
      method: 'POST',
      headers: { authorization: `Bearer ${superToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ report: 'view-fea-leads', format: 'csv', filter: { ...feb(), bar: 'Appointment booked' } }),
    });
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toContain('What came of it');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('F-BOOKED');
  });
});
