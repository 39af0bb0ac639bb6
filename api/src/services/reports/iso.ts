/** Dates of a row as ISO strings, the wire format of every report instant. */
export function isoDates<T extends Record<string, unknown>>(row: T): { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] } {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out as never;
}
