// The error codes, their statuses and the error business functions throw, without the schemas of
// errors.ts: the client's public pages read the codes and must not carry classic zod.
import type { ApiError, ErrorDetail } from './errors';

/** Every error the API returns carries one of these codes. */
export const ERROR_CODES = [
  'MALFORMED_JSON',
  'VALIDATION_FAILED',
  'INVALID_CREDENTIALS',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_ATTEMPTS',
  'INTERNAL',
  'DATABASE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status for each code; one table so server and client agree. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  MALFORMED_JSON: 400,
  VALIDATION_FAILED: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_ATTEMPTS: 429,
  INTERNAL: 500,
  DATABASE_UNAVAILABLE: 503,
};

/** Thrown by business functions; turned into the wire shape in one place. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[];
  constructor(code: ErrorCode, message: string, details: ErrorDetail[] = []) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
  toJSON(): ApiError {
    return { code: this.code, message: this.message, details: this.details };
  }
}
