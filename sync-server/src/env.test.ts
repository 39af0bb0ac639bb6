import { describe, expect, it } from 'vitest';
import { parseSyncEnv } from './env';

describe('sync server environment', () => {
  it('applies defaults', () => {
    expect(parseSyncEnv({ DATABASE_URL: 'postgres://u@localhost:5432/db' })).toEqual({
      ok: true,
      env: { DATABASE_URL: 'postgres://u@localhost:5432/db', SYNC_PORT: 8081, LOG_LEVEL: 'info' },
    });
    expect(parseSyncEnv({ DATABASE_URL: 'postgresql://h/db', SYNC_PORT: '', LOG_LEVEL: '' })).toMatchObject({
      ok: true,
      env: { SYNC_PORT: 8081, LOG_LEVEL: 'info' },
    });
  });

  it('lists every bad variable at once', () => {
    const result = parseSyncEnv({ DATABASE_URL: 'mysql://h/db', SYNC_PORT: '70000', LOG_LEVEL: 'loud' });
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toHaveLength(3);
    expect(problems.map((p) => p.split(':')[0])).toEqual(['DATABASE_URL', 'SYNC_PORT', 'LOG_LEVEL']);
  });

  it('requires the database', () => {
    const result = parseSyncEnv({});
    expect(result.ok ? [] : result.problems).toEqual([expect.stringMatching(/^DATABASE_URL: is required/)]);
  });
});
