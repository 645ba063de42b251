import React, {type ReactNode} from 'react';
import ResultLink from '@site/src/components/ResultLink';
import type {SearchHit, Segment} from '@site/src/lib/search/index';
import type {NoticePart} from '@site/src/lib/search/query';
import {SEARCH_CLASS, hitPathText} from '@site/src/lib/search/resultsMarkup';
import './results.css';

export {useSearchQuery, useSearchSetup, useKeystrokeMeasure, usePackageGroup, type SearchSetup} from './hooks';
export type {SearchState} from '@site/src/lib/search/index';

/** A snippet: matched words highlighted, everything rendered as text. */
export function Snippet({segments}: {segments: Segment[]}): ReactNode {
  return (
    <span className={SEARCH_CLASS.snippet}>
      {segments.map((s, i) =>
        s.match ? <mark key={i}>{s.text}</mark> : <React.Fragment key={i}>{s.text}</React.Fragment>,
      )}
    </span>
  );
}

/**
 * The inside of one result, shared by the modal and the search page: title, heading path and
 * snippet (the search page's prepaint script writes the same, src/lib/search/resultsMarkup.ts). The language and docs version travel as attributes (`lang`, `data-version`).
 */
export function HitContent({hit}: {hit: SearchHit}): ReactNode {
  const path = hitPathText(hit);
  return (
    <span
      className={SEARCH_CLASS.hit}
      lang={hit.language}
      data-version={hit.versionTag}
      data-version-label={hit.versionLabel || undefined}
    >
      <span className={SEARCH_CLASS.title}>{hit.title}</span>
      {path && <span className={SEARCH_CLASS.path}>{path}</span>}
      {hit.snippet.length > 0 && <Snippet segments={hit.snippet} />}
    </span>
  );
}

/**
 * What the query was understood as, when that is not the words typed: a correction ("Did you
 * mean …", linking to the words as typed) and words left out (src/lib/search/query.ts `notices`).
 * The search page's prepaint script writes the same (src/lib/search/resultsMarkup.ts).
 */
export function SearchNotices({notices, className}: {notices: NoticePart[][]; className: string}): ReactNode {
  return notices.map((parts, i) => (
    <p key={i} className={className}>
      {parts.map((part, j) =>
        typeof part === 'string' ? (
          <React.Fragment key={j}>{part}</React.Fragment>
        ) : (
          <ResultLink key={j} to={part.href}>
            {part.text}
          </ResultLink>
        ),
      )}
    </p>
  ));
}
