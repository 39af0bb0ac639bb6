import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@drivebay/shared';
import { createTestDatabase } from '../db/testing';
import type { Database } from '../db/database';
import { assertWithinWindows, lockoutSeconds, lockoutWait, recordRequests, type Lockout } from './rate-limit';

const lockout: Lockout = { freeFailures: 5, firstWaitSeconds: 30, maxWaitSeconds: 900, windowMinutes: 15 };

describe('a lockout', () => {
  it('is free up to the free failures, then waits 30 s doubling up to the cap', () => {
    expect([0, 4, 5, 6, 7, 20].map((n) => lockoutSeconds(n, lockout))).toEqual([0, 0, 30, 60, 120, 900]);
  });

  it('counts the wait from the last failure', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    const tenSecondsAgo = new Date(now - 10_000);
    expect(lockoutWait({ failures: 5, lastFailure: tenSecondsAgo }, lockout, now)).toBe(20);
    expect(lockoutWait({ failures: 6, lastFailure: tenSecondsAgo }, lockout, now)).toBe(50);
    expect(lockoutWait({ failures: 5, lastFailure: new Date(now - 31_000) }, lockout, now)).toBe(0);
    expect(lockoutWait({ failures: 4, lastFailure: tenSecondsAgo }, lockout, now)).toBe(0);
  });
});

describe('a window', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('lets `max` requests through, then refuses with the wait named for Retry-After, per key', async () => {
    const check = { kind: 'test:window', key: '+15555550100', limit: { max: 2, windowMinutes: 10 }, message: 'Too many requests.' };
    for (let i = 0; i < 2; i++) {
      await assertWithinWindows(db.sql, [check]);
      await recordRequests(db.sql, [check]);
    }
    const refused = await assertWithinWindows(db.sql, [check]).then(() => null, (err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('TOO_MANY_ATTEMPTS');
    expect((refused as AppError).message).toMatch(/^Too many requests\. Please try again in 10 minutes \((59\d|600) seconds\)\.$/);
    await expect(assertWithinWindows(db.sql, [{ ...check, key: '+15555550101' }])).resolves.toBeUndefined();
    // Requests that left the window no longer count.
    await db.sql`update public_request_attempt set attempted_on = attempted_on - interval '11 minutes' where kind = 'test:window'`;
    await expect(assertWithinWindows(db.sql, [check])).resolves.toBeUndefined();
  });
});
