import type { UserData } from '@drivebay/shared';
import {
  EMPTY_SELECTION,
  STORAGE_KEYS,
  readSelection,
  readUserData,
  writeSelection,
  writeUserData,
  type Selection,
} from './storage';

/**
 * The signed-in user and their working selection, mirrored from browser storage. It lives outside
 * React so the API client can read the token and end the session on a 401; components subscribe
 * through `useSession`.
 */
export type SessionState = {
  user: UserData | null;
  selection: Selection;
};

type Listener = () => void;

const listeners = new Set<Listener>();

function load(): SessionState {
  const user = readUserData();
  return { user, selection: user ? readSelection() : EMPTY_SELECTION };
}

let state: SessionState = load();

function set(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getAuthToken(): string | null {
  return state.user?.authToken ?? null;
}

/** The token of a session started on this page (its user data came from the login itself). */
let signedInHere: string | null = null;

/** Whether `authToken` belongs to a session this page started, rather than one found stored. */
export function isSessionFromThisPage(authToken: string): boolean {
  return signedInHere === authToken;
}

/** Starts a session. The selection starts empty so a new login never inherits another scope's store. */
export function signIn(user: UserData): void {
  signedInHere = user.authToken;
  writeUserData(user);
  writeSelection(EMPTY_SELECTION);
  set({ user, selection: EMPTY_SELECTION });
}

/** Replaces the stored user data (e.g. with the server's current copy) keeping the selection. */
export function updateUser(user: UserData): void {
  writeUserData(user);
  set({ ...state, user });
}

/** Ends the session in this browser: local storage is cleared, as the specification asks (§4, §8). */
export function signOutLocally(): void {
  localStorage.clear();
  set({ user: null, selection: EMPTY_SELECTION });
}

export function setSelection(selection: Selection): void {
  writeSelection(selection);
  set({ ...state, selection });
}

// Another tab signing in or out shows up here too. A store chosen in another tab is left alone:
// two tabs may work two stores side by side.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== localStorage) return;
    if (event.key !== null && event.key !== STORAGE_KEYS.userData) return;
    const user = readUserData();
    if (!user) set({ user: null, selection: EMPTY_SELECTION });
    else if (user.userMasterId === state.user?.userMasterId) set({ ...state, user });
    else set({ user, selection: readSelection() });
  });
}
