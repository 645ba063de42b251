import React, {useDeferredValue, useEffect, useMemo, useState, type ReactNode} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import DataState from '@site/src/components/DataState';
import {fetchJson, fetchText} from '@site/src/lib/fetchData';
import {parseChannelRss, parseFeedstockOutputs, searchPackages, splitMatch, type PackageEntry} from '@site/src/lib/packages';
import {useRemoteData} from '@site/src/lib/useRemoteData';
import {useSources} from '@site/src/lib/useSources';
import styles from './styles.module.css';

const anaconda = (name: string) => `https://anaconda.org/conda-forge/${encodeURIComponent(name)}`;
const feedstockUrl = (name: string) => `https://github.com/conda-forge/${encodeURIComponent(name)}-feedstock`;

function Feedstocks({names}: {names: string[]}): ReactNode {
  return (
    <>
      {names.map((f, i) => (
        <React.Fragment key={f}>
          {i > 0 && ', '}
          <a href={feedstockUrl(f)}>{f}-feedstock</a>
        </React.Fragment>
      ))}
    </>
  );
}

function Results({entries, query}: {entries: PackageEntry[]; query: string}): ReactNode {
  const results = useMemo(() => searchPackages(entries, query), [entries, query]);
  return (
    <>
      <p className={styles.count} role="status">
        {results.length === 100 ? 'Showing the 100 best matches' : `${results.length} package${results.length === 1 ? '' : 's'} found`}
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
          {results.map((entry) => {
            const [before, match, after] = splitMatch(entry.name, query);
            return (
              <tr key={entry.name}>
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

function RecentUploads({entries}: {entries: PackageEntry[]}): ReactNode {
  const {channelRss} = useSources();
  const state = useRemoteData(async (signal) => parseChannelRss(await fetchText(channelRss, {signal}), new DOMParser()), [channelRss]);
  const feedstocksOf = useMemo(() => new Map(entries.map((e) => [e.name, e.feedstocks])), [entries]);
  return (
    <>
      <h2>Recently updated packages</h2>
      <DataState state={state} what="recent uploads">
        {(uploads) => (
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
                    <Feedstocks names={feedstocksOf.get(u.name.toLowerCase()) ?? []} />
                  </td>
                  <td>{u.published}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DataState>
    </>
  );
}

export default function PackageSearch(): ReactNode {
  const {feedstockOutputs} = useSources();
  const location = useLocation();
  const history = useHistory();
  const [query, setQuery] = useState(() => new URLSearchParams(location.search).get('q') ?? '');
  const deferredQuery = useDeferredValue(query);
  const state = useRemoteData((signal) => fetchJson(feedstockOutputs, parseFeedstockOutputs, {signal}), [feedstockOutputs]);

  // Keep the query in the URL so searches can be shared.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if ((params.get('q') ?? '') === query) return;
    if (query) params.set('q', query);
    else params.delete('q');
    const search = params.toString();
    history.replace({...location, search: search ? `?${search}` : ''});
  }, [query]); // eslint-disable-line react-hooks/exhaustive-deps

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
        onChange={(event) => setQuery(event.target.value)}
      />
      <DataState state={state} what="package list">
        {(entries) =>
          deferredQuery.trim() ? (
            <Results entries={entries} query={deferredQuery} />
          ) : (
            <>
              <p className={styles.count}>{entries.length.toLocaleString('en')} packages loaded</p>
              <RecentUploads entries={entries} />
            </>
          )
        }
      </DataState>
    </>
  );
}
