import { dealRoomRoutes } from '../../routes/deal-room';
import { landingRoutes } from '../../routes/landing';
import { leadFormRoutes } from '../../routes/lead-forms';
import { mailingListRoutes } from '../../routes/mailing-lists';
import { templateRoutes } from '../../routes/templates';
import type { App } from '../../app';
import { startConversationHarness, type ConversationHarness, type ConversationHarnessOptions } from '../../testing/conversation-harness';

/**
 * The conversation harness (real app, seeded database, outbox to the simulated carrier) with the
 * customer-facing entry points mounted: lead forms, deal room, landing pages, templates and
 * mailing lists. Each module is added only when the app does not mount it already, so the same
 * tests run before and after createApp takes them in.
 */
export async function startEntryPointsHarness(opts: ConversationHarnessOptions = {}): Promise<ConversationHarness> {
  const h = await startConversationHarness(opts);
  const has = (method: string, path: string) => h.app.routes.some((r) => r.method === method && r.path === path);
  const app = h.app as unknown as { route: (path: string, sub: unknown) => App };
  if (!has('POST', '/api/lisa/appointment')) app.route('/', leadFormRoutes(h.deps));
  if (!has('GET', '/servicedealroom/conversationHistory')) app.route('/', dealRoomRoutes(h.deps));
  if (!has('POST', '/api/landing/links')) app.route('/', landingRoutes({ notifier: h.deps.notifier, publicUrl: h.baseUrl }));
  if (!has('POST', '/api/customTemplate')) app.route('/', templateRoutes);
  if (!has('POST', '/mailinglist')) app.route('/', mailingListRoutes);
  return h;
}

/** The demo store 1 (Metro Toyota of Brooklyn) assistant's texting number. */
export const STORE_1_ASSISTANT = '+17185550101';
