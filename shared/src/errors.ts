import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

export { AppError, ERROR_CODES, ERROR_STATUS, type ErrorCode } from './error-codes';

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
