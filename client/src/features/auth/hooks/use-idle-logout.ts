import { useEffect } from 'react';
import { IDLE_RELOAD_DELAY_MS, IDLE_TIMEOUT_MS } from '../../../config/constants';
import { runBeforeIdleSignOut } from '../../../lib/before-idle-sign-out';
import { clearLocalDatabases, reloadPage } from '../../../lib/browser';
import { STORAGE_KEYS } from '../../../lib/session/storage';
import { signOutLocally } from '../../../lib/session/session-store';
import { endServerSession } from '../api';

const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'pointerdown', 'scroll', 'touchstart'] as const;

/** Activity is shared with other tabs at most this often; mousemove fires far more. */
const SHARE_INTERVAL_MS = 15_000;

function sharedLastActivity(): number {
  const value = Number(localStorage.getItem(STORAGE_KEYS.lastActivityAt));
  return Number.isFinite(value) ? value : 0;
}

/**
 * The idle clear-down (spec §4): report unread responses back, end the server session, clear local storage and every local
 * database, then reload so nothing of the session stays in memory.
 */
async function expireIdleSession(): Promise<void> {
  await runBeforeIdleSignOut();
  await endServerSession();
  signOutLocally();
  await clearLocalDatabases();
  setTimeout(reloadPage, IDLE_RELOAD_DELAY_MS);
}

/**
 * Ends the session after IDLE_TIMEOUT_MS without mouse, keyboard, pointer, scroll or touch
 * activity in any tab. The timer is re-armed for the time left rather than reset on every event,
 * and elapsed time is measured by the clock, so a throttled background tab still expires on time.
 */
export function useIdleLogout(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let lastActivity = Date.now();
    let lastShared = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let expired = false;

    const markActive = () => {
      lastActivity = Date.now();
      if (lastActivity - lastShared >= SHARE_INTERVAL_MS) {
        lastShared = lastActivity;
        localStorage.setItem(STORAGE_KEYS.lastActivityAt, String(lastActivity));
      }
    };

    const check = () => {
      const last = Math.max(lastActivity, sharedLastActivity());
      const remaining = last + IDLE_TIMEOUT_MS - Date.now();
      if (remaining > 0) {
        timer = setTimeout(check, remaining);
        return;
      }
      if (expired) return;
      expired = true;
      void expireIdleSession();
    };

    markActive();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, markActive, { passive: true, capture: true });
    timer = setTimeout(check, IDLE_TIMEOUT_MS);
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, markActive, { capture: true });
    };
  }, [enabled]);
}
