import { z } from 'zod';

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

/** One problem with one field of a request; `field` is a dotted path such as `body.username`. */
export const errorDetailSchema = z.object({ field: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** The one error shape every route returns. */
export const apiErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.array(errorDetailSchema),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

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
