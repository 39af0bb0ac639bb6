import { useCallback, useState } from 'react';
import { notify } from '../lib/notices';

export type ConfirmedAction<T> = {
  /** The item waiting for the confirmation; null while the dialog is closed. */
  target: T | null;
  /** The action is running: the dialog's buttons are disabled. */
  loading: boolean;
  ask: (item: T) => void;
  cancel: () => void;
  confirm: () => Promise<void>;
};

type Options<T> = {
  /** After the server agreed, before the dialog closes (reload a list, patch a message). */
  onDone?: (item: T) => void;
  /** The action failed; the dialog stays open. Without it the API client's notice is the answer. */
  onError?: (error: unknown) => void;
};

/**
 * An action on one item that asks first (delete, archive), for the generic confirm dialog: `ask`
 * opens it, `confirm` runs the action with the buttons disabled, shows the server's success
 * message and closes; a failure leaves the dialog open to try again or cancel.
 */
export function useConfirmedAction<T>(run: (item: T) => Promise<{ message: string }>, options: Options<T> = {}): ConfirmedAction<T> {
  const [state, setState] = useState<{ item: T; loading: boolean } | null>(null);
  const { onDone, onError } = options;

  const confirm = useCallback(async () => {
    if (!state || state.loading) return;
    const { item } = state;
    setState({ item, loading: true });
    try {
      const result = await run(item);
      notify({ severity: 'success', message: result.message });
      onDone?.(item);
      setState(null);
    } catch (error) {
      onError?.(error);
      setState((current) => (current ? { ...current, loading: false } : current));
    }
  }, [state, run, onDone, onError]);

  return {
    target: state?.item ?? null,
    loading: state?.loading ?? false,
    ask: useCallback((item: T) => setState({ item, loading: false }), []),
    cancel: useCallback(() => setState(null), []),
    confirm,
  };
}
