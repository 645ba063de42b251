import React, {useEffect, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {loadPagefind, reportIssueUrl, sectionOf, type PagefindResultData} from '@site/src/lib/pagefind';
import styles from './styles.module.css';

type State =
  | {status: 'idle'}
  | {status: 'loading'}
  | {status: 'error'}
  | {status: 'ready'; total: number; results: PagefindResultData[]};

const PAGE_SIZE = 20;
const SUGGESTIONS = ['rerender', 'conda-forge.yml', 'pinning', 'noarch python', 'CUDA'];

export default function SearchPage(): ReactNode {
  const location = useLocation();
  const history = useHistory();
  const baseUrl = useBaseUrl('/');
  const query = new URLSearchParams(location.search).get('q') ?? '';
  const [input, setInput] = useState(query);
  const [state, setState] = useState<State>({status: 'idle'});
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => setInput(query), [query]);

  useEffect(() => {
    if (!query.trim()) {
      setState({status: 'idle'});
      return;
    }
    let cancelled = false;
    setState({status: 'loading'});
    loadPagefind(baseUrl)
      .then((pagefind) => pagefind.search(query))
      .then(async ({results}) => {
        const data = await Promise.all(results.slice(0, limit).map((r) => r.data()));
        if (!cancelled) setState({status: 'ready', total: results.length, results: data});
      })
      .catch(() => {
        if (!cancelled) setState({status: 'error'});
      });
    return () => {
      cancelled = true;
    };
  }, [query, limit, baseUrl, attempt]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setLimit(PAGE_SIZE);
    history.push({pathname: location.pathname, search: input.trim() ? `?q=${encodeURIComponent(input.trim())}` : ''});
  };

  return (
    <>
      <form role="search" onSubmit={submit} className={styles.form}>
        <label htmlFor="search-page-input" className={styles.label}>
          Search the conda-forge website
        </label>
        <div className={styles.row}>
          <input
            id="search-page-input"
            className={`cf-input ${styles.input}`}
            type="search"
            value={input}
            onChange={(e) => setInput(e.target.value)}
          />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {state.status === 'loading' && <p>Searching…</p>}
        {state.status === 'error' && (
          <div className={styles.message} role="alert">
            <p className={styles.messageTitle}>Unable to fetch results</p>
            <p>You might want to check your network connection.</p>
            <button type="button" className="button button--secondary button--sm" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </button>
          </div>
        )}
        {state.status === 'ready' && state.total === 0 && (
          <div className={styles.message}>
            <p className={styles.messageTitle}>
              No results found for “<strong>{query}</strong>”
            </p>
            <p>Try searching for</p>
            <ul className={styles.suggestions}>
              {SUGGESTIONS.map((s) => (
                <li key={s}>
                  <Link to={`/search/?q=${encodeURIComponent(s)}`}>{s}</Link>
                </li>
              ))}
            </ul>
            <p>
              Believe this query should return results? <a href={reportIssueUrl(query)}>Let us know.</a>
            </p>
          </div>
        )}
        {state.status === 'ready' && state.total > 0 && (
          <>
            <p>
              {state.total} result{state.total === 1 ? '' : 's'} for “{query}”
            </p>
            <ol className={styles.results}>
              {state.results.map((r) => (
                <li key={r.url} className={styles.result}>
                  <span className={styles.section}>{sectionOf(r.url)}</span>
                  <Link to={r.url} className={styles.title}>
                    {r.meta.title ?? r.url}
                  </Link>
                  {/* Pagefind excerpts are escaped text with <mark> around the matched words. */}
                  <p className={styles.excerpt} dangerouslySetInnerHTML={{__html: r.excerpt}} />
                </li>
              ))}
            </ol>
            {state.total > state.results.length && (
              <button type="button" className="button button--secondary" onClick={() => setLimit((n) => n + PAGE_SIZE)}>
                Show more results
              </button>
            )}
          </>
        )}
      </div>
    </>
  );
}
