// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-client';
import { segmentSummary } from './segment-summary';
import { responseDateTime, sendFailureMessage } from './send-failure';

describe('sendFailureMessage', () => {
  it('shows the first item of errors first', () => {
    const error = new ApiRequestError('http', 400, { message: 'Bad', errors: ['First problem', 'Second'] });
    expect(sendFailureMessage(error)).toBe('First problem');
  });

  it('then the server message, e.g. the opted-out refusal', () => {
    const body = {
      code: 'CONFLICT',
      message: 'This customer has opted out of text messages',
      details: [{ field: 'body.id', message: 'This customer has opted out of text messages' }],
    };
    expect(sendFailureMessage(new ApiRequestError('http', 409, body))).toBe('This customer has opted out of text messages');
  });

  it('else Server Error!', () => {
    expect(sendFailureMessage(new ApiRequestError('network', null, null))).toBe('Server Error!');
    expect(sendFailureMessage(new ApiRequestError('http', 500, 'gateway text'))).toBe('Server Error!');
    expect(sendFailureMessage(new Error('boom'))).toBe('Server Error!');
  });
});

describe('responseDateTime', () => {
  it('is day-month-year and 24-hour time with zero seconds', () => {
    expect(responseDateTime({ year: 2024, month: 7, day: 3 }, { hour: 15, minute: 7 })).toBe('03-07-2024 15:07:00');
    expect(responseDateTime({ year: 2024, month: 12, day: 31 }, { hour: 0, minute: 5 })).toBe('31-12-2024 00:05:00');
  });
});

describe('segmentSummary', () => {
  it('counts GSM-7 and UCS-2 segments as the carrier bills them', () => {
    expect(segmentSummary('a'.repeat(42))).toBe('42 / 160 · 1 segment · GSM-7');
    expect(segmentSummary('a'.repeat(161))).toBe('161 / 153 · 2 segments · GSM-7');
    expect(segmentSummary('Olá 😀')).toMatch(/ \/ 70 · 1 segment · UCS-2$/);
    expect(segmentSummary('')).toBe('0 / 160 · 0 segments · GSM-7');
  });
});
