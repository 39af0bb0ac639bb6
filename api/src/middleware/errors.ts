import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { AppError, type ApiError, type ErrorDetail } from '@drivebay/shared';
import type { AppEnv } from '../types';

/** Zod issues as `{field, message}`, the field prefixed with where it came from (body, query, param). */
export function zodDetails(error: ZodError, target: string): ErrorDetail[] {
  return error.issues.map((issue) => ({
    field: [target, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
}

export function validationError(error: ZodError, target: string): AppError {
  const details = zodDetails(error, target);
  const fields = [...new Set(details.map((d) => d.field))].join(', ');
  return new AppError('VALIDATION_FAILED', `Invalid ${fields}`, details);
}

/** The one place errors become responses: always the wire shape, never a stack trace. */
export function onError(err: Error, c: Context<AppEnv>): Response {
  let appError: AppError;
  if (err instanceof AppError) {
    appError = err;
  } else if (err instanceof HTTPException && err.status === 400 && /json/i.test(err.message)) {
    appError = new AppError('MALFORMED_JSON', 'The request body is not valid JSON', [{ field: 'body', message: err.message }]);
  } else if (err instanceof HTTPException && err.status < 500) {
    appError = new AppError(err.status === 401 ? 'UNAUTHENTICATED' : err.status === 403 ? 'FORBIDDEN' : err.status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', err.message || 'Bad request');
  } else if (isDatabaseDown(err)) {
    c.var.logger?.error({ err }, 'database unavailable');
    appError = new AppError('DATABASE_UNAVAILABLE', 'The database is not answering. Try again shortly.');
  } else {
    c.var.logger?.error({ err }, 'unhandled error');
    appError = new AppError('INTERNAL', 'Something went wrong on our side. It has been logged.');
  }
  const body: ApiError = appError.toJSON();
  const retry = appError.code === 'TOO_MANY_ATTEMPTS' && /(\d+) seconds/.exec(appError.message);
  if (retry) c.header('Retry-After', retry[1]!);
  return c.json(body, appError.status as ContentfulStatusCode);
}

function isDatabaseDown(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === 'ECONNREFUSED' || code === 'CONNECTION_CLOSED' || code === 'CONNECTION_ENDED' || code === '57P01';
}

export function notFound(c: Context<AppEnv>): Response {
  const body: ApiError = { code: 'NOT_FOUND', message: `No route for ${c.req.method} ${c.req.path}`, details: [] };
  return c.json(body, 404);
}
