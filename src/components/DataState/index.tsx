import React, {type ReactNode} from 'react';
import type {RemoteState} from '@site/src/lib/data/useRemoteData';
import styles from './styles.module.css';

interface Props<T> {
  state: RemoteState<T> & {retry: () => void};
  /** What is loading, e.g. "statistics" — used in the messages. */
  what: string;
  /**
   * For optional data, whose page is useful without it (home statistics, the release version of
   * the download page): the sentence shown instead of the red alert when it cannot be loaded,
   * e.g. "Live statistics are unavailable right now." It is muted and announced politely.
   */
  quiet?: string;
  children: (data: T) => ReactNode;
}

/**
 * Renders the loading, error-with-retry and ready states of remote data the same way on every
 * live page. The error message is announced to assistive technology: primary data as an alert,
 * optional data (`quiet`) as a status message, in the same live region as its loading message.
 */
export default function DataState<T>({state, what, quiet, children}: Props<T>): ReactNode {
  if (state.status === 'ready') return <>{children(state.data)}</>;
  if (quiet !== undefined) {
    const failed = state.status === 'error';
    return (
      <div className={styles.quiet}>
        <p className={failed ? styles.quietMessage : styles.loading} role="status">
          {failed ? quiet : `Loading ${what}…`}
        </p>
        {failed && (
          <button type="button" className="button button--sm button--secondary" onClick={state.retry}>
            Retry
          </button>
        )}
      </div>
    );
  }
  if (state.status === 'loading') {
    return (
      <p className={styles.loading} role="status">
        Loading {what}…
      </p>
    );
  }
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
