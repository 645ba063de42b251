import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {searchPageUrl} from '@site/src/lib/search/index';
import {reportIssueUrl, SUGGESTIONS} from '@site/src/lib/search/messages';
import styles from './styles.module.css';

type Props =
  /** The index or the search service could not be reached. */
  | {kind: 'error'; onRetry?: () => void}
  /** `npm start`: the development server has no index. */
  | {kind: 'no-index'}
  /** The query found nothing. `onSuggest` runs a suggestion in place (the modal); without it they are links. */
  | {kind: 'empty'; query: string; onSuggest?: (query: string) => void};

/** The messages of the search modal and the search page (texts from the spec's error catalogue). */
export default function SearchMessage(props: Props): ReactNode {
  if (props.kind === 'error') {
    return (
      <div className={styles.message} role="alert">
        <p className={styles.title}>Unable to fetch results</p>
        <p>You might want to check your network connection.</p>
        {props.onRetry && (
          <button type="button" className="button button--secondary button--sm" onClick={props.onRetry}>
            Retry
          </button>
        )}
      </div>
    );
  }
  if (props.kind === 'no-index') {
    return (
      <div className={styles.message} role="status">
        <p className={styles.title}>Search needs a production build</p>
        <p>
          The development server has no search index. Run <code>npm run build</code>, then <code>npm run serve</code>,
          and search the served site.
        </p>
      </div>
    );
  }
  const {query, onSuggest} = props;
  return (
    <div className={styles.message} role="status">
      <p className={styles.title}>
        No results found for “<strong>{query}</strong>”
      </p>
      <p>Try searching for</p>
      <ul className={styles.suggestions}>
        {SUGGESTIONS.map((s) => (
          <li key={s}>
            {onSuggest ? (
              <button type="button" className={styles.suggestion} onClick={() => onSuggest(s)}>
                {s}
              </button>
            ) : (
              <Link to={searchPageUrl(s)}>{s}</Link>
            )}
          </li>
        ))}
      </ul>
      <p>
        Believe this query should return results? <a href={reportIssueUrl(query)}>Let us know.</a>
      </p>
    </div>
  );
}
