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
  const [state, setState] = useState<State<T>>({ key: null, dataKey: null, data: undefined, error: null, loading: false });
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
    const controller = new AbortController();
    setState((prev) => ({ ...prev, key, error: null, loading: true }));
    loadRef.current(controller.signal).then(
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
