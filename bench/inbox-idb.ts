// Time to the first rows of a 10,000-conversation store inbox from IndexedDB, in Chromium: the
// product's path (the Y.Doc device copy kept by y-indexeddb, read through the shared accessor)
// against a raw IndexedDB read of the same rows, both after a fresh page load, in the same browser.
//
//   node --import tsx bench/inbox-idb.ts [rows=10000] [runs=7]
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'vite';

const rowsWanted = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 7);
const entry = fileURLToPath(new URL('./inbox-idb/page.ts', import.meta.url));

// The page script, bundled with the project's own build tool.
const output = await build({
  configFile: false,
  logLevel: 'silent',
  build: { write: false, minify: true, lib: { entry, formats: ['iife'], name: 'inboxBench', fileName: 'page' } },
});
const chunk = (Array.isArray(output) ? output[0]! : output as { output: { code?: string }[] }).output.find((o) => 'code' in o && o.code)!;
const script = (chunk as { code: string }).code;

const server = createServer((req, res) => {
  if (req.url === '/page.js') {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end(script);
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end('<!doctype html><html><body><script src="/page.js"></script></body></html>');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://localhost:${(server.address() as AddressInfo).port}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage();
type Load = { ms: number; rows: number; first: number; wholeMs?: number };
const call = async <T>(fn: string, arg?: number): Promise<T> => {
  await page.waitForFunction(() => 'bench' in window);
  return page.evaluate(([f, a]) => (window as unknown as Record<string, Record<string, (x?: number) => Promise<unknown>>>).bench![f as string]!(a as number), [fn, arg] as const) as Promise<T>;
};

await page.goto(url);
const { ydocBytes } = await call<{ ydocBytes: number }>('seed', rowsWanted);
const yjs: number[] = [];
const raw: number[] = [];
const paint: number[] = [];
const whole: number[] = [];
for (let i = 0; i < runs; i++) {
  // A fresh page each time: nothing of the previous load stays in memory. Alternate the order so
  // neither path always runs on a warmer disk cache.
  for (const kind of i % 2 === 0 ? ['loadFirstPaint', 'loadYjs', 'loadRaw'] : ['loadRaw', 'loadYjs', 'loadFirstPaint']) {
    await page.goto(url);
    const r = await call<Load>(kind);
    if (r.rows !== rowsWanted || r.first !== 50) throw new Error(`${kind} read ${r.rows} rows`);
    if (kind === 'loadFirstPaint') {
      paint.push(r.ms);
      whole.push(r.wholeMs!);
    } else (kind === 'loadYjs' ? yjs : raw).push(r.ms);
  }
}
await browser.close();
server.close();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const y = median(yjs);
const r = median(raw);
const p = median(paint);
const w = median(whole);
const machine = `${availableParallelism()} CPUs (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, Chromium (Debian)`;
const line = [
  '',
  `### Inbox from IndexedDB, ${rowsWanted} conversations: ${new Date().toISOString().slice(0, 10)}`,
  `Machine: ${machine}. Median of ${runs} fresh page loads each; the Y.Doc state is ${(ydocBytes / 1024).toFixed(0)} KiB.`,
  `- Product cold start (the kept newest rows read through the app's inbox-snapshot module and painted, then the device copy opened): ${p.toFixed(1)} ms to the first 50 rows; the whole document read ${w.toFixed(1)} ms after the start`,
  `- Document alone (y-indexeddb device copy, rows read through the shared accessor, sorted): ${y.toFixed(1)} ms to the first 50 rows`,
  `- Raw IndexedDB getAll of the same rows, sorted the same way: ${r.toFixed(1)} ms`,
  `- Ratio first rows / raw: ${(p / r).toFixed(2)}; document alone / raw: ${(y / r).toFixed(2)}`,
  '',
].join('\n');
console.info(line);
appendFileSync(fileURLToPath(new URL('./RESULTS.md', import.meta.url)), line);
console.info(JSON.stringify({ bench: 'inbox-idb', rows: rowsWanted, ratio: +(p / r).toFixed(2), firstRowsMs: +p.toFixed(1), rawMs: +r.toFixed(1), documentMs: +y.toFixed(1), documentRatio: +(y / r).toFixed(2), wholeDocumentAfterStartMs: +w.toFixed(1), ydocKiB: Math.round(ydocBytes / 1024) }));
