import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../types';

/** One structured line per request, carrying the request id that is also sent back as X-Request-Id. */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now();
  await next();
  const user = c.get('user');
  c.get('logger').info(
    {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      userId: user?.userId,
    },
    'request',
  );
});
