import { describe, expect, it } from 'vitest';
import { AppError } from '@drivebay/shared';
import { signLink, verifyLink } from './link-tokens';

const SECRET = 's'.repeat(43);
const now = new Date('2030-01-01T00:00:00Z');

describe('signed links', () => {
  const { token, expiresAt } = signLink(SECRET, 'DEAL_ROOM', { interactionId: 42, subjectId: 7 }, now);

  it('carry the interaction, the person and the end of their validity', () => {
    expect(expiresAt.toISOString()).toBe('2030-01-08T00:00:00.000Z');
    expect(verifyLink(SECRET, 'DEAL_ROOM', token, { interactionId: 42, subjectId: 7 }, now)).toEqual({ interactionId: 42, subjectId: 7, expiresAt });
  });

  it('refuse another purpose, other ids, another secret, a changed part and the end of validity', () => {
    const refused = (fn: () => unknown) => expect(fn).toThrow(AppError);
    refused(() => verifyLink(SECRET, 'FEEDBACK', token, {}, now));
    refused(() => verifyLink(SECRET, 'DEAL_ROOM', token, { interactionId: 43 }, now));
    refused(() => verifyLink(SECRET, 'DEAL_ROOM', token, { subjectId: 8 }, now));
    refused(() => verifyLink('t'.repeat(43), 'DEAL_ROOM', token, {}, now));
    refused(() => verifyLink(SECRET, 'DEAL_ROOM', token.replace('.42.', '.43.'), {}, now));
    refused(() => verifyLink(SECRET, 'DEAL_ROOM', token, {}, new Date(expiresAt.getTime() + 1)));
    for (const junk of ['', 'v1', 'v2.42.7.1.x', 'v1.-1.7.99999999999.x', 'v1.42.7.1e9.x']) refused(() => verifyLink(SECRET, 'DEAL_ROOM', junk, {}, now));
  });
});
