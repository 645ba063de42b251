import React, {useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import DataState from '@site/src/components/DataState';
import {moveFocus} from '@site/src/lib/keyboard';
import {packagesData} from '@site/src/lib/packages/data';
import {
  createSearch,
  feedstockUrl,
  normaliseFeedstock,
  packagesOfFeedstock,
  type PackageIndex,
} from '@site/src/lib/packages/index';
import {useRemoteData} from '@site/src/lib/data/useRemoteData';
import {useSources} from '@site/src/lib/data/useSources';
import PackageTable from '../PackageTable';
import RecentUploads from '../RecentUploads';
import {groupThousands} from '@site/src/lib/format/english';
import styles from './styles.module.css';

/** Rows shown for a search or a feedstock: enough to scan, few enough to render within a frame. */
const LIMIT = 50;
/** How long typing must pause before the address is updated. */
const URL_DELAY_MS = 300;

function Results({
  index,
  query,
  startRef,
}: {
  index: PackageIndex;
  query: string;
  startRef: React.MutableRefObject<number | null>;
}): ReactNode {
  const search = useMemo(() => createSearch(index), [index]);
  const {total, results, query: parsed} = useMemo(() => search(query, LIMIT), [search, query]);

  // Benchmark hook: from the keystroke's input event to these results being in the document.
  useLayoutEffect(() => {
    if (startRef.current === null) return;
    performance.measure('cf-packages-filter', {start: startRef.current, end: performance.now()});
    startRef.current = null;
  }, [results, startRef]);

  const how =
    parsed?.kind === 'exact'
      ? ' with exactly this name'
      : parsed?.kind === 'prefix'
        ? ` starting with “${parsed.text}”`
        : parsed?.kind === 'suffix'
          ? ` ending with “${parsed.text}”`
          : '';
  return (
    <>
      <p className={styles.count} role="status">
        {total === 1 ? '1 package found' : `${groupThousands(total)} packages found`}
        {how}
        {total > LIMIT && `, showing the ${LIMIT} closest names`}
      </p>
      <PackageTable entries={results} query={parsed} empty="No packages found" />
    </>
  );
}

function FeedstockPackages({index, feedstock}: {index: PackageIndex; feedstock: string}): ReactNode {
  const name = normaliseFeedstock(feedstock);
  const packages = packagesOfFeedstock(index, name);
  const url = feedstockUrl(name);
  const repository = url ? <a href={url}>{name}-feedstock</a> : <code>{name}-feedstock</code>;
  return (
    <>
      <p className={styles.count} role="status">
        {packages.length === 0 ? (
          <>No package in the list is built by {repository}</>
        ) : (
          <>
            {packages.length === 1 ? '1 package' : `${groupThousands(packages.length)} packages`} built by {repository}
            {packages.length > LIMIT && `, showing the first ${LIMIT} by name`}
          </>
        )}
      </p>
      {packages.length > 0 && <PackageTable entries={packages.slice(0, LIMIT)} empty="" />}
      <p>
        <Link to="/packages/">Show recently updated packages</Link>
      </p>
    </>
  );
}

/**
 * The package filter. The query lives in the address (`?q=`; `?feedstock=` lists one feedstock's
 * packages), written through the router once typing pauses. Typing replaces the history entry (it
 * adds none, and a replace does not move the focus out of the filter as a push would); Back/Forward
 * and followed links set the input. Keys: `/` focuses the filter (the site search's shortcut
 * handler does that for any field in the page's main content that declares `aria-keyshortcuts="/"`),
 * the arrow keys (and Home/End) move between it and the result links, Enter opens a result.
 */
export default function PackageSearch(): ReactNode {
  const {feedstockOutputs} = useSources();
  const location = useLocation();
  const history = useHistory();
  const params = new URLSearchParams(location.search);
  const routerQuery = params.get('q') ?? '';
  const feedstock = params.get('feedstock') ?? '';
  const [query, setQuery] = useState(routerQuery);
  const startRef = useRef<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const areaRef = useRef<HTMLDivElement>(null);
  const state = useRemoteData(
    () => packagesData().then(({loadPackageIndex}) => loadPackageIndex(feedstockOutputs)),
    [feedstockOutputs],
  );

  // Address → input: Back/Forward, or a link to ?q= followed while the page is open. The value
  // this page wrote itself is skipped, so no keystroke typed since is undone.
  const written = useRef(routerQuery);
  useEffect(() => {
    if (routerQuery !== written.current) {
      written.current = routerQuery;
      setQuery(routerQuery);
    }
  }, [routerQuery]);

  // Input → address, once typing pauses; cancelled when the page goes, and skipped while a
  // navigation to another page is under way (the router's location is already elsewhere).
  // A query replaces a feedstock listing.
  const {pathname} = location;
  useEffect(() => {
    if (query === written.current) return undefined;
    const timer = setTimeout(() => {
      if (history.location.pathname !== pathname) return;
      const next = new URLSearchParams(history.location.search);
      if (query) {
        next.set('q', query);
        next.delete('feedstock');
      } else next.delete('q');
      const search = next.toString();
      written.current = query;
      history.replace({pathname, search: search ? `?${search}` : '', hash: history.location.hash});
    }, URL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, history, pathname]);

  // Arrow keys between the filter and the result links (delegated from the area around them).
  useEffect(() => {
    const area = areaRef.current;
    if (!area) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const links = [...area.querySelectorAll<HTMLAnchorElement>('a[data-result]')];
      const current = event.target === inputRef.current ? -1 : links.indexOf(event.target as HTMLAnchorElement);
      if (current === -1 && event.target !== inputRef.current) return;
      const next = moveFocus(event.key, current, links.length);
      if (next === null) return;
      event.preventDefault();
      (next < 0 ? inputRef.current : links[next])?.focus();
    };
    area.addEventListener('keydown', onKeyDown);
    return () => area.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div ref={areaRef}>
      <label className={styles.label} htmlFor="package-filter">
        Filter packages by name
      </label>
      <p id="package-filter-keys" className={styles.keys}>
        Press <kbd>/</kbd> to come back here, <kbd>↓</kbd> and <kbd>↑</kbd> to move through the results,{' '}
        <kbd>Enter</kbd> to open one.
      </p>
      <input
        ref={inputRef}
        id="package-filter"
        className={`cf-input ${styles.input}`}
        type="search"
        value={query}
        placeholder="e.g. numpy, ^py or arrow$"
        autoComplete="off"
        spellCheck={false}
        aria-keyshortcuts="/"
        aria-describedby="package-filter-keys"
        onChange={(event) => {
          // Only keystrokes that render results are timed (not those before the list arrived).
          startRef.current = state.status === 'ready' && event.target.value.trim() ? event.timeStamp : null;
          setQuery(event.target.value);
        }}
      />
      <DataState state={state} what="package list">
        {(index) =>
          query.trim() ? (
            <Results index={index} query={query} startRef={startRef} />
          ) : feedstock.trim() ? (
            <FeedstockPackages index={index} feedstock={feedstock} />
          ) : (
            <>
              <p className={styles.count} role="status">
                {groupThousands(index.entries.length)} packages loaded
                {index.omitted > 0 &&
                  ` (${groupThousands(index.omitted)} more keys in the data were left out: past the limit, or too long to be names)`}
              </p>
              <RecentUploads index={index} />
            </>
          )
        }
      </DataState>
    </div>
  );
}
