/**
 * The full search page, /search/?q=…&section=…: the query and the chosen section live in the URL
 * (shareable; the back button steps through searches), section facets with counts, and more
 * results on demand.
 */
import React, {useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode} from 'react';
import SearchForm from '@site/src/components/SearchForm';
import ResultLink from '@site/src/components/ResultLink';
import {useHistory, useLocation} from '@docusaurus/router';
import {
  MIN_QUERY_LENGTH,
  PAGE_SIZE,
  parseSearchParams,
  resultsOnScreen,
  searchPageUrl,
  searchStatusText,
  type RankedPage,
} from '@site/src/lib/search/index';
import {markSearchWarm} from '@site/src/lib/search/typingPause';
import {NOTICE_CLASS, SEARCH_CLASS, facetsOf, pageNotices, resultsKey} from '@site/src/lib/search/resultsMarkup';
import {PREPAINTED, adoptPrepainted, prepaintedPages, shellSearchField} from '@site/src/lib/search/prepaintHandoff';
import SearchMessage from '@site/src/components/SearchMessages';
import {
  HitContent,
  SearchNotices,
  useKeystrokeMeasure,
  usePackageGroup,
  useSearchQuery,
  useSearchSetup,
} from '@site/src/components/SearchResults';
import type {PackageLink} from '@site/src/lib/search/packages';
import {takeShellState} from '../SearchPageShell';
import shellStyles from '../SearchPageShell/styles.module.css';
import styles from './styles.module.css';

/**
 * The search engine (src/lib/search/backend.ts, with Pagefind's backend and query understanding):
 * not part of the page's first load. The prepaint script has answered the URL's query by then, so
 * the page needs the engine for a later search only; it asks for it once it has hydrated (below),
 * and a search that comes first waits for it.
 */
const engine = () => import('@site/src/lib/search/backend');

/**
 * The Packages group (src/lib/search/packages.ts), above the docs results: each package links to
 * its row on /packages/ and to the feedstocks that build it.
 */
