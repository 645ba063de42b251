import {useCallback, useEffect, useMemo, useRef, useState} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {SearchError, resultsOnScreen, stateForQuery, type SearchState} from '@site/src/lib/search/index';
import {whenTypingPauses} from '@site/src/lib/search/typingPause';
import {useChangeCount} from '@site/src/lib/data/useChangeCount';
import {packageName} from '@site/src/lib/search/packageQuery';
import type {PackageLink} from '@site/src/lib/search/packages';

export {useSearchSetup, type SearchSetup} from './setup';

/**
 * The Packages group's code (src/lib/search/packages.ts, with the package index and the fetching
 * it needs): a chunk of its own, downloaded by the first query that may name a package.
 */
const packagesCode = () => import('@site/src/lib/search/packages');

/**
 * The benchmark mark: `mark(event)` on each input event; once that query's results have been
 * committed, `rendered(query)` records performance.measure('cf-search-keystroke') from the input
 * event's timestamp.
 */
export function useKeystrokeMeasure(): {
  mark: (event: {timeStamp: number}, query: string) => void;
  rendered: (query: string) => void;
} {
  const pending = useRef<{start: number; query: string} | null>(null);
  const mark = useCallback((event: {timeStamp: number}, query: string) => {
    pending.current = {start: event.timeStamp, query};
  }, []);
  const rendered = useCallback((query: string) => {
    const p = pending.current;
    if (!p || p.query !== query) return;
    pending.current = null;
    try {
      performance.measure('cf-search-keystroke', {start: p.start, end: performance.now()});
    } catch {
      // A browser without User Timing Level 3: no benchmark mark.
    }
  }, []);
  return useMemo(() => ({mark, rendered}), [mark, rendered]);
}

/**
 * The query effect of the modal and of the search page: runs `search` for `query` (null: nothing
 * to search) once typing pauses, aborts the previous run, keeps the previous results on screen
 * while loading, and turns failures into the error kinds the messages know. `deps` are the other
 * values `search` reads (checked by the linter, as for useEffect); `retry` runs it again.
 * `initial`: results already on screen for the first query (the search page's prepainted ones);
 * the hook starts with them and does not search that query again.
 */
export function useSearchQuery<T>(
  search: (signal: AbortSignal) => Promise<T>,
  deps: ReadonlyArray<unknown>,
  query: string | null,
  initial: T | null = null,
): SearchState<T> & {retry: () => void} {
  const [state, setState] = useState<SearchState<T>>(() =>
    initial !== null && query !== null ? {status: 'ready', query, results: initial} : {status: 'idle'},
  );
  const [attempt, setAttempt] = useState(0);
  const changes = useChangeCount(deps);
  const latestSearch = useRef(search);
  latestSearch.current = search;
  /** The first query when its results came in `initial`: its first effect has nothing to do. */
  const answered = useRef(initial !== null ? query : null);

  useEffect(() => {
    if (answered.current !== null) {
      const skip = answered.current === query;
      answered.current = null;
      if (skip) return undefined;
    }
    if (query === null) {
      setState({status: 'idle'});
      return undefined;
    }
    const controller = new AbortController();
    setState((s) => ({
      status: 'loading',
      query,
      previous: resultsOnScreen(s),
    }));
    const cancel = whenTypingPauses(() =>
      latestSearch.current(controller.signal).then(
        (results) => {
          if (!controller.signal.aborted) setState({status: 'ready', query, results});
        },
        (error: unknown) => {
          if (!controller.signal.aborted)
            setState({status: 'error', query, kind: error instanceof SearchError ? error.kind : 'network'});
        },
      ),
    );
    return () => {
      cancel();
      controller.abort();
    };
  }, [query, changes, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return {...stateForQuery(state, query), retry};
}

/**
 * The Packages group of a query (src/lib/search/packages.ts): once `docsReady` says the docs
 * results of that query are on screen, a query that may name a package (packageQuery.ts) loads the
 * group's code and the package map, so neither delays the docs results and any other query (a
 * question, several words) downloads neither. Empty while they load, for any other query, and when
 * either cannot be loaded.
 */
export function usePackageGroup(query: string, docsReady: boolean): PackageLink[] {
  const {siteConfig} = useDocusaurusContext();
  const dataSources = siteConfig.customFields?.dataSources;
  const [found, setFound] = useState<{query: string; packages: PackageLink[]}>({query: '', packages: []});
  useEffect(() => {
    if (!docsReady || !packageName(query)) return undefined;
    let live = true;
    packagesCode()
      .then((code) => code.loadPackageGroup(query, dataSources))
      .then(
        (packages) => live && setFound({query, packages}),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [query, docsReady, dataSources]);
  return found.query === query ? found.packages : NO_PACKAGES;
}

const NO_PACKAGES: PackageLink[] = [];
