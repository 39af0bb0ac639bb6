import { describe, expect, it } from 'vitest';
import { chatSendPhone, formatPhoneDisplay, INVALID_NUMBER_MESSAGE, toE164, validateLeadPhone } from './phone';

describe('validateLeadPhone', () => {
  it.each([
    ['2125550101', '2125550101'],
    ['(212) 555-0101', '2125550101'],
    ['212.555.0101', '2125550101'],
    [' 212 555 0101 ', '2125550101'],
    ['212-555-0101', '2125550101'],
  ])('accepts %j and sends it with +1', (input, digits) => {
    expect(validateLeadPhone(input)).toEqual({ ok: true, e164: `+1${digits}`, digits });
  });

  it.each([
    ['', 'empty'],
    ['212555010', 'nine digits'],
    ['21255501011', 'eleven digits'],
    ['+1 212 555 0101', 'country code typed again (eleven digits)'],
    ['212-555-CALL', 'letters'],
    ['2125550101x', 'a trailing letter with ten digits'],
    ['2125550101 ext', 'an extension word'],
    ['212555010é', 'a non-ASCII letter'],
    ['---', 'punctuation only'],
  ])('refuses %j (%s) with the spec warning', (input) => {
    expect(validateLeadPhone(input)).toEqual({ ok: false, message: INVALID_NUMBER_MESSAGE });
  });

  it('warns with the exact text of the error catalogue', () => {
    expect(INVALID_NUMBER_MESSAGE).toBe('Invalid Number');
  });
});

describe('formatPhoneDisplay', () => {
  it.each([
    ['+12125550101', '(212)-555-0101'],
    ['2125550101', '(212)-555-0101'],
    ['(212) 555-0101', '(212)-555-0101'],
    ['212.555.0101', '(212)-555-0101'],
    ['+1 (212) 555-0101', '(212)-555-0101'],
    ['12125550101', '(212)-555-0101'],
  ])('%j is shown as %j', (input, expected) => {
    expect(formatPhoneDisplay(input)).toBe(expected);
  });

  it('shows numbers that are not ten digits as given, trimmed', () => {
    expect(formatPhoneDisplay('12345')).toBe('12345');
    expect(formatPhoneDisplay('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhoneDisplay(' 555 ')).toBe('555');
    expect(formatPhoneDisplay('22125550101')).toBe('22125550101');
  });

  it('shows nothing for no number', () => {
    expect(formatPhoneDisplay(null)).toBe('');
    expect(formatPhoneDisplay(undefined)).toBe('');
    expect(formatPhoneDisplay('')).toBe('');
  });
});

describe('chatSendPhone', () => {
  it.each([
    ['+12125550101', '+12125550101'],
    ['12125550101', '+12125550101'],
    ['+1 212 555 0101', '+1 212 555 0101'],
    ['1 (212) 555-0101', '+1 212 5550101'],
    ['2125550101', '2125550101'],
    ['(212) 555-0101', '212 5550101'],
    [' 1-212-555-0101 ', '+12125550101'],
    ['', ''],
  ])('%j is sent as %j', (input, expected) => {
    expect(chatSendPhone(input)).toBe(expected);
  });

  it('drops the plus of a number that does not start with 1, as the rule says', () => {
    expect(chatSendPhone('+44 20 7946 0958')).toBe('44 20 7946 0958');
  });
});

describe('toE164', () => {
  it.each([
    ['+12125550101', '+12125550101'],
    ['2125550101', '+12125550101'],
    ['(212) 555-0199', '+12125550199'],
    ['1-212-555-0100', '+12125550100'],
    ['+1 800 555 0101', '+18005550101'],
  ])('%j becomes %j (fictional 555-01xx numbers are valid)', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it('honours another default country and explicit international numbers', () => {
    expect(toE164('020 7183 8750', 'GB')).toBe('+442071838750');
    expect(toE164('+44 20 7183 8750')).toBe('+442071838750');
  });

  it.each([['1234567890'], ['5555550101'], ['212555'], [''], ['not a number'], ['+1 212 555 01011']])(
    'refuses %j',
    (input) => {
      expect(toE164(input)).toBeNull();
    },
  );
});