function PackageGroup({packages}: {packages: PackageLink[]}): ReactNode {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.packages}>
      <h2 id={headingId} className={styles.packagesTitle}>
        Packages
      </h2>
      <ul className={styles.packageList}>
        {packages.map((pkg) => (
          <li key={pkg.name}>
            <ResultLink to={pkg.href} className={styles.packageName}>
              {pkg.name}
            </ResultLink>
            {pkg.feedstocks.length > 0 && ' built by '}
            {pkg.feedstocks.map((feedstock, i) => (
              <React.Fragment key={feedstock.name}>
                {i > 0 && ', '}
                {feedstock.url ? (
                  <a href={feedstock.url}>{feedstock.name}-feedstock</a>
                ) : (
                  <code>{feedstock.name}-feedstock</code>
                )}
              </React.Fragment>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The results the prepaint script painted for this page's first search, taken once. The page
 * takes over in a transition (src/pages/search/index.tsx), whose render React may start again:
 * the record is read while rendering and removed once the page is on screen.
 */
function usePrepainted(key: string, setup: ReturnType<typeof useSearchSetup>): RankedPage | null {
  const [page] = useState(() => {
    if (typeof window === 'undefined' || setup.backend.kind !== 'pagefind') return null;
    return adoptPrepainted(window[PREPAINTED], key, setup.context);
  });
  useEffect(() => {
    delete window[PREPAINTED];
    if (page) markSearchWarm();
  }, [page]);
  return page;
}

interface ShellField {
  /** What the reader typed (the prepaint script fills in the URL's query, which is not typing). */
  typed: string | null;
  focused: boolean;
}

/** The field's text when the reader typed it: not empty, and not the URL's query. */
const typedText = (value: string, query: string): string | null =>
  value !== '' && value !== query.trim() ? value : null;

/** What the reader typed in the server's field, as the page's first render sees it. */
function shellTyped(query: string): string | null {
  const field = typeof document === 'undefined' ? null : shellSearchField(document);
  return field ? typedText(field.value, query) : null;
}

/** The shell field's last state (src/pages/search/_components/SearchPageShell), read once. */
function takeShellField(query: string): ShellField | null {
  const state = takeShellState();
  return state && {typed: typedText(state.value, query), focused: state.focused};
}

export default function SearchPage(): ReactNode {
  const location = useLocation();
  const history = useHistory();
  const setup = useSearchSetup();
  const {query, section} = parseSearchParams(location.search);
  const [typedFirst] = useState(() => shellTyped(query));
  const [input, setInput] = useState(typedFirst ?? query);
  const field = useRef<HTMLInputElement>(null);
  const trimmed = input.trim();
  // Pages of results shown for one query and section; another search starts again from one. The
  // first search counts the presses of the painted "Load more" before this page took over
  // (src/lib/search/prepaint.ts).
  const searchedFor = `${trimmed}\n${section ?? ''}`;
  const [shown, setShown] = useState(() => ({
    for: searchedFor,
    pages: prepaintedPages(typeof window === 'undefined' ? undefined : window[PREPAINTED]),
  }));
  // Set while rendering, as React documents for state that follows a change of input: React renders
  // again at once, before anything of this render is shown.
  if (shown.for !== searchedFor) setShown({for: searchedFor, pages: 1});
  const limit = PAGE_SIZE * shown.pages;
  const keystroke = useKeystrokeMeasure();
  /** The query this page last wrote into the URL while typing, and the pending write. */
  const written = useRef(query);
  const pendingWrite = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Back/forward or a followed link: show the URL's query in the box. Only when the URL's query
  // changes: on mount, the takeover below may already have put the reader's text there.
  const shownQuery = useRef(query);
  useEffect(() => {
    if (query === shownQuery.current) return;
    shownQuery.current = query;
    if (query !== written.current) {
      clearTimeout(pendingWrite.current);
      written.current = query;
      setInput(query);
    }
  }, [query]);

  useEffect(() => () => clearTimeout(pendingWrite.current), []);

  // The reader was typing in the server's form: the text comes into this one (as it was when that
  // form left the page, before anything is painted); keep the focus and caret there, and write
  // the text into the URL as typing would. Once, as the page takes over.
  useLayoutEffect(() => {
    const from = takeShellField(query);
    if (!from) return;
    if ((from.typed ?? query) !== (typedFirst ?? query)) setInput(from.typed ?? query);
    if (from.focused && field.current) {
      field.current.focus();
      const end = field.current.value.length;
      field.current.setSelectionRange(end, end);
    }
    if (from.typed !== null) {
      written.current = from.typed.trim();
      history.replace(searchPageUrl(from.typed, section));
    }
  }, [history, section, query, typedFirst]);

  // The engine, once the page has hydrated (a task after this effect, which runs before
  // Docusaurus marks the page hydrated): ready before the reader's next search.
  useEffect(() => {
    const timer = setTimeout(() => void engine().catch(() => undefined), 0);
    return () => clearTimeout(timer);
  }, []);

  const key = resultsKey(trimmed, section, limit);
  const prepainted = usePrepainted(key, setup);
  const state = useSearchQuery(
    async (signal) => (await engine()).searchRanked(setup.backend, trimmed, setup.context, section, limit, signal),
    [setup, trimmed, section, limit],
    trimmed.length >= MIN_QUERY_LENGTH ? key : null,
    prepainted,
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
  const packages = usePackageGroup(trimmed, state.status === 'ready');
  const facets = page ? facetsOf(trimmed, page, section) : [];
  const allCount = facets[0]?.count ?? 0;

  // The region holds the same elements as the prepaint script writes (src/lib/search/resultsMarkup.ts).
  return (
    <>
      <SearchForm
        value={input}
        inputRef={field}
        onInput={(e) => keystroke.mark(e, (e.target as HTMLInputElement).value.trim())}
        onChange={onChange}
        onSubmit={submit}
        action="/search/"
        className={shellStyles.form}
      />

      <div className={SEARCH_CLASS.region}>
        {/* The status line keeps its place from the server's HTML on (SearchPageShell): results,
            facets and messages come below it, so nothing on screen moves when they arrive. */}
        <p role="status" className={SEARCH_CLASS.status}>
          {searchStatusText(trimmed, state.status, page, section)}
        </p>
        {state.status === 'error' &&
          (state.kind === 'no-index' ? (
            <SearchMessage kind="no-index" />
          ) : (
            <SearchMessage kind="error" onRetry={state.retry} />
          ))}
        {state.status === 'ready' && trimmed.length >= MIN_QUERY_LENGTH && allCount === 0 && packages.length === 0 && (
          <SearchMessage kind="empty" query={trimmed} />
        )}
        {packages.length > 0 && <PackageGroup packages={packages} />}
        {trimmed.length >= MIN_QUERY_LENGTH && page && allCount > 0 && state.status !== 'error' && (
          <SearchNotices notices={pageNotices(trimmed, page, section)} className={NOTICE_CLASS} />
        )}
        {trimmed.length >= MIN_QUERY_LENGTH && page && allCount > 0 && state.status !== 'error' && (
          <nav aria-label="Sections" className={SEARCH_CLASS.facets}>
            {facets.map((facet) => (
              <ResultLink
                key={facet.label}
                to={facet.href}
                className={SEARCH_CLASS.facet}
                aria-current={facet.current ? 'page' : undefined}
              >
                {`${facet.label} `}
                <span className={SEARCH_CLASS.count}>{facet.count}</span>
              </ResultLink>
            ))}
          </nav>
        )}
        {trimmed.length >= MIN_QUERY_LENGTH && page && page.total > 0 && state.status !== 'error' && (
          <>
            <ol className={SEARCH_CLASS.results} aria-busy={state.status === 'loading'}>
              {page.hits.map((hit) => (
                <li key={hit.id} className={SEARCH_CLASS.result}>
                  <span className={SEARCH_CLASS.section}>{hit.section}</span>
                  <ResultLink to={hit.url} className={SEARCH_CLASS.link}>
                    <HitContent hit={hit} />
                  </ResultLink>
                </li>
              ))}
            </ol>
            {page.total > page.hits.length && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setShown({for: searchedFor, pages: shown.pages + 1})}
                disabled={state.status === 'loading'}
              >
                Load more
              </button>
            )}
          </>
        )}
      </div>
    </>
  );
}
