import { describe, expect, it } from 'vitest';
import { carrierKeyword, HELP_KEYWORDS, START_KEYWORDS, STOP_KEYWORDS } from './opt-out';

describe('carrierKeyword', () => {
  it.each([...STOP_KEYWORDS])('%s opts out', (k) => {
    expect(carrierKeyword(k)).toBe('STOP');
    expect(carrierKeyword(k.toLowerCase())).toBe('STOP');
  });

  it.each([...START_KEYWORDS])('%s opts back in', (k) => {
    expect(carrierKeyword(k)).toBe('START');
  });

  it.each([...HELP_KEYWORDS])('%s asks for help', (k) => {
    expect(carrierKeyword(k)).toBe('HELP');
  });

  it.each([['Stop'], ['  stop  '], ['STOP.'], ['Stop!!'], ['stop !'], ['Unsubscribe?'], ['\nQUIT\n'], ['cancel…']])(
    '%j is still STOP (case, spaces and trailing punctuation ignored)',
    (body) => {
      expect(carrierKeyword(body)).toBe('STOP');
    },
  );

  it.each([
    ["I'll stop by Tuesday"],
    ['stop by tuesday'],
    ['cancel my appointment'],
    ['Please stop'],
    ['STOP ALL'],
    ['stopped'],
    ['help me book'],
    ['yes'],
    ['Yes'],
    ['"stop"'],
    ['stop 🛑'],
    [''],
    ['   '],
    ['!!!'],
  ])('%j is an ordinary message', (body) => {
    expect(carrierKeyword(body)).toBeNull();
  });
});
