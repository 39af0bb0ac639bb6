// Test support: a PostgreSQL server of a test's own (initdb in a temporary folder, its own port),
// so a test can restart it without disturbing anything else on the machine.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './cluster';

export type PrivatePostgres = { url: string; restart: () => void; stop: () => void };

/** The server binaries of the newest PostgreSQL installed from Debian's packages, or null. */
function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/** Runs a server binary as the postgres user when this process is root (PostgreSQL refuses root). */
function run(bin: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const r = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', bin, ...args], { encoding: 'utf8' }) : spawnSync(bin, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
}

/** Why a private server cannot be started here, or null when it can. */
export function privatePostgresUnavailable(): string | null {
  if (!binDir()) return 'PostgreSQL server binaries are not installed under /usr/lib/postgresql';
  if (process.getuid?.() === 0 && spawnSync('id', ['postgres'], { stdio: 'ignore' }).status !== 0) return 'there is no postgres user to run it as';
  return null;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir()!;
  const dir = mkdtempSync(join(tmpdir(), 'drivebay-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres', dir]);
  run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const ctl = (...args: string[]) => run(join(bin, 'pg_ctl'), ['-D', data, '-w', '-l', join(dir, 'log'), ...args]);
  ctl('-o', options, 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // Fast: the server drops every connection at once, as a failover or a crash-restart would.
    restart: () => ctl('-m', 'fast', '-o', options, 'restart'),
    stop: () => ctl('-m', 'immediate', 'stop'),
  };
}
