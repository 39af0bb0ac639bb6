import { describe, expect, it } from 'vitest';
import { boardDocName, inboxDocName, parseDocName } from './names';

describe('document names', () => {
  it('build and parse back', () => {
    expect(inboxDocName(12)).toBe('store:12:inbox');
    expect(boardDocName(7)).toBe('store:7:board');
    expect(parseDocName(inboxDocName(12))).toEqual({ kind: 'inbox', storeId: 12 });
    expect(parseDocName(boardDocName(7))).toEqual({ kind: 'board', storeId: 7 });
  });

  it('refuse to build a name for a bad store id', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => inboxDocName(bad)).toThrow(RangeError);
      expect(() => boardDocName(bad)).toThrow(RangeError);
    }
  });

  it('accept nothing but the exact shapes', () => {
    for (const bad of [
      '',
      'store:1:inbox ',
      ' store:1:inbox',
      'store:1:Inbox',
      'store:1:marks',
      'store:0:inbox',
      'store:01:inbox',
      'store:-1:inbox',
      'store:1.0:inbox',
      'store:1e3:inbox',
      'store::inbox',
      'store:1:inbox:extra',
      'store:1:inbox\0session',
      'Store:1:inbox',
      'store:99999999999999999:inbox',
      'store:1',
    ]) {
      expect(parseDocName(bad), bad).toBeNull();
    }
  });
});
