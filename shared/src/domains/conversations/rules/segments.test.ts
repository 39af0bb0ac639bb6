import { describe, expect, it } from 'vitest';
import { smsSegments } from './segments';

describe('smsSegments', () => {
  it('counts an empty text as no segment', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', segments: 0, characters: 0, perSegment: 160, remainingInSegment: 160 });
  });

  it('fits 160 GSM-7 characters in one segment', () => {
    expect(smsSegments('a')).toEqual({ encoding: 'GSM-7', segments: 1, characters: 1, perSegment: 160, remainingInSegment: 159 });
    expect(smsSegments('x'.repeat(160))).toEqual({ encoding: 'GSM-7', segments: 1, characters: 160, perSegment: 160, remainingInSegment: 0 });
  });

  it('splits at 161 into segments of 153', () => {
    expect(smsSegments('x'.repeat(161))).toEqual({ encoding: 'GSM-7', segments: 2, characters: 161, perSegment: 153, remainingInSegment: 145 });
    expect(smsSegments('x'.repeat(306))).toMatchObject({ segments: 2, remainingInSegment: 0 });
    expect(smsSegments('x'.repeat(307))).toMatchObject({ segments: 3, remainingInSegment: 152 });
  });

  it('counts GSM-7 extension characters twice', () => {
    expect(smsSegments('{}[]~^|\\€')).toMatchObject({ encoding: 'GSM-7', characters: 18 });
    expect(smsSegments('€'.repeat(80))).toMatchObject({ segments: 1, characters: 160, remainingInSegment: 0 });
    expect(smsSegments('€'.repeat(81))).toMatchObject({ segments: 2, characters: 162 });
  });

  it('keeps accented letters of the GSM alphabet in GSM-7', () => {
    expect(smsSegments('é à ñ ü Ä')).toMatchObject({ encoding: 'GSM-7', characters: 9 });
  });

  it('switches to UCS-2 for an emoji or a letter outside GSM-7', () => {
    expect(smsSegments('Hi 😀')).toEqual({ encoding: 'UCS-2', segments: 1, characters: 5, perSegment: 70, remainingInSegment: 65 });
    expect(smsSegments('ç')).toMatchObject({ encoding: 'UCS-2', characters: 1, remainingInSegment: 69 });
  });

  it('fits 70 UCS-2 units in one segment and splits into 67s', () => {
    expect(smsSegments('ç'.repeat(70))).toMatchObject({ segments: 1, perSegment: 70, remainingInSegment: 0 });
    expect(smsSegments('ç'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67, remainingInSegment: 63 });
  });

  it('never splits an emoji across segments', () => {
    const r = smsSegments(`${'a'.repeat(66)}😀`);
    expect(r).toMatchObject({ encoding: 'UCS-2', segments: 1, characters: 68 });
    expect(smsSegments(`${'a'.repeat(69)}😀`)).toMatchObject({ segments: 2, characters: 71 });
  });

  it('counts line breaks as characters', () => {
    expect(smsSegments('a\nb')).toMatchObject({ encoding: 'GSM-7', characters: 3 });
    expect(smsSegments('a\r\nb')).toMatchObject({ encoding: 'GSM-7', characters: 4 });
  });
});
