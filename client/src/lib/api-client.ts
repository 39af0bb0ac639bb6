import { PATHS, apiErrorShape, type ErrorCode, type ErrorDetail } from '@drivebay/shared';
import { UNAUTHORIZED_RELOAD_DELAY_MS } from '../config/constants';
import { replacePage } from './browser';
import { notify, type Notice } from './notices';
import { getAuthToken, getSession, signOutLocally } from './session/session-store';

/**
 * The one door to the HTTP API: adds the bearer token, parses JSON against a schema, and turns
 * failures into the specification's 'AI Message' notices (§8) in one place.
 */

/**
 * What parses a response: a zod schema, or one of the lighter checks the public pages use to stay
 * small (`userDataShape` and the like from @drivebay/shared).
 */
export type ResponseSchema<T> = {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
};

export type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /**
   * The response is parsed with it; a mismatch is a failure like any other.
   */
  schema: ResponseSchema<T>;
  signal?: AbortSignal;
  /** false when the caller shows the failure itself (a form, a list with its own warning). */
  notify?: boolean;
  /**
   * false when a 401 is an answer rather than an ended session: a wrong password on the login
   * call must show its error, not reload the page.
   */
  handleUnauthorized?: boolean;
  /**
   * A call the specification marks (ent): it names the enterprise the user works in with an
   * enterpriseId header (the selected one, else the user's own).
   */
  enterprise?: boolean;
};

type FailureKind = 'http' | 'network' | 'invalid-response';

export class ApiRequestError extends Error {
  readonly kind: FailureKind;
  /** Null when no response arrived at all. */
  readonly status: number | null;
  readonly body: unknown;
  readonly code: ErrorCode | null;
  readonly details: ErrorDetail[];
  /** The server's own explanation, when it sent one. */
  readonly serverMessage: string | null;

  constructor(kind: FailureKind, status: number | null, body: unknown) {
    const serverMessage = messageOf(body);
    super(serverMessage ?? (status === null ? 'Network request failed' : `Request failed with status ${status}`));
    this.name = 'ApiRequestError';
    this.kind = kind;
    this.status = status;
    this.body = body;
    const parsed = apiErrorShape.safeParse(body);
    this.code = parsed.success ? parsed.data.code : null;
    this.details = parsed.success ? parsed.data.details : [];
    this.serverMessage = serverMessage;
  }
}

export const UNEXPECTED_RESPONSE_MESSAGE = 'The server sent a response this screen cannot read.';

function messageOf(body: unknown): string | null {
  const parsed = apiErrorShape.safeParse(body);
  if (parsed.success) return parsed.data.message;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return null;
}

/** The first entry of a response's `errors` array as text, or null when there is none. */
export function firstErrorEntry(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('errors' in body) || !Array.isArray(body.errors)) return null;
  const first: unknown = body.errors[0];
  if (first === undefined || first === null) return null;
  if (typeof first === 'string') return first;
  if (typeof first === 'object' && 'message' in first && typeof first.message === 'string') return first.message;
  return JSON.stringify(first);
}

/**
 * The notice a failed call raises, per the error catalogue (§8), or null when the failure is
 * handled otherwise (a 401 ends the session instead).
 */
export function noticeForFailure(status: number | null, body: unknown): Notice | null {
  if (status === null) return { severity: 'error', message: '' };
  if (status === 401) return null;
  if (status === 502) return { severity: 'error', message: 'Request Timed out!' };
  const entry = firstErrorEntry(body);
  if (entry !== null) return { severity: 'error', message: entry };
  if (status === 500) return { severity: 'error', message: 'Inconsistent data in request. Please check data' };
  return { severity: 'error', message: messageOf(body) ?? `Request failed with status ${status}` };
}

let unauthorizedHandled = false;

/**
 * A 401 (or the sync server refusing the token) means the session is over: clear it, go to
 * /login, and load the app afresh 300 ms later (spec §8).
 */
export function endSessionAfterUnauthorized(): void {
  if (unauthorizedHandled) return;
  unauthorizedHandled = true;
  signOutLocally();
  setTimeout(() => {
    unauthorizedHandled = false;
    replacePage(PATHS.login);
  }, UNAUTHORIZED_RELOAD_DELAY_MS);
}

function buildUrl(path: string, query: ApiRequestOptions<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The enterprise the (ent) calls name: the one selected, else the signed-in user's own. */
export function workingEnterpriseId(): number | null {
  const { user, selection } = getSession();
  return selection.enterpriseId ?? user?.enterprise.id ?? null;
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  const { method = 'GET', query, body, schema, signal, notify: shouldNotify = true, handleUnauthorized = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const enterpriseId = options.enterprise ? workingEnterpriseId() : null;
  if (enterpriseId !== null) headers.enterpriseId = String(enterpriseId);
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    if (shouldNotify) notify({ severity: 'error', message: '' });
    throw new ApiRequestError('network', null, null);
  }

  const payload = await readBody(response);

  if (!response.ok) {
    if (response.status === 401 && handleUnauthorized) endSessionAfterUnauthorized();
    const notice = noticeForFailure(response.status, payload);
    if (shouldNotify && notice) notify(notice);
    throw new ApiRequestError('http', response.status, payload);
  }

  // A successful status may still carry an errors list; its first entry is shown (§8).
  const entry = firstErrorEntry(payload);
  if (shouldNotify && entry !== null) notify({ severity: 'error', message: entry });

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected response from ${method} ${path}`, parsed.error.issues);
    if (shouldNotify) notify({ severity: 'error', message: UNEXPECTED_RESPONSE_MESSAGE });
    throw new ApiRequestError('invalid-response', response.status, payload);
  }
  return parsed.data;
}

/**
 * The standard list failure (spec §8): the caller empties its list and a warning shows the
 * server's message or 'Server Error!'. A 401 is left to the session handling, an abort is silent.
 */
export function notifyListFailure(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (error instanceof ApiRequestError && error.status === 401) return;
  notify({ severity: 'warning', message: listFailureMessage(error) });
}

export function listFailureMessage(error: unknown): string {
  return (error instanceof ApiRequestError && error.serverMessage) || 'Server Error!';
}
