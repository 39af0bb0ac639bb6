import { smsSegments } from '@drivebay/shared';

/** "42 / 160 · 1 segment · GSM-7": what the carrier will bill for the text. */
export function segmentSummary(text: string): string {
  const s = smsSegments(text);
  return `${s.characters} / ${s.perSegment} · ${s.segments} segment${s.segments === 1 ? '' : 's'} · ${s.encoding}`;
}
