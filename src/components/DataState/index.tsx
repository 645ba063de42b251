import React, {type ReactNode} from 'react';
import type {RemoteState} from '@site/src/lib/data/useRemoteData';
import styles from './styles.module.css';

interface Props<T> {
  state: RemoteState<T> & {retry: () => void};
  /** What is loading, e.g. "statistics" — used in the messages. */
  what: string;
  children: (data: T) => ReactNode;
}

/**
 * Renders the loading, error-with-retry and ready states of remote data the same way on every
 * live page. The error message is announced to assistive technology.
 */
export default function DataState<T>({state, what, children}: Props<T>): ReactNode {
  if (state.status === 'loading') {
    return (
      <p className={styles.loading} role="status">
        Loading {what}…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className={styles.error} role="alert">
        <p>
          <strong>The {what} could not be loaded.</strong> {state.message}
        </p>
        <button type="button" className="button button--sm button--secondary" onClick={state.retry}>
          Retry
        </button>
      </div>
    );
  }
  return <>{children(state.data)}</>;
}
