import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from './database';
import { syncReferenceData } from './reference-data';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../migrations');

// Any constant works; it only has to be the same for every process of the product.
const MIGRATION_LOCK = 4_242_001;

/**
 * Applies the numbered SQL files not yet applied, each in its own transaction, in order, then
 * brings the reference tables in line with the shared code lists. Several processes starting at
 * once wait for each other on an advisory lock.
 */
export async function migrate(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{5}_.+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`create table if not exists schema_migration (
      version integer primary key, name text not null, applied_on timestamptz not null default now())`;
    const done = new Set((await tx<{ version: number }[]>`select version from schema_migration`).map((r) => r.version));
    for (const file of files) {
      const version = Number(file.slice(0, 5));
      if (done.has(version)) continue;
      await tx.unsafe(readFileSync(join(dir, file), 'utf8'));
      await tx`insert into schema_migration (version, name) values (${version}, ${file})`;
      applied.push(file);
    }
    await syncReferenceData(tx as unknown as Sql);
  });
  return applied;
}
