import {useCallback, useEffect, useState} from 'react';
import {DataError} from './fetchData';

export type RemoteState<T> =
  | {status: 'loading'}
  | {status: 'ready'; data: T}
  | {status: 'error'; message: string};

/**
 * Runs `load` in the browser and tracks its state; `retry` runs it again. A thrown DataError's
 * message is shown as it is; any other failure becomes a generic message (never a crash).
 */
export function useRemoteData<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: ReadonlyArray<unknown>,
): RemoteState<T> & {retry: () => void} {
  const [state, setState] = useState<RemoteState<T>>({status: 'loading'});
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({status: 'loading'});
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({status: 'ready', data});
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof DataError ? error.message : 'The data could not be loaded.';
        setState({status: 'error', message});
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, ...deps]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return {...state, retry};
}
