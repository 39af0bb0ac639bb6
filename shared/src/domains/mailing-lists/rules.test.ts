import { describe, expect, it } from 'vitest';
import { createMailingListSchema } from './schemas';
import { hasListName, hasListPrefix, isCodePrefixRefusal } from './rules';
import { MAILING_LIST_TEXT } from './constants';

describe('mailing list codes', () => {
  it('must begin with LIST- exactly', () => {
    expect(hasListPrefix('LIST-VIP')).toBe(true);
    expect(hasListPrefix('list-vip')).toBe(false);
    expect(hasListPrefix('VIP-LIST-')).toBe(false);
  });
  it('are refused by the server with a message the screen recognises', () => {
    const result = createMailingListSchema.safeParse({ code: 'VIP', tenantId: 1 });
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.map((i) => i.message);
    expect(isCodePrefixRefusal(messages)).toBe(true);
    expect(isCodePrefixRefusal(['code is required'])).toBe(false);
  });
  it('must name the list after the prefix', () => {
    expect(hasListName('LIST-VIP')).toBe(true);
    expect(hasListName(' LIST-VIP ')).toBe(true);
    expect(hasListName('LIST-')).toBe(false);
    expect(hasListName('LIST-   ')).toBe(false);
    expect(hasListName('VIP')).toBe(false);
  });
  it('refuses the bare prefix with its own message, and a code without one with the prefix rule only', () => {
    for (const code of ['LIST-', ' LIST-  ']) {
      const result = createMailingListSchema.safeParse({ code, tenantId: 1 });
      expect(result.success).toBe(false);
      expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([MAILING_LIST_TEXT.codeNameRequired]);
    }
    const noPrefix = createMailingListSchema.safeParse({ code: 'VIP', tenantId: 1 });
    expect(noPrefix.success ? [] : noPrefix.error.issues.map((i) => i.message)).toEqual([MAILING_LIST_TEXT.serverCodeRule]);
    expect(createMailingListSchema.safeParse({ code: 'LIST-VIP', tenantId: 1 }).success).toBe(true);
  });
});
