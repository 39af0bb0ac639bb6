import { describe, expect, it } from 'vitest';
import { formatResponseTime, responseTimeBadge } from './response-time';

describe('formatResponseTime', () => {
  it.each([
    [0, '0 sec'],
    [1, '1 sec'],
    [45, '45 sec'],
    [45.4, '45 sec'],
    [59, '59 sec'],
    [59.4, '59 sec'],
    [59.6, '1.0 min'],
    [60, '1.0 min'],
    [90, '1.5 min'],
    [150, '2.5 min'],
    [3_596, '59.9 min'],
    [3_598, '1.0 hr'],
    [3_600, '1.0 hr'],
    [4_320, '1.2 hrs'],
    [7_200, '2.0 hrs'],
    [86_219, '23.9 hrs'],
    [86_220, '1.0 day'],
    [86_400, '1.0 day'],
    [267_840, '3.1 days'],
    [3_456_000, '40.0 days'],
  ])('%d seconds read %j', (seconds, text) => {
    expect(formatResponseTime(seconds)).toBe(text);
  });

  it('reads negative times as zero and gives nothing for non-numbers', () => {
    expect(formatResponseTime(-30)).toBe('0 sec');
    expect(formatResponseTime(Number.NaN)).toBe('');
    expect(formatResponseTime(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('responseTimeBadge', () => {
  it.each([
    [0, 'RT: 0s'],
    [7, 'RT: 7s'],
    [59.9, 'RT: 59s'],
    [60, 'RT: 1m 0s'],
    [125, 'RT: 2m 5s'],
    [3_599, 'RT: 59m 59s'],
    [3_600, 'RT: 1h 0m'],
    [3_661, 'RT: 1h 1m'],
    [86_399, 'RT: 23h 59m'],
    [86_400, 'RT: 1d 0h'],
    [90_061, 'RT: 1d 1h'],
    [30 * 86_400 + 5 * 3_600, 'RT: 30d 5h'],
  ])('%d seconds read %j', (seconds, text) => {
    expect(responseTimeBadge(seconds)).toBe(text);
  });

  it('reads negative times as zero and gives nothing for non-numbers', () => {
    expect(responseTimeBadge(-5)).toBe('RT: 0s');
    expect(responseTimeBadge(Number.NaN)).toBe('');
  });
});
