/**
 * The date formats of spec §9 on the wire: searches send DD.MM.YYYY, the swimlane bridge sends
 * YYYY-MM-DD. Both name a calendar day (in the store's office zone), never an instant, so they are
 * converted as strings and never through a Date (which would shift them by the reader's zone).
 */
import { z } from 'zod';

const SEARCH_DATE = /^(\d{2})\.(\d{2})\.(\d{4})$/;
const BRIDGE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function realDay(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** Whether `value` is a real day written DD.MM.YYYY. */
export function isSearchDate(value: string): boolean {
  const m = SEARCH_DATE.exec(value);
  return !!m && realDay(Number(m[3]), Number(m[2]), Number(m[1]));
}

/** Whether `value` is a real day written YYYY-MM-DD. */
export function isBridgeDate(value: string): boolean {
  const m = BRIDGE_DATE.exec(value);
  return !!m && realDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** A day as searches send it (spec §9: DD.MM.YYYY). */
export const searchDateSchema = z.string().refine(isSearchDate, 'must be a date written DD.MM.YYYY');
/** A day as the swimlane bridge sends it (spec §9: YYYY-MM-DD). */
export const bridgeDateSchema = z.string().refine(isBridgeDate, 'must be a date written YYYY-MM-DD');

/** '21.11.2026' → '2026-11-21'. Throws on anything but a real DD.MM.YYYY day. */
export function searchDateToIso(value: string): string {
  if (!isSearchDate(value)) throw new RangeError(`not a DD.MM.YYYY date: ${JSON.stringify(value)}`);
  const [, d, m, y] = SEARCH_DATE.exec(value)!;
  return `${y}-${m}-${d}`;
}

/** '2026-11-21' → '21.11.2026'. Throws on anything but a real YYYY-MM-DD day. */
export function isoToSearchDate(value: string): string {
  if (!isBridgeDate(value)) throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(value)}`);
  const [, y, m, d] = BRIDGE_DATE.exec(value)!;
  return `${d}.${m}.${y}`;
}

/** The day after a YYYY-MM-DD day, as YYYY-MM-DD (the closed-RO search's end date plus one, §5). */
export function nextIsoDay(value: string): string {
  if (!isBridgeDate(value)) throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(value)}`);
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
