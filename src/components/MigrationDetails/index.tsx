import React, {useMemo, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import DataState from '@site/src/components/DataState';
import {fetchJson} from '@site/src/lib/fetchData';
import {fillTemplate} from '@site/src/lib/sources';
import {
  measureProgress,
  MIGRATION_STATES,
  parseMigrationDetails,
  STATE_LABELS,
  type MigrationDetails as Details,
  type MigrationState,
} from '@site/src/lib/migration';
import {useRemoteData} from '@site/src/lib/useRemoteData';
import {useSources} from '@site/src/lib/useSources';
import styles from './styles.module.css';

function Table({details}: {details: Details}): ReactNode {
  const [shown, setShown] = useState<Set<MigrationState>>(() => new Set(MIGRATION_STATES.filter((s) => s !== 'done')));
  const rows = useMemo(
    () =>
      details.feedstocks
        .filter((f) => shown.has(f.state))
        .sort((a, b) => (b.descendants ?? 0) - (a.descendants ?? 0) || a.name.localeCompare(b.name)),
    [details, shown],
  );
  const toggle = (state: MigrationState) =>
    setShown((prev) => {
      const next = new Set(prev);
      if (next.has(state)) next.delete(state);
      else next.add(state);
      return next;
    });
  return (
    <>
      <div className={styles.filters} role="group" aria-label="Show feedstocks by status">
        {MIGRATION_STATES.map((state) => (
          <button
            key={state}
            type="button"
            aria-pressed={shown.has(state)}
            className={`button button--sm ${shown.has(state) ? 'button--primary' : 'button--secondary'}`}
            onClick={() => toggle(state)}>
            {STATE_LABELS[state]} ({details.counts[state]})
          </button>
        ))}
      </div>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Migration status</th>
            <th scope="col">CI status</th>
            <th scope="col">Descendants</th>
            <th scope="col">Immediate children</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={5}>No feedstocks with the selected statuses.</td>
            </tr>
          )}
          {rows.map((f) => (
            <tr key={f.name}>
              <td>
                {f.prUrl ? (
                  <a href={f.prUrl}>{f.name}</a>
                ) : f.prePrStatus ? (
                  <details>
                    <summary>{f.name}</summary>
                    <pre className={styles.pre}>{f.prePrStatus}</pre>
                  </details>
                ) : (
                  f.name
                )}
              </td>
              <td>{STATE_LABELS[f.state]}</td>
              <td>{f.prStatus ?? '—'}</td>
              <td>{f.descendants ?? '—'}</td>
              <td>{f.children.join(', ') || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function Loaded({name, details, rawUrl}: {name: string; details: Details; rawUrl: string}): ReactNode {
  const progress = measureProgress(details.counts);
  return (
    <>
      <h2>PRs made {Math.round(progress.percent)}%</h2>
      <div
        className={styles.bar}
        role="img"
        aria-label={MIGRATION_STATES.map((s) => `${STATE_LABELS[s]}: ${details.counts[s]}`).join(', ')}>
        {MIGRATION_STATES.map((s) =>
          details.counts[s] > 0 ? (
            <span
              key={s}
              className={`${styles.segment} ${styles[s.replace('-', '')] ?? ''}`}
              style={{flexGrow: details.counts[s]}}
              title={`${STATE_LABELS[s]}: ${details.counts[s]}`}
            />
          ) : null,
        )}
      </div>
      <p>
        {progress.done} of {progress.total} feedstocks have a pull request or are done.{' '}
        <a href={rawUrl}>Raw data of {name}</a>
      </p>
      <Table details={details} />
    </>
  );
}

export default function MigrationDetails(): ReactNode {
  const {migrationDetails} = useSources();
  const location = useLocation();
  const name = new URLSearchParams(location.search).get('name')?.trim() ?? '';
  const url = name ? fillTemplate(migrationDetails, name) : '';
  const state = useRemoteData(
    (signal) => (url ? fetchJson(url, parseMigrationDetails, {signal}) : Promise.resolve(null)),
    [url],
  );
  if (!name) {
    return (
      <div role="alert" className={styles.notice}>
        <h1>Migration status</h1>
        <p>No migration was named in the address. Pick one from the list of current migrations.</p>
        <Link to="/status/#migrations">Back to the migrations</Link>
      </div>
    );
  }
  return (
    <>
      <h1>
        Migration <code>{name}</code>
      </h1>
      <p>
        <Link to="/status/#migrations">← All migrations</Link>
      </p>
      <DataState state={state} what={`details of ${name}`}>
        {(details) => (details ? <Loaded name={name} details={details} rawUrl={url} /> : null)}
      </DataState>
    </>
  );
}
