import {startTransition, useCallback, useEffect, useRef, useState} from 'react';
import {DataError} from './validate';
import {useChangeCount} from './useChangeCount';

export type RemoteState<T> =
  | {status: 'loading'}
  /** `at`: when the data arrived (ms since the epoch), for "checked N minutes ago". */
  | {status: 'ready'; data: T; at: number}
  | {status: 'error'; message: string};

/**
 * Runs `load` in the browser and tracks its state; `retry` runs it again. A thrown DataError's
 * message is shown as it is; any other failure becomes a generic message (never a crash).
 * `deps` are the values `load` reads: when one changes, the data is loaded again. The linter
 * checks them at every call site (`additionalHooks` in eslint.config.mjs), as for `useEffect`.
 */
export function useRemoteData<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: ReadonlyArray<unknown>,
): RemoteState<T> & {retry: () => void} {
  const [state, setState] = useState<RemoteState<T>>({status: 'loading'});
  const [attempt, setAttempt] = useState(0);
  const changes = useChangeCount(deps);
  // The `load` of the latest render; a new function each render does not mean new data.
  const latestLoad = useRef(load);
  latestLoad.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState({status: 'loading'});
    latestLoad.current(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        const at = Date.now();
        startTransition(() => setState({status: 'ready', data, at}));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof DataError ? error.message : 'The data could not be loaded.';
        startTransition(() => setState({status: 'error', message}));
      },
    );
    return () => controller.abort();
  }, [attempt, changes]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return {...state, retry};
}
