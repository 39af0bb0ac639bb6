// @vitest-environment happy-dom
import { Suspense, act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserData } from '@drivebay/shared';
import { signIn, signOutLocally } from '../lib/session/session-store';
import { userData } from '../test/user-data';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { RouteErrorBoundary } from './routes/error-pages';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let container: HTMLElement;
let signedInAs: UserData | null;

/** The server, at the network boundary: the current user, empty org lists, a login that succeeds. */
function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.startsWith('/user/me')) return json(signedInAs);
      if (url.startsWith('/user/v2/login')) {
        signedInAs = userData({ roles: ['SUPER_ADMIN'], empLevel: 'SUPER' });
        return json(signedInAs);
      }
      if (url.startsWith('/user/logout')) return json({ message: 'Logged out' });
      return json([]);
    }),
  );
}

/** The address the router is at, as the app's own components see it. */
type Probe = { location: Location | null };

function LocationProbe({ probe }: { probe: Probe }) {
  probe.location = useLocation();
  return null;
}

async function open(path: string, state?: unknown) {
  const probe: Probe = { location: null };
  const entry = { pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state };
  await act(async () => {
    root = createRoot(container);
    root.render(
      <AppProviders>
        <MemoryRouter initialEntries={[entry]}>
          <LocationProbe probe={probe} />
          <Suspense fallback={null}>
            <AppRoutes />
          </Suspense>
        </MemoryRouter>
      </AppProviders>,
    );
  });
  return probe;
}

/** Lets time pass inside act (lazy screens arrive, requests answer) until `check` holds. */
async function until(check: () => boolean, timeoutMs = 10_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

const where = (probe: Probe) => (probe.location ? probe.location.pathname + probe.location.search : '');

function login(user: UserData) {
  signedInAs = user;
  signIn(user);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  signOutLocally();
  signedInAs = null;
  container = document.createElement('div');
  document.body.append(container);
  stubServer();
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  container.remove();
  vi.unstubAllGlobals();
});

describe('logged out', () => {
  it.each(['/layout', '/register', '/404', '/500', '/login'])('%s is reachable', async (path) => {
    const router = await open(path);
    expect(where(router)).toBe(path);
  });

  it.each(['/leadmanager', '/CompanyMasterList', '/', '/anything/else'])('%s redirects to /login', async (path) => {
    const router = await open(path);
    expect(where(router)).toBe('/login');
    // The login screen is a chunk of its own and arrives once loaded.
    await until(() => container.querySelector('input[name="username"]') !== null);
  });
});

describe('logged in', () => {
  it('/login and / go to the home of the first role', async () => {
    login(userData({ roles: ['SUPER_ADMIN', 'OFFICE_MANAGER'], empLevel: 'SUPER' }));
    expect(where(await open('/login'))).toBe('/CompanyMasterList');
    await act(async () => root?.unmount());
    login(userData({ roles: ['ENTERPRISE_ADMIN'], empLevel: 'ENTERPRISE', tenant: null }));
    expect(where(await open('/'))).toBe('/CompanyMasterList?enterprise=1');
  });

  it('an unknown path shows the /404 page', async () => {
    login(userData());
    const router = await open('/no/such/page');
    expect(where(router)).toBe('/404');
    expect(container.textContent).toContain('Page not found');
  });

  it('a deal-room link opens the /leadmanager deal-room page', async () => {
    login(userData());
    const router = await open('/servicepage?servicepage=1&future_service_interaction_id=42&custno=9');
    expect(where(router)).toBe('/leadmanager?servicepage=1&future_service_interaction_id=42&custno=9');
  });

  it('the main layout shows inside the guard', { timeout: 60_000 }, async () => {
    login(userData());
    await open('/leadmanager');
    // The whole signed-in layout is transformed on first use here, which takes a while on a busy machine.
    await until(() => container.textContent?.includes('Choose a store') ?? false, 40_000);
    expect(container.querySelector('[data-testid="main-layout"]')).not.toBeNull();
    expect(container.querySelector('[aria-label="Account"]')).not.toBeNull();
  });
});

describe('signing in', () => {
  function type(name: string, value: string) {
    const input = container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    if (!input) throw new Error(`no ${name} field`);
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }

  it('a deal-room link opened while logged out is resumed after the login', async () => {
    const router = await open('/leadmanager?servicepage=1&future_service_interaction_id=42');
    expect(where(router)).toBe('/login');
    await act(async () => {
      type('username', 'super_admin');
      type('password', 'demo');
    });
    await act(async () => {
      container.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
    });
    await until(() => where(router) === '/leadmanager?servicepage=1&future_service_interaction_id=42');
  });

  it('empty fields show required errors without calling the server', async () => {
    await open('/login');
    await act(async () => {
      container.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
    });
    expect(container.textContent).toContain('Username is required');
    expect(container.textContent).toContain('Password is required');
    expect(fetch).not.toHaveBeenCalledWith('/user/v2/login', expect.anything());
  });
});

describe('a screen that fails', () => {
  function Broken(): never {
    throw new Error('render failed');
  }

  it('shows the 500 page, and the next address shows its own screen again', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const render = (key: string, broken: boolean) =>
      root?.render(
        <AppProviders>
          <RouteErrorBoundary resetKey={key}>{broken ? <Broken /> : <p>Screen {key}</p>}</RouteErrorBoundary>
        </AppProviders>,
      );
    await act(async () => {
      root = createRoot(container);
      render('/a', true);
    });
    expect(container.textContent).toContain('Something went wrong');
    await act(async () => render('/a', false));
    expect(container.textContent).toContain('Something went wrong');
    await act(async () => render('/b', false));
    expect(container.textContent).toContain('Screen /b');
    quiet.mockRestore();
  });
});
