import { describe, expect, it } from 'vitest';
import { secretBox } from './secret-box';

describe('secretBox', () => {
  it('opens what it sealed, never shows the plain text, and refuses a changed value or another key', () => {
    const box = secretBox('a-key-of-at-least-thirty-two-characters!');
    const sealed = box.seal('dealer-password');
    expect(sealed).not.toContain('dealer-password');
    expect(box.seal('dealer-password')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('dealer-password');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => secretBox('another-key-of-at-least-thirty-two-chars').open(sealed)).toThrow();
  });
});
