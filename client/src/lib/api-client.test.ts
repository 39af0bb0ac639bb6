// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { userData } from '../test/user-data';
import { ApiRequestError, apiRequest, noticeForFailure, notifyListFailure } from './api-client';
import { replacePage } from './browser';
import { subscribeNotices, type Notice } from './notices';
import { getSession, setSelection, signIn } from './session/session-store';

vi.mock('./browser', () => ({ replacePage: vi.fn(), reloadPage: vi.fn(), clearLocalDatabases: vi.fn() }));

const anything = z.unknown();
let notices: Notice[];
let unsubscribe: () => void;
let fetchMock: ReturnType<typeof vi.fn>;

function respond(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

async function failure(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  notices = [];
  unsubscribe = subscribeNotices((n) => notices.push(n));
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  unsubscribe();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.mocked(replacePage).mockReset();
});

describe('apiRequest', () => {
  it('sends the stored token as a bearer header and parses the body with the schema', async () => {
    signIn(userData({ authToken: 'abc' }));
    respond(200, { status: 'ok', database: 'up' });
    const result = await apiRequest('/api/health', {
      schema: z.object({ status: z.literal('ok') }),
      query: { a: 1, skipped: null },
    });
    expect(result).toEqual({ status: 'ok' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/health?a=1');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
    expect(notices).toEqual([]);
  });

  it('an (ent) call names the selected enterprise in an enterpriseId header, else the user’s own', async () => {
    signIn(userData({ enterprise: { id: 3, name: 'Own' } }));
    respond(200, {});
    await apiRequest('/api/store/brand-timezone', { schema: anything, enterprise: true });
    expect((fetchMock.mock.calls[0]![1] as RequestInit).headers).toMatchObject({ enterpriseId: '3' });
    setSelection({ enterpriseId: 9, bocId: null, storeId: null });
    respond(200, {});
    await apiRequest('/api/store/brand-timezone', { schema: anything, enterprise: true });
    expect((fetchMock.mock.calls[1]![1] as RequestInit).headers).toMatchObject({ enterpriseId: '9' });
    respond(200, {});
    await apiRequest('/api/health', { schema: anything });
    expect((fetchMock.mock.calls[2]![1] as RequestInit).headers).not.toHaveProperty('enterpriseId');
  });

  it('502 is "Request Timed out!"', async () => {
    respond(502, { message: 'bad gateway' });
    const error = await failure(apiRequest('/x', { schema: anything }));
    expect(error.status).toBe(502);
    expect(notices).toEqual([{ severity: 'error', message: 'Request Timed out!' }]);
  });

  it('500 is "Inconsistent data in request. Please check data"', async () => {
    respond(500, { code: 'INTERNAL', message: 'Internal error', details: [] });
    await failure(apiRequest('/x', { schema: anything }));
    expect(notices).toEqual([{ severity: 'error', message: 'Inconsistent data in request. Please check data' }]);
  });

  it('a non-empty errors array shows its first entry, before the status rules', async () => {
    respond(500, { errors: ['Store is closed', 'second'] });
    await failure(apiRequest('/x', { schema: anything }));
    expect(notices).toEqual([{ severity: 'error', message: 'Store is closed' }]);
  });

  it('a successful response carrying errors still shows the first one', async () => {
    respond(200, { ok: true, errors: [{ message: 'Partly saved' }] });
    await apiRequest('/x', { schema: anything });
    expect(notices).toEqual([{ severity: 'error', message: 'Partly saved' }]);
  });

  it('other statuses show the server message of the error shape', async () => {
    respond(403, { code: 'FORBIDDEN', message: 'This store is outside your scope', details: [] });
    const error = await failure(apiRequest('/x', { schema: anything }));
    expect(error.code).toBe('FORBIDDEN');
    expect(error.serverMessage).toBe('This store is outside your scope');
    expect(notices).toEqual([{ severity: 'error', message: 'This store is outside your scope' }]);
  });

  it('no status at all (network failure) is a blank notice', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(apiRequest('/x', { schema: anything }));
    expect(error.status).toBeNull();
    expect(notices).toEqual([{ severity: 'error', message: '' }]);
  });

  it('an aborted request is rethrown without a notice', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await expect(apiRequest('/x', { schema: anything })).rejects.toMatchObject({ name: 'AbortError' });
    expect(notices).toEqual([]);
  });

  it('callers can opt out of the notice', async () => {
    respond(500, {});
    await failure(apiRequest('/x', { schema: anything, notify: false }));
    expect(notices).toEqual([]);
  });

  it('a response that does not match the schema is a failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    respond(200, { status: 'maybe' });
    const error = await failure(apiRequest('/x', { schema: z.object({ status: z.literal('ok') }) }));
    expect(error.kind).toBe('invalid-response');
    expect(notices).toHaveLength(1);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('401 clears local storage, leaves the session and reloads /login after 300 ms', async () => {
    vi.useFakeTimers();
    signIn(userData());
    localStorage.setItem('selectedStoreId', '12');
    respond(401, { code: 'UNAUTHENTICATED', message: 'Session expired', details: [] });
    await failure(apiRequest('/x', { schema: anything }));
    expect(localStorage.length).toBe(0);
    expect(getSession().user).toBeNull();
    expect(notices).toEqual([]);
    expect(replacePage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(299);
    expect(replacePage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(replacePage).toHaveBeenCalledWith('/login');
  });

  it('a 401 of the login call is only an answer: nothing is cleared or reloaded', async () => {
    vi.useFakeTimers();
    localStorage.setItem('customSearchV2', 'true');
    respond(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid username or password', details: [] });
    const error = await failure(
      apiRequest('/user/v2/login', { method: 'POST', body: {}, schema: anything, notify: false, handleUnauthorized: false }),
    );
    expect(error.serverMessage).toBe('Invalid username or password');
    expect(localStorage.getItem('customSearchV2')).toBe('true');
    vi.runAllTimers();
    expect(replacePage).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
  });
});

describe('noticeForFailure', () => {
  it('falls back to the status when the body says nothing', () => {
    expect(noticeForFailure(404, 'Not Found')).toEqual({ severity: 'error', message: 'Request failed with status 404' });
  });
  it('reads a plain message field too', () => {
    expect(noticeForFailure(409, { message: 'Already exists' })).toEqual({ severity: 'error', message: 'Already exists' });
  });
});

describe('notifyListFailure', () => {
  it('warns with the server message or "Server Error!"', () => {
    notifyListFailure(new ApiRequestError('http', 403, { code: 'FORBIDDEN', message: 'Not your store', details: [] }));
    notifyListFailure(new ApiRequestError('http', 500, null));
    notifyListFailure(new ApiRequestError('network', null, null));
    expect(notices).toEqual([
      { severity: 'warning', message: 'Not your store' },
      { severity: 'warning', message: 'Server Error!' },
      { severity: 'warning', message: 'Server Error!' },
    ]);
  });
  it('stays quiet for a 401, which ends the session instead', () => {
    notifyListFailure(new ApiRequestError('http', 401, null));
    expect(notices).toEqual([]);
  });
});
