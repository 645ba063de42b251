import React, {useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import DataState from '@site/src/components/DataState';
import {fetchJson, fetchText} from '@site/src/lib/data/fetchData';
import {
  parseChannelRss,
  parseFeedstockOutputs,
  createSearch,
  splitMatch,
  type PackageEntry,
  type PackageIndex,
  type RecentUpload,
} from '@site/src/lib/packages/index';
import {useRemoteData} from '@site/src/lib/data/useRemoteData';
import {useSources} from '@site/src/lib/data/useSources';
import styles from './styles.module.css';

const anaconda = (name: string) => `https://anaconda.org/conda-forge/${encodeURIComponent(name)}`;
const feedstockUrl = (name: string) => `https://github.com/conda-forge/${encodeURIComponent(name)}-feedstock`;
/** Rows shown for a search: enough to scan, few enough to render within a frame. */
const LIMIT = 50;
/** How long typing must pause before the address is updated. */
const URL_DELAY_MS = 300;

/**
 * Session cache: each source is fetched once per page session (client navigation away and back
 * reuses it). The fetch is not tied to one visit, so leaving the page early does not waste it;
 * a failure is forgotten, so Retry fetches again.
 */
const sessionCache = new Map<string, Promise<unknown>>();
function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  let pending = sessionCache.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = load();
    sessionCache.set(key, pending);
    pending.catch(() => sessionCache.delete(key));
  }
  return pending;
}

function Feedstocks({names}: {names: string[]}): ReactNode {
  if (names.length === 0) return <span className={styles.none}>unknown</span>;
  if (names.length === 1) return <a href={feedstockUrl(names[0])}>{names[0]}-feedstock</a>;
  return (
    <ul className={styles.feedstocks}>
      {names.map((f) => (
        <li key={f}>
          <a href={feedstockUrl(f)}>{f}-feedstock</a>
        </li>
      ))}
    </ul>
  );
}

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
  const {total, results} = useMemo(() => search(query, LIMIT), [search, query]);

  // Benchmark hook: from the keystroke's input event to these results being in the document.
  useLayoutEffect(() => {
    if (startRef.current === null) return;
    performance.measure('cf-packages-filter', {start: startRef.current, end: performance.now()});
    startRef.current = null;
  }, [results, startRef]);

  return (
    <>
      <p className={styles.count} role="status">
        {total === 1 ? '1 package found' : `${total.toLocaleString('en')} packages found`}
        {total > LIMIT && `, showing the ${LIMIT} closest names`}
      </p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Package</th>
            <th scope="col">Feedstock(s)</th>
          </tr>
        </thead>
        <tbody>
          {results.length === 0 && (
            <tr>
              <td colSpan={2}>No packages found</td>
            </tr>
          )}
          {results.map((entry: PackageEntry, position) => {
            const {before, match, after} = splitMatch(entry.name, query);
            // Keyed by position: a keystroke patches the existing rows instead of rebuilding them.
            return (
              <tr key={position}>
                <td>
                  <a href={anaconda(entry.name)}>
                    {before}
                    <mark>{match}</mark>
                    {after}
                  </a>
                </td>
                <td>
                  <Feedstocks names={entry.feedstocks} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

function RecentUploads({index}: {index: PackageIndex}): ReactNode {
  const {channelRss} = useSources();
  const state = useRemoteData(
    () => once<RecentUpload[]>(channelRss, async () => parseChannelRss(await fetchText(channelRss))),
    [channelRss],
  );
  return (
    <section aria-labelledby="recent-uploads">
      <h2 id="recent-uploads">Recently updated packages</h2>
      <DataState state={state} what="recent uploads">
        {(uploads) =>
          uploads.length === 0 ? (
            <p>The channel feed lists no recent uploads right now.</p>
          ) : (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Package</th>
                  <th scope="col">Feedstock(s)</th>
                  <th scope="col">Last updated</th>
                </tr>
              </thead>
              <tbody>
                {uploads.map((u, i) => (
                  <tr key={`${u.name}-${i}`}>
                    <td>{i + 1}</td>
                    <td>
                      <a href={anaconda(u.name)}>{u.name}</a>
                    </td>
                    <td>
                      <Feedstocks names={index.byName.get(u.name.toLowerCase())?.feedstocks ?? []} />
                    </td>
                    <td>{u.published}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </DataState>
    </section>
  );
}

const queryOf = (search: string) => new URLSearchParams(search).get('q') ?? '';

/**
 * The package filter. The query lives in the address (`?q=`), written through the router once
 * typing pauses. Typing replaces the history entry (it adds none, and a replace does not move the
 * focus out of the filter as a push would); Back/Forward and followed links set the input.
 */
export default function PackageSearch(): ReactNode {
  const {feedstockOutputs} = useSources();
  const location = useLocation();
  const history = useHistory();
  const [query, setQuery] = useState(() => queryOf(location.search));
  const startRef = useRef<number | null>(null);
  const state = useRemoteData(
    () => once<PackageIndex>(feedstockOutputs, () => fetchJson(feedstockOutputs, parseFeedstockOutputs)),
    [feedstockOutputs],
  );

  // Address → input: Back/Forward, or a link to ?q= followed while the page is open. The value
  // this page wrote itself is skipped, so no keystroke typed since is undone.
  const routerQuery = queryOf(location.search);
  const written = useRef(routerQuery);
  useEffect(() => {
    if (routerQuery !== written.current) {
      written.current = routerQuery;
      setQuery(routerQuery);
    }
  }, [routerQuery]);

  // Input → address, once typing pauses; cancelled when the page goes, and skipped while a
  // navigation to another page is under way (the router's location is already elsewhere).
  const {pathname} = location;
  useEffect(() => {
    if (query === written.current) return undefined;
    const timer = setTimeout(() => {
      if (history.location.pathname !== pathname) return;
      const params = new URLSearchParams(history.location.search);
      if (query) params.set('q', query);
      else params.delete('q');
      const search = params.toString();
      written.current = query;
      history.replace({pathname, search: search ? `?${search}` : '', hash: history.location.hash});
    }, URL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, history, pathname]);

  return (
    <>
      <label className={styles.label} htmlFor="package-filter">
        Filter packages by name
      </label>
      <input
        id="package-filter"
        className={`cf-input ${styles.input}`}
        type="search"
        value={query}
        placeholder="e.g. numpy"
        autoComplete="off"
        spellCheck={false}
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
          ) : (
            <>
              <p className={styles.count} role="status">
                {index.entries.length.toLocaleString('en')} packages loaded
              </p>
              <RecentUploads index={index} />
            </>
          )
        }
      </DataState>
    </>
  );
}
