/**
 * The search modal, loaded on first use (src/theme/SearchBar imports it dynamically). Keyword mode
 * shows results grouped by section; the optional AI-answer mode streams an answer built from the
 * best passages of the local index, with links to the pages it cites.
 */
import React, {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import ResultLink from '@site/src/components/ResultLink';
import {useHistory} from '@docusaurus/router';
import {createStorageSlot} from '@docusaurus/theme-common';
import {
  readRecent,
  saveRecent,
  clearRecent,
  RECENT_KEY,
  searchPageUrl,
  MIN_QUERY_LENGTH,
  KEEP_TYPING,
  resultsOnScreen,
  type GroupedResults,
  type SearchHit,
} from '@site/src/lib/search/index';
import {searchGrouped} from '@site/src/lib/search/backend';
import {stopTypeAhead} from '@site/src/lib/search/typeAhead';
import SearchMessage from '@site/src/components/SearchMessages';
import {notices, verbatimQuery} from '@site/src/lib/search/query';
import {
  HitContent,
  SearchNotices,
  useKeystrokeMeasure,
  usePackageGroup,
  useSearchQuery,
  useSearchSetup,
} from '@site/src/components/SearchResults';
import styles from './styles.module.css';

/** AI-answer mode is only downloaded where it is configured, when it is first chosen. */
const AiAnswer = lazy(() => import('./AiAnswer'));

export interface SearchModalProps {
  onClose: () => void;
}

/** Recent searches live in local storage, through Docusaurus's fail-safe storage slot. */
const recentSlot = () => createStorageSlot(RECENT_KEY);

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export default function SearchModal({onClose}: SearchModalProps): ReactNode {
  const setup = useSearchSetup();
  const history = useHistory();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = useId();
  const listId = `${ids}-results`;
  const [query, setQuery] = useState('');
  const [mode, setMode] = useState<'keyword' | 'ai'>('keyword');
  const [active, setActive] = useState(0);
  const [askToken, setAskToken] = useState(0);
  const [recent, setRecent] = useState<string[]>(() => readRecent(recentSlot()));
  const keystroke = useKeystrokeMeasure();

  /** Text typed and submitted before the field existed: its search page opens once the modal is up. */
  const submittedAhead = useRef<string | null>(null);

  // Open as a modal dialog: the rest of the page becomes inert, focus starts in the input, with
  // what was typed since search was asked for (src/lib/search/typeAhead.ts) and the caret after it.
  // A layout effect: the text moves from the stand-in field to this one in the task that mounts it,
  // so no key can fall between the two.
  useLayoutEffect(() => {
    const typed = stopTypeAhead();
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    const field = input.current;
    if (field) {
      if (typed.text) {
        field.value = typed.text;
        setQuery(typed.text);
      }
      field.focus();
      field.setSelectionRange(field.value.length, field.value.length);
    }
    if (typed.submitted) submittedAhead.current = typed.text.trim();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
    };
  }, []);

  const trimmed = query.trim();

  // Keyword search on every change of the query.
  const state = useSearchQuery(
    (signal) => searchGrouped(setup.backend, trimmed, setup.context, signal),
    [setup, trimmed],
    mode === 'keyword' && trimmed.length >= MIN_QUERY_LENGTH ? trimmed : null,
  );
  // New results start the keyboard selection at the first one.
  const readyResults = state.status === 'ready' ? state.results : null;
  useEffect(() => {
    if (readyResults) setActive(0);
  }, [readyResults]);

  // Benchmark mark once a query's results are on screen.
  useEffect(() => {
    if (state.status === 'ready' || state.status === 'error') keystroke.rendered(state.query);
  }, [state, keystroke]);

  const shown: GroupedResults | null = resultsOnScreen(state);
  const hits: SearchHit[] = useMemo(() => shown?.groups.flatMap((g) => g.hits) ?? [], [shown]);
  // The Packages group comes first, once the docs results of the query are in (src/lib/search/packages.ts):
  // an option for each package's row on /packages/, and one for each feedstock that builds it.
  const packages = usePackageGroup(trimmed, mode === 'keyword' && state.status === 'ready');
  const packageOptions = useMemo(
    () =>
      packages.flatMap((pkg) => [
        {key: pkg.name, href: pkg.href, label: pkg.name, feedstock: false},
        ...pkg.feedstocks.flatMap((f) =>
          f.url ? [{key: `${pkg.name} ${f.name}`, href: f.url, label: `${f.name}-feedstock`, feedstock: true}] : [],
        ),
      ]),
    [packages],
  );
  const showRecent = mode === 'keyword' && !trimmed && recent.length > 0;
  const optionCount = showRecent ? recent.length : packageOptions.length + hits.length;
  const optionId = (i: number) => `${ids}-option-${i}`;

  // When the Packages group arrives after the results, the option the reader moved to stays selected.
  const packageCount = useRef(0);
  useEffect(() => {
    const added = packageOptions.length - packageCount.current;
    packageCount.current = packageOptions.length;
    if (added !== 0) setActive((i) => (i > 0 ? Math.max(0, i + added) : 0));
  }, [packageOptions]);

  const remember = useCallback((q: string) => {
    if (q.trim()) setRecent(saveRecent(recentSlot(), q));
  }, []);

  const go = useCallback(
    (url: string) => {
      remember(trimmed);
      onClose();
      history.push(url);
    },
    [history, onClose, remember, trimmed],
  );

  // Enter pressed before the field existed: as Enter before the results have come, it opens the
  // query's search page.
  useEffect(() => {
    if (!submittedAhead.current || submittedAhead.current !== trimmed) return;
    submittedAhead.current = null;
    go(searchPageUrl(trimmed));
  }, [go, trimmed]);

  // Escape closes; Tab and Shift+Tab cycle within the dialog; a click on the backdrop (the dialog
  // element itself) closes it. Listened to on the dialog element, which handles these for
  // everything inside it and is no control of its own.
  useEffect(() => {
    const node = dialog.current;
    if (!node) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (event.target === node) onClose();
    };
    node.addEventListener('keydown', onKeyDown);
    node.addEventListener('click', onClick);
    return () => {
      node.removeEventListener('keydown', onKeyDown);
      node.removeEventListener('click', onClick);
    };
  }, [onClose]);

  const onInputKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (mode !== 'keyword' || optionCount === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + optionCount) % optionCount);
    }
  };

  const activeOptionId = optionId(active);
  useEffect(() => {
    document.getElementById(activeOptionId)?.scrollIntoView({block: 'nearest'});
  }, [activeOptionId]);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (mode === 'ai') {
      setAskToken((n) => n + 1);
      return;
    }
    if (showRecent) {
      const q = recent[active];
      if (q) setQuery(q);
      return;
    }
    const option = packageOptions[active];
    const hit = option ? null : hits[active - packageOptions.length];
    if (option?.feedstock) {
      // As a click on it does (Docusaurus opens links to other sites in a new tab).
      remember(trimmed);
      onClose();
      window.open(option.href, '_blank', 'noopener,noreferrer');
    } else if (option) go(option.href);
    else if (hit) go(hit.url);
    else if (trimmed) go(searchPageUrl(trimmed));
  };

  /** Switching mode keeps the question and puts the cursor back in the box. */
  const switchMode = (next: 'keyword' | 'ai') => {
    setMode(next);
    input.current?.focus();
  };

  const total = shown?.total ?? 0;
  let index = -1;
  /** One result of the list (a package or a page): the next option, chosen by mouse or keys. */
  const resultOption = (key: string, to: string, className: string, content: React.ReactNode) => {
    index += 1;
    const i = index;
    return (
      <ResultLink
        key={key}
        id={optionId(i)}
        to={to}
        role="option"
        tabIndex={-1}
        aria-selected={i === active}
        className={className}
        onMouseMove={() => i !== active && setActive(i)}
        onClick={() => {
          remember(trimmed);
          onClose();
        }}
      >
        {content}
      </ResultLink>
    );
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-label="Search the site"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className={styles.panel}>
        <form role="search" className={styles.bar} onSubmit={onSubmit}>
          <input
            ref={input}
            className={styles.input}
            type="search"
            role="combobox"
            aria-label={mode === 'ai' ? 'Ask a question about conda-forge' : 'Search the site'}
            aria-expanded={mode === 'keyword' && optionCount > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={mode === 'keyword' && optionCount > 0 ? optionId(active) : undefined}
            placeholder={mode === 'ai' ? 'Ask a question…' : 'Search docs, guides, community, news…'}
            autoComplete="off"
            spellCheck={false}
            value={query}
            onInput={(e) => keystroke.mark(e, (e.target as HTMLInputElement).value.trim())}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onInputKeyDown}
          />
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close search">
            <span className={styles.closeKey}>Esc</span>
            <span className={styles.closeWord}>Close</span>
          </button>
        </form>
        {setup.ai && (
          <div className={styles.modes} role="group" aria-label="Search mode">
            <button type="button" aria-pressed={mode === 'keyword'} onClick={() => switchMode('keyword')}>
              Keyword search
            </button>
            <button type="button" aria-pressed={mode === 'ai'} onClick={() => switchMode('ai')}>
              Ask AI
            </button>
          </div>
        )}

        <div className={styles.body}>
          {mode === 'ai' && setup.ai ? (
            <Suspense fallback={<p className={styles.hint}>Loading…</p>}>
              <AiAnswer config={setup.ai} setup={setup} question={trimmed} askToken={askToken} onNavigate={go} />
            </Suspense>
          ) : (
            <>
              {showRecent && (
                <div id={listId} role="listbox" aria-label="Recent searches" className={styles.list}>
                  <div className={styles.groupTitle} aria-hidden="true">
                    Recent searches
                  </div>
                  {recent.map((q, i) => (
                    <div
                      key={q}
                      id={optionId(i)}
                      role="option"
                      tabIndex={-1}
                      aria-selected={i === active}
                      className={styles.option}
                      onClick={() => setQuery(q)}
                      onKeyDown={(event) => event.key === 'Enter' && setQuery(q)}
                    >
                      {q}
                    </div>
                  ))}
                </div>
              )}
              {showRecent && (
                <button
                  type="button"
                  className={styles.clear}
                  onClick={() => {
                    clearRecent(recentSlot());
                    setRecent([]);
                  }}
                >
                  Clear recent searches
                </button>
              )}
              {!trimmed && !showRecent && (
                <p className={styles.hint}>Type to search the docs, guides, community pages, blog and news.</p>
              )}
              {trimmed && trimmed.length < MIN_QUERY_LENGTH && <p className={styles.hint}>{KEEP_TYPING}</p>}
              {state.status === 'loading' && !shown && (
                <p className={styles.hint} role="status">
                  Searching…
                </p>
              )}
              {state.status === 'error' && (
                <SearchMessage
                  kind={state.kind === 'no-index' ? 'no-index' : 'error'}
                  {...(state.kind === 'network' ? {onRetry: state.retry} : {})}
                />
              )}
              {state.status === 'ready' && state.results.total === 0 && packages.length === 0 && (
                <SearchMessage kind="empty" query={state.query} onSuggest={(s) => setQuery(s)} />
              )}
              {trimmed.length >= MIN_QUERY_LENGTH && shown && shown.total > 0 && state.status !== 'error' && (
                <SearchNotices
                  notices={notices(shown.understood, searchPageUrl(verbatimQuery(trimmed)))}
                  className={styles.notice}
                />
              )}
              {trimmed.length >= MIN_QUERY_LENGTH &&
                state.status !== 'error' &&
                ((shown && shown.total > 0) || packages.length > 0) && (
                  <div
                    id={listId}
                    role="listbox"
                    aria-label="Search results"
                    className={styles.list}
                    aria-busy={state.status === 'loading'}
                  >
                    {packageOptions.length > 0 && (
                      <div role="group" aria-label="Packages" className={styles.group}>
                        <div className={styles.groupTitle} aria-hidden="true">
                          Packages
                        </div>
                        {packageOptions.map((option) =>
                          resultOption(
                            option.key,
                            option.href,
                            option.feedstock ? `${styles.option} ${styles.feedstock}` : styles.option,
                            <>
                              <span className={styles.packageName}>{option.label}</span>
                              <span className={styles.packageKind}>
                                {option.feedstock ? 'Feedstock repository on GitHub' : 'conda-forge package'}
                              </span>
                            </>,
                          ),
                        )}
                      </div>
                    )}
                    {(shown?.groups ?? []).map((group) => (
                      <div key={group.section} role="group" aria-label={group.section} className={styles.group}>
                        <div className={styles.groupTitle} aria-hidden="true">
                          {group.section}
                        </div>
                        {group.hits.map((hit) =>
                          resultOption(hit.id, hit.url, styles.option, <HitContent hit={hit} />),
                        )}
                      </div>
                    ))}
                  </div>
                )}
            </>
          )}
        </div>

        {mode === 'keyword' && trimmed.length >= MIN_QUERY_LENGTH && shown && shown.total > 0 && (
          <div className={styles.footer}>
            <ResultLink
              to={searchPageUrl(trimmed)}
              onClick={() => {
                remember(trimmed);
                onClose();
              }}
            >
              {total === 1 ? 'See 1 result' : `See all ${total} results`}
            </ResultLink>
            <span className={styles.keys} aria-hidden="true">
              <kbd>↑</kbd> <kbd>↓</kbd> to move, <kbd>Enter</kbd> to open
            </span>
          </div>
        )}
      </div>
    </dialog>
  );
}
