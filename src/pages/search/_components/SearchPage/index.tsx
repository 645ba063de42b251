/**
 * The full search page, /search/?q=…&section=…: the query and the chosen section live in the URL
 * (shareable; the back button steps through searches), section facets with counts, and more
 * results on demand.
 */
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import SearchForm from '@site/src/components/SearchForm';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import {
  MIN_QUERY_LENGTH,
  PAGE_SIZE,
  SECTIONS,
  parseSearchParams,
  resultsOnScreen,
  searchPageUrl,
  searchStatusText,
  type Section,
} from '@site/src/lib/search/index';
import {searchRanked} from '@site/src/lib/search/backend';
import SearchMessage from '@site/src/components/SearchMessages';
import {HitContent, useKeystrokeMeasure, useSearchQuery, useSearchSetup} from '@site/src/components/SearchResults';
import styles from './styles.module.css';

/**
 * The page as the server renders it, before search can run: the same form (it submits without
 * JavaScript) and status line, so the page takes over without moving anything.
 */
export function SearchPageShell(): ReactNode {
  return (
    <>
      <SearchForm
        value=""
        onChange={() => undefined}
        onSubmit={() => undefined}
        action="/search/"
        className={styles.form}
      />
      <p className={styles.status}>Search runs in your browser.</p>
    </>
  );
}

export default function SearchPage(): ReactNode {
  const location = useLocation();
  const history = useHistory();
  const setup = useSearchSetup();
  const {query, section} = parseSearchParams(location.search);
  const [input, setInput] = useState(query);
  const trimmed = input.trim();
  const [limit, setLimit] = useState(PAGE_SIZE);
  const keystroke = useKeystrokeMeasure();
  /** The query this page last wrote into the URL while typing, and the pending write. */
  const written = useRef(query);
  const pendingWrite = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Back/forward or a followed link: show the URL's query in the box.
  useEffect(() => {
    if (query !== written.current) {
      clearTimeout(pendingWrite.current);
      written.current = query;
      setInput(query);
    }
  }, [query]);

  useEffect(() => () => clearTimeout(pendingWrite.current), []);

  useEffect(() => setLimit(PAGE_SIZE), [trimmed, section]);

  const state = useSearchQuery(
    (signal) => searchRanked(setup.backend, trimmed, setup.context, section, limit, signal),
    [setup, trimmed, section, limit],
    trimmed.length >= MIN_QUERY_LENGTH ? `${trimmed}\n${section ?? ''}\n${limit}` : null,
  );

  useEffect(() => {
    if (state.status === 'ready' || state.status === 'error') keystroke.rendered(trimmed);
  }, [state, keystroke, trimmed]);

  /**
   * Typing searches at once and updates the URL in place once typing pauses (a route update per
   * keystroke would re-render the whole page); submitting makes the query a history entry.
   */
  const onChange = (value: string) => {
    setInput(value);
    clearTimeout(pendingWrite.current);
    pendingWrite.current = setTimeout(() => {
      written.current = value.trim();
      history.replace(searchPageUrl(value, section));
    }, 300);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    clearTimeout(pendingWrite.current);
    written.current = input.trim();
    history.push(searchPageUrl(input, section));
  };

  const page = resultsOnScreen(state);
  const allCount = page ? SECTIONS.reduce((sum, s) => sum + (page.counts[s] ?? 0), 0) : 0;

  return (
    <>
      <SearchForm
        value={input}
        onInput={(e) => keystroke.mark(e, (e.target as HTMLInputElement).value.trim())}
        onChange={onChange}
        onSubmit={submit}
        action="/search/"
        className={styles.form}
      />

      {/* The status line keeps its place from the server's HTML on (SearchPageShell): results,
          facets and messages come below it, so nothing on screen moves when they arrive. */}
      <p role="status" className={styles.status}>
        {searchStatusText(trimmed, state.status, page, section)}
      </p>
      {state.status === 'error' &&
        (state.kind === 'no-index' ? (
          <SearchMessage kind="no-index" />
        ) : (
          <SearchMessage kind="error" onRetry={state.retry} />
        ))}
      {state.status === 'ready' && trimmed.length >= MIN_QUERY_LENGTH && allCount === 0 && (
        <SearchMessage kind="empty" query={trimmed} />
      )}
      {trimmed.length >= MIN_QUERY_LENGTH && page && allCount > 0 && state.status !== 'error' && (
        <nav aria-label="Sections" className={styles.facets}>
          <Link
            to={searchPageUrl(trimmed)}
            className={styles.facet}
            aria-current={section === null ? 'page' : undefined}
          >
            All <span className={styles.count}>{allCount}</span>
          </Link>
          {SECTIONS.filter((s) => page.counts[s] || s === section).map((s: Section) => (
            <Link
              key={s}
              to={searchPageUrl(trimmed, s)}
              className={styles.facet}
              aria-current={section === s ? 'page' : undefined}
            >
              {s} <span className={styles.count}>{page.counts[s] ?? 0}</span>
            </Link>
          ))}
        </nav>
      )}
      {trimmed.length >= MIN_QUERY_LENGTH && page && page.total > 0 && state.status !== 'error' && (
        <>
          <ol className={styles.results} aria-busy={state.status === 'loading'}>
            {page.hits.map((hit) => (
              <li key={hit.id} className={styles.result}>
                <span className={styles.section}>{hit.section}</span>
                <Link to={hit.url} className={styles.hit}>
                  <HitContent hit={hit} />
                </Link>
              </li>
            ))}
          </ol>
          {page.total > page.hits.length && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setLimit((n) => n + PAGE_SIZE)}
              disabled={state.status === 'loading'}
            >
              Load more
            </button>
          )}
        </>
      )}
    </>
  );
}
