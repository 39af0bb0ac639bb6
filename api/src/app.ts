import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { swaggerUI } from '@hono/swagger-ui';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { bodyLimit } from 'hono/body-limit';
import { serveStatic } from '@hono/node-server/serve-static';
import { AppError } from '@drivebay/shared';
import type { Sql } from './db/database';
import type { Logger } from './lib/logger';
import { notFound, onError, validationError } from './middleware/errors';
import { requestLog } from './middleware/request-log';
import { cleanInput } from './middleware/clean-input';
import { clientAddress, TRUST_NO_PROXY, type ProxyTrust } from './middleware/client-address';
import { appointmentRoutes } from './routes/appointments';
import { assistantRoutes } from './routes/assistant';
import { assistantControlRoutes } from './routes/assistant-controls';
import { boardRoutes } from './routes/boards';
import { conversationRoutes } from './routes/conversations';
import { customerRoutes } from './routes/customers';
import { draftRoutes } from './routes/drafts';
import { simulatorRoutes } from './routes/simulator';
import { WEBHOOK_PREFIX, webhookRoutes } from './routes/webhooks';
import type { ConversationDeps } from './services/conversations/deps';
import type { InboxNotifier } from './services/conversations/notifier';
import { authRoutes } from './routes/auth';
import { healthRoutes } from './routes/health';
import { leadRoutes } from './routes/leads';
import { orgRoutes } from './routes/org';
import { adminRoutes } from './routes/admin';
import { accountRoutes } from './routes/admin-account';
import { telephonyRoutes } from './routes/telephony';
import { assistantConfigRoutes } from './routes/admin-assistant';
import { simulatorNumberRoutes } from './routes/simulator-numbers';
import { dealRoomRoutes } from './routes/deal-room';
import { landingRoutes } from './routes/landing';
import { leadFormRoutes } from './routes/lead-forms';
import { mailingListRoutes } from './routes/mailing-lists';
import { templateRoutes } from './routes/templates';
import { plannerRoutes } from './routes/planners';
import type { PlannerRunner } from './services/planners/run-planner';
import { inProcessPlannerRunner } from './services/planners/runner';
import { dataSyncRoutes } from './routes/data-sync';
import { dataSyncImportRoutes } from './routes/data-sync-imports';
import { dataSyncDmsRoutes } from './routes/data-sync-dms';
import { leadListRoutes } from './routes/lead-lists';
import { leadActionRoutes } from './routes/lead-actions';
import { workflowRoutes } from './routes/workflow';
import type { JobSystem } from './jobs/job-system';
import { reportRoutes } from './routes/reports';
import type { AppEnv } from './types';

export type AppOptions = {
  sql: Sql;
  logger: Logger;
  /** Folder of the built client to serve, with index.html as the fallback for app routes. */
  clientDir?: string | undefined;
  /** Messaging: carriers, the inbox notifier and the outbox; absent in tests that need none. */
  conversations?: ConversationDeps | undefined;
  /**
   * Told of committed changes the inbox and the board show (appointments, landing-page answers);
   * the messaging deps' notifier when not given.
   */
  notifier?: InboxNotifier | undefined;
  /** LINK_SECRET: signs the public pages' links; when absent one is kept in the database. */
  linkSecret?: string | undefined;
  /** Which peers may name the client in X-Forwarded-For (TRUSTED_PROXIES); nobody by default. */
  proxyTrust?: ProxyTrust | undefined;
  /** Works planner transfer runs (as jobs); without one they run in this process. */
  planners?: PlannerRunner | undefined;
  /** DATA_ENCRYPTION_KEY: encrypts data-source credentials; when absent one is kept in the database. */
  dataEncryptionKey?: string | undefined;
  /** Queues work for the job workers (bulk starts, automated runs); without one a bulk start runs in the request. */
  jobs?: Pick<JobSystem, 'send'> | undefined;
};

/** Paths that belong to the server; everything else under GET is the client app. */
const SERVER_PREFIXES = ['/api/', '/user/', '/aiva/', '/twilio/', '/bandwidth/', '/collab', '/leadmanager/get', '/bridge/', '/assistant/', '/servicedealroom/', '/templateCustom', '/template/', '/templateDynamicParts/'];
/** Addresses that are both API calls and app pages: a browser's page load (HTML wanted, no token) gets the app. */
const SHARED_PAGE_PATHS = ['/mailinglist', '/mailinglist/details'];
/** Uploads of spreadsheets and manufacturer files, streamed by their routes. */
const FILE_UPLOAD_PATHS = ['/api/data-sync/import'];
const isFileUpload = (path: string, type: string | undefined) => FILE_UPLOAD_PATHS.some((p) => path.startsWith(p)) && /^multipart\/form-data/i.test(type ?? '');
const isServerPath = (path: string) => SERVER_PREFIXES.some((p) => path.startsWith(p));
/** The largest request body taken, file uploads apart. */
const MAX_REQUEST_BYTES = 1024 * 1024;
/** Files a browser must re-check on every load, so a new version (and its worker) is found. */
const NO_CACHE_FILES = new Set(['/sw.js', '/index.html', '/manifest.webmanifest']);

