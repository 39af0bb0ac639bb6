import { createMiddleware } from 'hono/factory';
import { AppError } from '@drivebay/shared';
import { findSession } from '../services/auth/sessions';
import type { AppEnv } from '../types';

/** Reads `Authorization: Bearer <token>` (a bare token is accepted too, as older clients send it). */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  return (m ? m[1]! : header).trim() || null;
}

/** Every non-public route: 401 without a live session. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  const user = await findSession(c.var.sql, token);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Sign in again.');
  c.set('user', user);
  await next();
});
