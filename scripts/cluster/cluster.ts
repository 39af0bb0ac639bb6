// Several API and sync processes behind nginx on one PostgreSQL and one Redis: what
// `npm run start:cluster` runs, and what the cluster tests start, kill and restart.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const TEMPLATE = join(ROOT, 'deploy/nginx.conf.template');

export type ClusterOptions = {
  /** API processes and sync processes (at least 1 each). */
  apis: number;
  syncs: number;
  /** nginx's port (0: a free one). */
  port: number;
  databaseUrl: string;
  redisUrl: string;
  /** Where nginx's configuration, pid and logs go. */
  dataDir: string;
  /** Extra settings for every API process (e.g. quiet hours off in tests). */
  apiEnv?: Record<string, string>;
  /** Where the processes' output goes: inherited (a person watching) or dropped. */
  output?: 'inherit' | 'ignore';
  logLevel?: string;
};

export type Member = { kind: 'api' | 'sync'; index: number; port: number; child: ChildProcess | null };

export type Cluster = {
  /** The address people and carriers use (nginx). */
  url: string;
  members: Member[];
  /** Kills one process (SIGKILL by default: no goodbye, as a crash). */
  kill(kind: Member['kind'], index: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a killed process again on its port and waits until it answers. */
  restart(kind: Member['kind'], index: number): Promise<void>;
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return res.status < 500;
  } catch {
    return false;
  }
}

async function waitUntil(what: string, probe: () => Promise<boolean>, ms = 180_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error(`${what} did not come up within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The nginx configuration of the repository with this cluster's addresses filled in. */
export function nginxConfig(o: { listen: number; prefix: string; apiPorts: number[]; syncPorts: number[] }): string {
  const servers = (ports: number[]) => ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n');
  return readFileSync(TEMPLATE, 'utf8')
    .replaceAll('{{PREFIX}}', o.prefix)
    .replaceAll('{{LISTEN}}', `127.0.0.1:${o.listen}`)
    .replace('{{API_SERVERS}}', servers(o.apiPorts))
    .replace('{{SYNC_SERVERS}}', servers(o.syncPorts));
}

export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  const port = o.port || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const members: Member[] = [];
  for (let i = 0; i < o.apis; i++) members.push({ kind: 'api', index: i, port: await freePort(), child: null });
  for (let i = 0; i < o.syncs; i++) members.push({ kind: 'sync', index: i, port: await freePort(), child: null });
  const output = o.output ?? 'ignore';
  const common = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: o.databaseUrl, LOG_LEVEL: o.logLevel ?? 'warn' };

  const launch = (m: Member): ChildProcess => {
    const entry = m.kind === 'api' ? 'api/src/main.ts' : 'sync-server/src/main.ts';
    const env =
      m.kind === 'api'
        ? {
            ...common, ...o.apiEnv, PORT: String(m.port), HOST: '127.0.0.1', SERVE_CLIENT: 'true', SEED_DEMO: 'false',
            PUBLIC_URL: url, TRUSTED_PROXIES: '127.0.0.1',
          }
        : { ...common, SYNC_PORT: String(m.port), REDIS_URL: o.redisUrl };
    const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: ROOT, env, stdio: ['ignore', output, output] });
    m.child = child;
    return child;
  };
  const health = (m: Member) => (m.kind === 'api' ? `http://127.0.0.1:${m.port}/api/health` : `http://127.0.0.1:${m.port}/health`);
  const up = (m: Member) => waitUntil(`${m.kind} ${m.index}`, () => answers(health(m)));

  for (const m of members) launch(m);
  let nginx: ChildProcess | null = null;
  const stopAll = async () => {
    const children = [...members.map((m) => m.child), nginx].filter((c): c is ChildProcess => !!c && c.exitCode === null && c.signalCode === null);
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((done) => {
            const timer = setTimeout(() => c.kill('SIGKILL'), 15_000);
            c.once('exit', () => {
              clearTimeout(timer);
              done();
            });
            c.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    await Promise.all(members.map(up));
    const prefix = resolve(o.dataDir, 'nginx');
    mkdirSync(prefix, { recursive: true });
    const conf = join(prefix, 'nginx.conf');
    writeFileSync(
      conf,
      nginxConfig({
        listen: port,
        prefix,
        apiPorts: members.filter((m) => m.kind === 'api').map((m) => m.port),
        syncPorts: members.filter((m) => m.kind === 'sync').map((m) => m.port),
      }),
    );
    nginx = spawn('nginx', ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', output, output] });
    await waitUntil('nginx', () => answers(`${url}/api/health`), 20_000);
  } catch (err) {
    await stopAll();
    throw err;
  }

  const find = (kind: Member['kind'], index: number) => {
    const m = members.find((x) => x.kind === kind && x.index === index);
    if (!m) throw new Error(`no ${kind} ${index}`);
    return m;
  };
  return {
    url,
    members,
    async kill(kind, index, signal = 'SIGKILL') {
      const m = find(kind, index);
      const c = m.child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      await new Promise<void>((done) => {
        c.once('exit', () => done());
        c.kill(signal);
      });
    },
    async restart(kind, index) {
      const m = find(kind, index);
      launch(m);
      await up(m);
    },
    stop: stopAll,
  };
}
