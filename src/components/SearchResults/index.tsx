import React, {type ReactNode} from 'react';
import {CRUMB_SEPARATOR, type SearchHit, type Segment} from '@site/src/lib/search/index';
import styles from './styles.module.css';

export {useSearchQuery, useSearchSetup, useKeystrokeMeasure, type SearchSetup} from './hooks';
export type {SearchState} from '@site/src/lib/search/index';

/** A snippet: matched words highlighted, everything rendered as text. */
export function Snippet({segments}: {segments: Segment[]}): ReactNode {
  return (
    <span className={styles.snippet}>
      {segments.map((s, i) =>
        s.match ? <mark key={i}>{s.text}</mark> : <React.Fragment key={i}>{s.text}</React.Fragment>,
      )}
    </span>
  );
}

/**
 * The inside of one result, shared by the modal and the search page: title, heading path and
 * snippet. The language and docs version travel as attributes (`lang`, `data-version`).
 */
export function HitContent({hit}: {hit: SearchHit}): ReactNode {
  const path = hit.path.length > 1 ? hit.path.join(CRUMB_SEPARATOR) : '';
  return (
    <span
      className={styles.hit}
      lang={hit.language}
      data-version={hit.versionTag}
      data-version-label={hit.versionLabel || undefined}
    >
      <span className={styles.title}>{hit.title}</span>
      {path && <span className={styles.path}>{path}</span>}
      {hit.snippet.length > 0 && <Snippet segments={hit.snippet} />}
    </span>
  );
}
