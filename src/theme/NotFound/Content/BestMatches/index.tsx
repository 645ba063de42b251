/**
 * The not-found page's best matches, shown without pressing anything: first the site's pages
 * whose address and title come closest to the missing address (a renamed page: `adding-packages`
 * for `adding_pkgs`; the build's route list, src/lib/notFound closestRoutes), then the first
 * results of the search for the address's words. Loaded after the page has hydrated: none of this
 * code is part of the page's first load. Once the reader changes the words, the list follows them.
 */
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {HitContent, useSearchQuery, useSearchSetup} from '@site/src/components/SearchResults';
import {searchRanked} from '@site/src/lib/search/backend';
import {MIN_QUERY_LENGTH, searchPageUrl, type SearchHit} from '@site/src/lib/search/index';
import {SEARCH_CLASS} from '@site/src/lib/search/resultsMarkup';
import {isDevServer} from '@site/src/lib/search/pagefindBoot';
import {closestRoutes, parseRouteList, ROUTE_LIST_FILE, type RouteEntry} from '@site/src/lib/notFound';
import styles from './styles.module.css';

/** Results listed here, closest addresses included; the search page has the rest. */
export const SHOWN = 5;

interface Found {
  query: string;
  /** Pages whose address is close to the missing one. */
  routes: RouteEntry[];
  /** Search results on other pages than `routes`. */
  hits: SearchHit[];
  /** All the search's results, for the link to the search page. */
  total: number;
}

/** The route list, fetched once per visit; an empty one when it cannot be had. */
let routeList: Promise<RouteEntry[]> | null = null;
function loadRoutes(baseUrl: string): Promise<RouteEntry[]> {
  routeList ??= fetch(`${baseUrl}${ROUTE_LIST_FILE}`)
    .then((response) => (response.ok ? response.json() : []))
    .then(parseRouteList, () => []);
  return routeList;
}

const pathOf = (url: string) => url.replace(/[?#].*$/, '');

/**
 * `query`: the words in the search field; `pathname`: the missing address while the field still
 * holds its words (null once the reader has changed them).
 */
export default function BestMatches({query, pathname}: {query: string; pathname: string | null}): ReactNode {
  const setup = useSearchSetup();
  const trimmed = query.trim();
  const state = useSearchQuery<Found>(
    async (signal) => {
      const [routes, page] = await Promise.all([
        pathname ? loadRoutes(setup.baseUrl).then((list) => closestRoutes(pathname, list)) : [],
        searchRanked(setup.backend, trimmed, setup.context, null, SHOWN, signal),
      ]);
      const suggested = new Set(routes.map((route) => route.path));
      const hits = page.hits.filter((hit) => !suggested.has(pathOf(hit.url))).slice(0, SHOWN - routes.length);
      return {query: trimmed, routes, hits, total: page.total};
    },
    [setup, trimmed, pathname],
    trimmed.length >= MIN_QUERY_LENGTH && !isDevServer() ? `${pathname ?? ''}\n${trimmed}` : null,
  );

  if (state.status === 'idle') return null;
  if (state.status === 'error') {
    return (
      <p className={styles.status} role="status">
        The search could not run here. The Search button above opens the search page.
      </p>
    );
  }
  const found = state.status === 'ready' ? state.results : state.previous;
  if (!found) {
    return (
      <p className={styles.status} role="status">
        Looking for pages that match…
      </p>
    );
  }
  const {routes, hits, total} = found;
  const searched = found.query;
  if (routes.length === 0 && hits.length === 0) {
    return (
      <p className={styles.status} role="status">
        No page matches “{searched}”. Try other words, or start from a section below.
      </p>
    );
  }
  return (
    <section aria-labelledby="best-matches" className={styles.matches}>
      <h2 id="best-matches" className={styles.title}>
        Best matches
      </h2>
      <p className={styles.status} role="status">
        {routes.length > 0 ? 'Pages with a similar address or matching' : 'Pages that match'} “{searched}”:
      </p>
      <ol className={SEARCH_CLASS.results} aria-busy={state.status === 'loading'}>
        {routes.map((route) => (
          <li key={route.path} className={SEARCH_CLASS.result}>
            <Link to={route.path} className={SEARCH_CLASS.link}>
              <span className={SEARCH_CLASS.hit}>
                <span className={SEARCH_CLASS.title}>{route.title}</span>
                <span className={SEARCH_CLASS.path}>{route.path}</span>
              </span>
            </Link>
          </li>
        ))}
        {hits.map((hit) => (
          <li key={hit.id} className={SEARCH_CLASS.result}>
            <Link to={hit.url} className={SEARCH_CLASS.link}>
              <HitContent hit={hit} />
            </Link>
          </li>
        ))}
      </ol>
      {/* More results than are listed: at least SHOWN + 1, so always "results". */}
      {total > hits.length + routes.length && (
        <Link to={searchPageUrl(searched)}>See all {total} results on the search page</Link>
      )}
    </section>
  );
}