export function createApp({ sql, logger, clientDir, conversations, linkSecret, proxyTrust = TRUST_NO_PROXY, notifier = conversations?.notifier, planners, dataEncryptionKey, jobs }: AppOptions) {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error, result.target === 'json' ? 'body' : result.target);
    },
  });

  app.use('*', requestId({ headerName: 'X-Request-Id' }));
  app.use('*', async (c, next) => {
    c.set('sql', sql);
    c.set('logger', logger);
    await next();
  });
  app.use('*', clientAddress(proxyTrust));
  app.use('*', requestLog);
  // Browser directives (framing, referrers, HSTS, sniffing) go on what browsers load. A carrier's
  // callback is answered to the carrier's server, which reads none of them, and a customer's text is
  // the most frequent request there is: its answer goes without the eleven headers.
  const browserHeaders = secureHeaders({ crossOriginEmbedderPolicy: false, contentSecurityPolicy: undefined });
  app.use('*', (c, next) => (c.req.path.startsWith(WEBHOOK_PREFIX) ? next() : browserHeaders(c, next)));
  const tooLarge = (c: Context<AppEnv>): never => {
    // The unread rest of the body would be taken for the next request on this connection:
    // close it after the answer so the client opens a fresh one.
    c.header('Connection', 'close');
    throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MB', [{ field: 'body', message: 'too large' }]);
  };
  const requestLimit = bodyLimit({ maxSize: MAX_REQUEST_BYTES, onError: tooLarge });
  app.use('*', (c, next) => {
    // File uploads are streamed and limited by their own routes (MAX_IMPORT_BYTES).
    if (isFileUpload(c.req.path, c.req.header('content-type'))) return next();
    // A streamed (chunked) body is counted as it is read.
    if (c.req.header('transfer-encoding') !== undefined) return requestLimit(c, next);
    // Otherwise the declared length is the body's (Node refuses a body longer than it declares)
    // and no length means no body. Reading the header alone leaves the body to the routes' own
    // reads straight from the socket: asking for the request's body stream here built a second,
    // Fetch-style copy of every request (on a carrier's webhook, the most frequent request).
    const length = c.req.header('content-length');
    return length !== undefined && Number.parseInt(length, 10) > MAX_REQUEST_BYTES ? tooLarge(c) : next();
  });
  app.use('*', cleanInput([WEBHOOK_PREFIX]));

  // The built app's page, read once; it answers every address the client routes itself.
  const indexHtml = clientDir && existsSync(join(clientDir, 'index.html')) ? readFileSync(join(clientDir, 'index.html'), 'utf8') : null;
  const sendApp = (c: Context<AppEnv>) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml!);
  };
  if (indexHtml) {
    // Registered API routes win over the fallback below, so shared addresses are decided first.
    app.use('*', async (c, next) => {
      const pageLoad = c.req.method === 'GET' && !c.req.header('authorization') && (c.req.header('accept') ?? '').includes('text/html');
      return pageLoad && SHARED_PAGE_PATHS.includes(c.req.path) ? sendApp(c) : next();
    });
  }

  app.route('/', healthRoutes);
  app.route('/', authRoutes);
  app.route('/', orgRoutes);
  app.route('/', adminRoutes({ mail: conversations?.mail, publicUrl: conversations?.publicUrl }));
  app.route('/', assistantConfigRoutes);
  app.route('/', accountRoutes({ mail: conversations?.mail, publicUrl: conversations?.publicUrl }));
  app.route('/', leadRoutes);
  app.route('/', assistantRoutes);
  app.route('/', templateRoutes);
  app.route('/', mailingListRoutes);
  app.route('/', landingRoutes({ notifier, publicUrl: conversations?.publicUrl, linkSecret }));
  app.route('/', boardRoutes);
  app.route('/', appointmentRoutes({ notifier, outbox: conversations?.outbox }));
  app.route('/', draftRoutes);
  app.route('/', plannerRoutes(planners ?? inProcessPlannerRunner({ sql, logger, notifier: notifier ?? { interactionsChanged: () => {} }, outbox: conversations?.outbox })));
  app.route('/', dataSyncRoutes({ encryptionKey: dataEncryptionKey }));
  app.route('/', dataSyncImportRoutes);
  app.route('/', dataSyncDmsRoutes);
  app.route('/', customerRoutes);
  app.route('/', reportRoutes);
  if (conversations) {
    app.route('/', conversationRoutes(conversations));
    app.route('/', webhookRoutes(conversations));
    app.route('/', simulatorRoutes(conversations));
    app.route('/', simulatorNumberRoutes(conversations));
    app.route('/', telephonyRoutes(conversations));
    app.route('/', leadFormRoutes(conversations));
    app.route('/', dealRoomRoutes({ ...conversations, linkSecret }));
    app.route('/', assistantControlRoutes(conversations));
    app.route('/', leadListRoutes(conversations));
    app.route('/', leadActionRoutes(conversations));
    app.route('/', workflowRoutes({ ...conversations, jobs }));
  }

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer' });
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Drivebay API',
      version: '1',
      description: 'Every error has the shape {code, message, details: [{field, message}]}.',
    },
  });
  app.get('/api/docs', swaggerUI({ url: '/api/openapi.json', title: 'Drivebay API' }));

  if (clientDir && indexHtml) {
    app.use('*', async (c, next) => {
      if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || isServerPath(c.req.path)) return next();
      // Built assets carry a content hash in their names, so they never change under one address.
      if (NO_CACHE_FILES.has(c.req.path)) c.header('Cache-Control', 'no-cache');
      else if (c.req.path.startsWith('/assets/')) c.header('Cache-Control', 'public, max-age=31536000, immutable');
      // Compressed copies only of the hashed assets: the files re-checked on every load are small
      // and must never be served from a copy older than themselves.
      return serveStatic({ root: clientDir, precompressed: !NO_CACHE_FILES.has(c.req.path) })(c, next);
    });
    // Client-side routes: any other page address gets the app, which routes it (or shows /404).
    app.get('*', async (c, next) => {
      if (isServerPath(c.req.path) || !(c.req.header('accept') ?? '').includes('text/html')) return next();
      return sendApp(c);
    });
  }

  app.notFound(notFound);
  app.onError(onError);
  return app;
}

export type App = ReturnType<typeof createApp>;
