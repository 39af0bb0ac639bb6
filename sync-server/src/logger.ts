/**
 * The logging surface the sync server needs. It is the calling shape pino uses
 * (`logger.info(fields, message)`), so the API can hand over its own logger when it embeds the
 * sync server; run alone, the console logger below is used.
 */
export type LogFn = (fields: Record<string, unknown>, message: string) => void;
export type Logger = { debug: LogFn; info: LogFn; warn: LogFn; error: LogFn };

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function serialise(fields: Record<string, unknown>): string {
  const plain = Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v]),
  );
  return Object.keys(plain).length ? ` ${JSON.stringify(plain)}` : '';
}

/** One line per event on the console, dropping events below `level`. */
export function createConsoleLogger(level: LogLevel = 'info'): Logger {
  const at = (name: Exclude<LogLevel, 'silent'>, write: (line: string) => void): LogFn =>
    RANK[name] < RANK[level]
      ? () => {}
      : (fields, message) => write(`${new Date().toISOString()} ${name} sync: ${message}${serialise(fields)}`);
  return {
    debug: at('debug', (line) => console.info(line)),
    info: at('info', (line) => console.info(line)),
    warn: at('warn', (line) => console.warn(line)),
    error: at('error', (line) => console.error(line)),
  };
}
