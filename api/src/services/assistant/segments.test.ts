import { describe, expect, it } from 'vitest';
import { splitSegments } from './segments';

const texts = (reply: string) => splitSegments(reply).map((s) => s.text);

describe('splitSegments', () => {
  it.each([
    ['yes tuesday at 3', ['yes', 'tuesday at 3']],
    ['Thanks for the reminder! Yes please, wednesday at 11 would be great', ['Thanks for the reminder!', 'Yes please', 'wednesday at 11 would be great']],
    ['already booked thx', ['already booked', 'thx']],
    ['no thanks and dont text me anymore', ['no thanks', 'dont text me anymore']],
    ['yes but at the south store pls', ['yes', 'at the south store pls']],
    ['nah already got it done', ['nah', 'already got it done']],
    ['no, I live in California now', ['no', 'I live in California now']],
  ])('%j', (reply, expected) => {
    expect(texts(reply)).toEqual(expected);
  });

  it('keeps answers that are one phrase together', () => {
    for (const reply of ['Yes please', 'no thanks', 'no thank you', 'sure thing', 'claro que sí', 'no more texts', 'no Maria here', 'Great service last time', 'ya tengo cita', 'yes to the appt', 'pick up and drop off pls']) {
      expect(texts(reply), reply).toEqual([reply]);
    }
  });

  it('does not cut numbers, times or amounts', () => {
    expect(texts('its at 13,400 miles')).toEqual(['its at 13,400 miles']);
    expect(texts('wed 3/18 @ 9:15, is $39.95 still on?')).toEqual(['wed 3/18 @ 9:15', 'is $39.95 still on?']);
  });

  it('gives each piece its place in the reply', () => {
    const reply = '  Sure — Friday after 1. Thank you!';
    for (const s of splitSegments(reply)) expect(reply.slice(s.index, s.index + s.text.length)).toBe(s.text);
    expect(texts(reply)).toEqual(['Sure', 'Friday after 1.', 'Thank you!']);
  });

  it('keeps a reply of punctuation or emoji', () => {
    expect(texts('?')).toEqual(['?']);
    expect(texts('👍')).toEqual(['👍']);
  });
});
