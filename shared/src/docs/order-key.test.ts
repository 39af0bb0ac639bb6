import { describe, expect, it } from 'vitest';
import { compareOrderKeys, isOrderKey, keyBetween, ORDER_KEY_DIGITS } from './order-key';

// A small deterministic generator so a failing sequence can be replayed.
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('keyBetween', () => {
  it('starts a lane in the middle and appends/prepends with short keys', () => {
    expect(keyBetween(null, null)).toBe('V');
    expect(keyBetween('V', null)).toBe('W');
    expect(keyBetween(null, 'V')).toBe('U');
    expect(keyBetween('z', null)).toBe('zV');
    expect(keyBetween(null, '1')).toBe('0V');
    expect(keyBetween('V', 'X')).toBe('W');
    expect(keyBetween('V', 'W')).toBe('VV');
    expect(keyBetween('V', 'V1')).toBe('V0V');
  });

  it('keeps keys short over many appends', () => {
    let key = keyBetween(null, null);
    for (let i = 0; i < 1000; i += 1) {
      const next = keyBetween(key, null);
      expect(next > key).toBe(true);
      key = next;
    }
    expect(key.length).toBeLessThanOrEqual(40);
  });

  it('always lands strictly between, over thousands of random inserts', () => {
    const next = random(42);
    const keys: string[] = [];
    for (let i = 0; i < 3000; i += 1) {
      const at = Math.floor(next() * (keys.length + 1));
      const a = at > 0 ? keys[at - 1]! : null;
      const b = at < keys.length ? keys[at]! : null;
      const key = keyBetween(a, b);
      expect(isOrderKey(key), key).toBe(true);
      if (a !== null) expect(compareOrderKeys(a, key), `${a} < ${key}`).toBe(-1);
      if (b !== null) expect(compareOrderKeys(key, b), `${key} < ${b}`).toBe(-1);
      keys.splice(at, 0, key);
    }
    expect([...keys].sort(compareOrderKeys)).toEqual(keys);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('squeezes between adjacent keys repeatedly', () => {
    let lo = 'V';
    const hi = 'W';
    for (let i = 0; i < 200; i += 1) {
      const key = keyBetween(lo, hi);
      expect(lo < key && key < hi).toBe(true);
      lo = key;
    }
    let top = 'W';
    for (let i = 0; i < 200; i += 1) {
      const key = keyBetween('V', top);
      expect('V' < key && key < top).toBe(true);
      top = key;
    }
  });

  it('sorts by plain string comparison because digits are in ASCII order', () => {
    expect([...ORDER_KEY_DIGITS].sort().join('')).toBe(ORDER_KEY_DIGITS);
  });

  it('refuses invalid keys and reversed bounds', () => {
    expect(() => keyBetween('V0', null)).toThrow(RangeError);
    expect(() => keyBetween('', null)).toThrow(RangeError);
    expect(() => keyBetween('V-', null)).toThrow(RangeError);
    expect(() => keyBetween('W', 'V')).toThrow(RangeError);
    expect(() => keyBetween('V', 'V')).toThrow(RangeError);
    expect(isOrderKey('0')).toBe(false);
    expect(isOrderKey('01')).toBe(true);
  });
});
