import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

const tick = () => new Promise((r) => setImmediate(r));

describe('group commit', () => {
  it('writes the items that arrive together in one batch and answers each caller its own', async () => {
    const batches: number[][] = [];
    const write = groupCommit(async (items: number[]) => {
      batches.push(items);
      return items.map((i) => i * 10);
    });
    const answers = await Promise.all([1, 2, 3].map((i) => write(i)));
    expect(answers).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('gathers the items arriving while a batch runs into the next one', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const write = groupCommit(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
      return items;
    });
    const first = write(1);
    await tick();
    const later = [write(2), write(3), write(4)];
    await tick();
    expect(batches).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps at most maxInFlight batches running and at most maxBatch items in one', async () => {
    let running = 0;
    let most = 0;
    const sizes: number[] = [];
    const write = groupCommit(
      async (items: number[]) => {
        running++;
        most = Math.max(most, running);
        sizes.push(items.length);
        await tick();
        running--;
        return items;
      },
      { maxInFlight: 2, maxBatch: 3 },
    );
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => write(i)));
    expect(all).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(2);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(20);
  });

  it('tries each item of a failed batch by itself, so only the refused one fails', async () => {
    const write = groupCommit(async (items: number[]) => {
      if (items.includes(2)) throw new Error(`refused ${items.join(',')}`);
      return items;
    });
    const results = await Promise.allSettled([1, 2, 3].map((i) => write(i)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('refused 2'));
  });
});
