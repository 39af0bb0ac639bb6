import { describe, expect, it, vi } from 'vitest';
import { beforeIdleSignOut, runBeforeIdleSignOut } from './before-idle-sign-out';

describe('before idle sign-out', () => {
  it('runs registered tasks, tolerates failures and forgets removed ones', async () => {
    const done: string[] = [];
    const removeA = beforeIdleSignOut(async () => void done.push('a'));
    const removeB = beforeIdleSignOut(async () => {
      throw new Error('network');
    });
    const removeC = beforeIdleSignOut(async () => void done.push('c'));
    removeC();
    await runBeforeIdleSignOut();
    expect(done).toEqual(['a']);
    removeA();
    removeB();
  });

  it('does not wait for a task that never ends', async () => {
    vi.useFakeTimers();
    const remove = beforeIdleSignOut(() => new Promise(() => {}));
    const finished = runBeforeIdleSignOut();
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(finished).resolves.toBeUndefined();
    remove();
    vi.useRealTimers();
  });
});
