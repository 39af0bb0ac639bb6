import { z } from 'zod';
import { LOG_LEVELS } from './logger';

function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'postgres:' || url.protocol === 'postgresql:';
  } catch {
    return false;
  }
}

// An empty variable (`SYNC_PORT=`) means "not set", not "port 0".
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

const envSchema = z.object({
  DATABASE_URL: optional(
    z.string({ error: 'is required (postgres://user:password@host:5432/database)' }).refine(isPostgresUrl, {
      error: 'must be a postgres:// or postgresql:// URL',
    }),
  ),
  SYNC_PORT: optional(z.coerce.number().int().min(0).max(65_535).default(8081)),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS).default('info')),
  // Shared by every sync process of a deployment; unset for a single sync process.
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional()),
});

/** The standalone sync server's configuration. */
export type SyncEnv = z.infer<typeof envSchema>;

/** Parses the variables; on failure lists one problem per bad variable. */
export function parseSyncEnv(
  source: Record<string, string | undefined>,
): { ok: true; env: SyncEnv } | { ok: false; problems: string[] } {
  const parsed = envSchema.safeParse(source);
  if (parsed.success) return { ok: true, env: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
}

/** Reads `process.env` once at start; exits listing every bad variable. */
export function loadSyncEnv(source: Record<string, string | undefined> = process.env): SyncEnv {
  const result = parseSyncEnv(source);
  if (result.ok) return result.env;
  console.error(`Invalid environment for the sync server:\n${result.problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
