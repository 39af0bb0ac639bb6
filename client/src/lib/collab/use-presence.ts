import { useEffect, useMemo, useState } from 'react';
import { inboxDocName, presenceName } from '@drivebay/shared/docs';
import { getSession } from '../session/session-store';
import type { DocHandle } from './connection-manager';
import { collabManager } from './manager-instance';
import { parsePresence, type PresencePeer } from './presence';

const NONE: PresencePeer[] = [];

function selfUser(): { id: number; name: string } | null {
  const user = getSession().user;
  if (!user) return null;
  return { id: user.userMasterId, name: presenceName(user) };
}

/** Folds the peers of several stores' documents into one entry per person. */
function mergePeers(lists: readonly PresencePeer[][]): PresencePeer[] {
  if (lists.length === 1) return lists[0]!;
  const byUser = new Map<number, PresencePeer>();
  for (const peer of lists.flat()) {
    const seen = byUser.get(peer.userId);
    byUser.set(
      peer.userId,
      seen
        ? { ...seen, viewing: [...new Set([...seen.viewing, ...peer.viewing])], typing: [...new Set([...seen.typing, ...peer.typing])] }
        : peer,
    );
  }
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);
}

/**
 * The other people on the stores' inbox documents and what they view and type. Rides on the inbox
 * documents' connections (read-only for rows, but awareness is relayed all the same), so it costs
 * no connection of its own; empty while offline.
 */
export function usePresence(storeIds: readonly number[]): PresencePeer[] {
  const key = storeIds.join(',');
  const [peers, setPeers] = useState<{ key: string; list: PresencePeer[] }>({ key: '', list: NONE });

  useEffect(() => {
    if (key === '') return;
    const handles = key.split(',').map((id) => collabManager().open(inboxDocName(Number(id))));
    let last = '';
    const read = () => {
      const self = selfUser()?.id ?? null;
      const list = mergePeers(handles.map((h) => parsePresence(h.presenceStates(), self)));
      // Heartbeats re-send unchanged states; only a real change re-renders.
      const serialized = JSON.stringify(list);
      if (serialized === last) return;
      last = serialized;
      setPeers({ key, list });
    };
    read();
    const stops = handles.map((h) => h.subscribePresence(read));
    return () => {
      for (const stop of stops) stop();
      for (const h of handles) h.release();
    };
  }, [key]);

  return peers.key === key ? peers.list : NONE;
}

/** The other people on one store's inbox document (see usePresence). */
export function useStorePresence(storeId: number | null): PresencePeer[] {
  const ids = useMemo(() => (storeId === null ? [] : [storeId]), [storeId]);
  return usePresence(ids);
}

/**
 * Tells the others on the store's inbox document which conversation this tab shows and whether
 * the user is typing in it, for as long as the calling component is mounted.
 */
export function useAnnouncePresence(storeId: number | null, viewing: number | null, typing: number | null): void {
  const [handle, setHandle] = useState<DocHandle | null>(null);

  useEffect(() => {
    if (storeId === null) return;
    const opened = collabManager().open(inboxDocName(storeId));
    setHandle(opened);
    return () => {
      const user = selfUser();
      if (user) opened.setPresence({ user, viewing: null, typing: null });
      opened.release();
      setHandle((current) => (current === opened ? null : current));
    };
  }, [storeId]);

  useEffect(() => {
    const user = selfUser();
    if (handle && user) handle.setPresence({ user, viewing, typing });
  }, [handle, viewing, typing]);
}
