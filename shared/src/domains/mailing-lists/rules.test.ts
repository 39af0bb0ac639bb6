import { describe, expect, it } from 'vitest';
import { createMailingListSchema } from './schemas';
import { hasListPrefix, isCodePrefixRefusal } from './rules';

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
});
