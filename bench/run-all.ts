// Runs every benchmark of this folder one after the other, each in its own process, and checks that
// each ends with its one JSON line of figures. Each appends its entry to RESULTS.md as it does when
// run alone.
//
//   npm run bench              quick sizes (a few minutes in all on a 2-core machine)
//   npm run bench -- --full    each bench at its own default size (long: hours for the large data sets)
//   npm run bench -- board ingest   only the benches named
//
// Benches that need PostgreSQL (cluster, import, planners, lists, reports) use DATABASE_URL, or the
// local server at postgres://postgres@127.0.0.1:5432/test; cluster also needs Redis. The others run
// on the embedded database unless DATABASE_URL is set. first-paint needs the built client and
// builds it when client/dist is missing.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Bench = { name: string; file: string; quick: string[]; flags?: string[]; postgres?: boolean };

const BENCHES: Bench[] = [
  { name: 'ingest', file: 'ingest.ts', quick: ['600', '16'] },
  { name: 'ingest-sustained', file: 'ingest-sustained.ts', quick: ['100', '10'], flags: ['--expose-gc'] },
  { name: 'latency', file: 'latency.ts', quick: ['30', '10', '100'] },
  { name: 'board', file: 'board.ts', quick: ['10', '5', '200'] },
  { name: 'offline-sync', file: 'offline-sync.ts', quick: ['10', '20', '200'] },
  { name: 'inbox-idb', file: 'inbox-idb.ts', quick: ['2000', '3'] },
  { name: 'first-paint', file: 'first-paint.ts', quick: ['3'] },
  { name: 'sync-capacity', file: 'sync-capacity.ts', quick: ['100'], flags: ['--expose-gc'] },
  { name: 'cluster', file: 'cluster.ts', quick: ['50', '40'], postgres: true },
  { name: 'import', file: 'import.ts', quick: ['5000'], flags: ['--expose-gc'], postgres: true },
  { name: 'planners', file: 'planners.ts', quick: ['10000', '2'], flags: ['--expose-gc'], postgres: true },
  { name: 'lists', file: 'lists.ts', quick: ['20000', '100000', '20'], postgres: true },
  { name: 'reports', file: 'reports.ts', quick: ['5000', '5'], postgres: true },
  { name: 'report-fact-writes', file: 'report-fact-writes.ts', quick: ['2'], postgres: true },
];

const args = process.argv.slice(2);
const full = args.includes('--full');
const named = args.filter((a) => !a.startsWith('--'));
const unknown = named.filter((n) => !BENCHES.some((b) => b.name === n));
if (unknown.length > 0) throw new Error(`unknown bench: ${unknown.join(', ')} (known: ${BENCHES.map((b) => b.name).join(', ')})`);
const chosen = named.length > 0 ? BENCHES.filter((b) => named.includes(b.name)) : BENCHES;
const root = fileURLToPath(new URL('..', import.meta.url));
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const LINGER_MS = 20_000;

function run(command: string, argv: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; lastLine: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let tail = '';
    let linger: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-64 * 1024);
      // A bench whose figures are out but whose process stays up (an open socket or database
      // handle) is ended after a grace period, so the next one can start.
      if (!linger && /^\{"bench":/m.test(tail.trimEnd().split('\n').at(-1) ?? '')) {
        linger = setTimeout(() => {
          console.info(`(still running ${LINGER_MS / 1000} s after its figures: ended)`);
          child.kill('SIGTERM');
        }, LINGER_MS);
      }
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(linger);
      resolve({ code: signal === 'SIGTERM' && linger ? 0 : (code ?? 1), lastLine: tail.trimEnd().split('\n').filter((l) => !l.startsWith('(still running')).at(-1) ?? '' });
    });
  });
}

if (chosen.some((b) => b.name === 'first-paint') && !existsSync(`${root}client/dist/index.html`)) {
  const built = await run('npm', ['run', 'build'], process.env);
  if (built.code !== 0) throw new Error('npm run build failed');
}

const results: { bench: string; ok: boolean; seconds: number; figures?: unknown; error?: string }[] = [];
for (const bench of chosen) {
  const started = Date.now();
  console.info(`\n### ${bench.name}${full ? '' : ` (quick: ${bench.quick.join(' ')})`}`);
  const env = bench.postgres ? { ...process.env, DATABASE_URL: process.env.DATABASE_URL || LOCAL_POSTGRES } : process.env;
  const { code, lastLine } = await run(process.execPath, [...(bench.flags ?? []), '--import', 'tsx', `bench/${bench.file}`, ...(full ? [] : bench.quick)], env);
  const seconds = Math.round((Date.now() - started) / 1000);
  let figures: unknown;
  try {
    figures = JSON.parse(lastLine);
  } catch {
    figures = undefined;
  }
  const ok = code === 0 && typeof figures === 'object' && figures !== null && (figures as { bench?: unknown }).bench !== undefined;
  results.push(ok ? { bench: bench.name, ok, seconds, figures } : { bench: bench.name, ok, seconds, error: code !== 0 ? `exit code ${code}` : 'no JSON line at the end' });
}

const failed = results.filter((r) => !r.ok);
console.info(JSON.stringify({ bench: 'all', mode: full ? 'full' : 'quick', ok: failed.length === 0, results }));
process.exitCode = failed.length === 0 ? 0 : 1;
