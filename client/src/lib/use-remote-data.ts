import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export type RemoteData<T> = {
  /** Undefined while loading or after a failure, unless `keepPrevious` keeps the last result. */
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
};

type State<T> = {
  key: string | null;
  /** The key `data` was loaded for. */
  dataKey: string | null;
  data: T | undefined;
  error: unknown;
  loading: boolean;
};

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** A load started before any screen asked for it, waiting for the first `useRemoteData` of its key. */
type Prefetch = { promise: Promise<unknown>; startedAt: number; result?: { data: unknown } };

/** A prefetched answer older than this is not used: the screen loads afresh. */
const PREFETCH_FRESH_MS = 15_000;

const prefetches = new Map<string, Prefetch>();

function freshPrefetch(key: string): Prefetch | undefined {
  const entry = prefetches.get(key);
  if (entry && Date.now() - entry.startedAt > PREFETCH_FRESH_MS) {
    prefetches.delete(key);
    return undefined;
  }
  return entry;
}

/**
 * Starts loading `key` before the screen that shows it renders (e.g. right after sign-in), so its
 * first render already has the data or waits on the request in flight instead of starting another.
 * The first `useRemoteData` of the key takes the answer; a failed prefetch is forgotten and that
 * screen loads as it always would, so errors are reported where they are shown.
 */
export function prefetchRemoteData<T>(key: string, load: (signal: AbortSignal) => Promise<T>): void {
  if (freshPrefetch(key)) return;
  const entry: Prefetch = { promise: load(new AbortController().signal), startedAt: Date.now() };
  entry.promise.then(
    (data) => {
      entry.result = { data };
    },
    () => {
      if (prefetches.get(key) === entry) prefetches.delete(key);
    },
  );
  prefetches.set(key, entry);
}

/** Takes the prefetch of `key`, if one is fresh: each prefetched answer serves one screen. */
function takePrefetch(key: string): Prefetch | undefined {
  const entry = freshPrefetch(key);
  prefetches.delete(key);
  return entry;
}

const IDLE: State<never> = { key: null, dataKey: null, data: undefined, error: null, loading: false };

function initialState<T>(key: string | null): State<T> {
  if (key === null) return IDLE;
  const answered = freshPrefetch(key)?.result;
  return answered ? { key, dataKey: key, data: answered.data as T, error: null, loading: false } : { key, dataKey: null, data: undefined, error: null, loading: true };
}

/**
 * Loads data for a key and reloads when the key changes; a null key means "not ready to load"
 * (e.g. no store chosen yet). An older request is aborted when the key changes, so a slow answer
 * never overwrites a newer one.
 */
export function useRemoteData<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  options: { keepPrevious?: boolean } = {},
): RemoteData<T> {
  const [state, setState] = useState<State<T>>(() => initialState<T>(key));
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (key === null) {
      setState({ key: null, dataKey: null, data: undefined, error: null, loading: false });
      return;
    }
    const prefetched = takePrefetch(key);
    if (prefetched?.result) {
      const { data } = prefetched.result as { data: T };
      // The first render already showed it (initialState): nothing changes, nothing re-renders.
      setState((prev) => (prev.dataKey === key && prev.data === data && !prev.loading ? prev : { key, dataKey: key, data, error: null, loading: false }));
      return;
    }
    const controller = new AbortController();
    // Already loading this key (as the first render starts): no change, no render.
    setState((prev) => (prev.key === key && prev.loading && prev.error === null ? prev : { ...prev, key, error: null, loading: true }));
    const request = prefetched ? (prefetched.promise as Promise<T>).catch(() => loadRef.current(controller.signal)) : loadRef.current(controller.signal);
    request.then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, dataKey: key, data, error: null, loading: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        setState({ key, dataKey: key, data: undefined, error, loading: false });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const current = state.key === key;
  return {
    data: state.dataKey === key || options.keepPrevious ? state.data : undefined,
    error: current ? state.error : null,
    loading: key !== null && (!current || state.loading),
    reload,
  };
}
