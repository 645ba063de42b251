import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import {createStorageSlot, PageMetadata} from '@docusaurus/theme-common';
import DataState from '@site/src/components/DataState';
import MigrationGraph from '../MigrationGraph';
import MigrationTable, {stateClass} from '../MigrationTable';
import {fetchJson} from '@site/src/lib/data/fetchData';
import {DataError, expectRecord} from '@site/src/lib/data/validate';
import RelativeTime from '@site/src/components/RelativeTime';
import {useNow} from '@site/src/lib/data/useNow';
import {Freshness, StatusFilesAge} from '../../../_components/StatusCard';
import {fillTemplate} from '@site/src/lib/data/sources';
import {boundText, MAX_TEXT} from '@site/src/lib/data/text';
import {measureProgress, STATE_LABELS, type MigrationDetails as Details} from '@site/src/lib/status/migration';
import {isValidMigrationName, migrationNote, progressSegments} from '@site/src/lib/status/migrationView';
import {parseMigrationDetails} from '@site/src/lib/status/parse';
import {useRemoteData} from '@site/src/lib/data/useRemoteData';
import {loadMarkup} from '@site/src/lib/data/markup';
import {useSources} from '@site/src/lib/data/useSources';
import {groupThousands} from '@site/src/lib/format/english';
import {
  compareSnapshots,
  describeChanges,
  openVisit,
  parseVisits,
  serializeVisits,
  takeSnapshot,
  VISITS_KEY,
  type VisitChanges,
} from '@site/src/lib/status/lastVisit';
import styles from './styles.module.css';

const STATUS_PAGE = '/status/#migrations';

/** Fetches a JSON file, answering `fallback` when the file does not exist (HTTP 404). */
async function fetchOr<T>(url: string, parse: (data: unknown) => T, fallback: T, signal: AbortSignal): Promise<T> {
  try {
    return await fetchJson(url, parse, {signal});
  } catch (error) {
    if (error instanceof DataError && error.status === 404) return fallback;
    throw error;
  }
}

function Breadcrumbs({name}: {name?: string}): ReactNode {
  return (
    <nav aria-label="Breadcrumbs">
      <ul className="breadcrumbs">
        <li className="breadcrumbs__item">
          <Link className="breadcrumbs__link" to="/status/">
            Status
          </Link>
        </li>
        <li className="breadcrumbs__item">
          <Link className="breadcrumbs__link" to={STATUS_PAGE}>
            Migrations
          </Link>
        </li>
        {name && (
          <li className="breadcrumbs__item breadcrumbs__item--active">
            <span className="breadcrumbs__link" aria-current="page">
              {name}
            </span>
          </li>
        )}
      </ul>
    </nav>
  );
}

function Problem({title, children}: {title: string; children: ReactNode}): ReactNode {
  return (
    <div className={styles.notice} role="alert">
      <h1>{title}</h1>
      {children}
      <p>
        <Link to={STATUS_PAGE}>Back to the status page and its list of migrations</Link>
      </p>
    </div>
  );
}

/** "This migration is paused / was closed", from the paused and closed lists, with what they say of it. */
function Note({name}: {name: string}): ReactNode {
  const {migrationsPaused, migrationsClosed} = useSources();
  const readList = (data: unknown) => expectRecord(data, 'the migration list');
  const state = useRemoteData(
    (signal) =>
      Promise.all([
        fetchOr(migrationsPaused, readList, {}, signal),
        fetchOr(migrationsClosed, readList, {}, signal),
      ]).then(([paused, closed]) => migrationNote(name, paused, closed)),
    [migrationsPaused, migrationsClosed, name],
  );
  const now = useNow();
  if (state.status === 'loading') return null;
  return (
    <DataState state={state} what="lists of paused and closed migrations">
      {(note) =>
        note && (
          <div className={clsx('alert alert--info', styles.note)} role="note">
            {note.state === 'paused' ? (
              'This migration is paused: the bot opens no new pull requests for it for now.'
            ) : (
              <>
                This migration has been closed
                {note.closedAt !== undefined && (
                  <>
                    {' '}
                    <RelativeTime time={note.closedAt} now={now} />
                  </>
                )}
                : the bot no longer works on it, so the numbers below are final.
              </>
            )}
            {note.text && <> The bot&apos;s note: “{note.text}”</>}
          </div>
        )
      }
    </DataState>
  );
}

function Progress({details}: {details: Details}): ReactNode {
  const progress = measureProgress(details.counts);
  const segments = progressSegments(details.counts);
  const description = segments.length
    ? segments.map((s) => `${STATE_LABELS[s.state]}: ${s.count} (${s.percent.toFixed(1)}%)`).join(', ')
    : 'No feedstocks';
  return (
    <section aria-labelledby="migration-progress">
      <h2 id="migration-progress">{Math.round(progress.percent)}% done or with an open pull request</h2>
      <div className={styles.bar} role="img" aria-label={`Feedstocks by status: ${description}`}>
        {segments.map((s) => (
          <span
            key={s.state}
            className={clsx(styles.segment, stateClass(s.state))}
            style={{flexGrow: s.count}}
            title={`${STATE_LABELS[s.state]}: ${s.count} (${s.percent.toFixed(1)}%)`}
            data-state={s.state}
          />
        ))}
      </div>
      <p>
        {groupThousands(progress.done)} of {groupThousands(progress.total)} feedstocks are done (
        {groupThousands(details.counts.done)}) or have an open pull request ({groupThousands(details.counts['in-pr'])}
        ).
      </p>
    </section>
  );
}

/**
 * What changed since the reader's last visit to this migration, from the counts this browser
 * remembered then (src/lib/status/lastVisit.ts). Read once when the details arrive; this opening
 * is remembered in turn. Nothing leaves the browser.
 */
function SinceLastVisit({name, details}: {name: string; details: Details}): ReactNode {
  const [visit] = useState(() => {
    const slot = createStorageSlot(VISITS_KEY);
    const current = takeSnapshot(details, Date.now());
    const {visits, since} = openVisit(parseVisits(slot.get()), name, current);
    return {slot, visits, changes: since ? compareSnapshots(since, current) : null};
  });
  useEffect(() => visit.slot.set(serializeVisits(visit.visits)), [visit]);
  const now = useNow();
  const {changes} = visit;
  if (!changes) {
    return (
      <p className={styles.visit}>
        Your next visit will show what changed since now. The numbers are kept in this browser only.
      </p>
    );
  }
  const parts = describeChanges(changes);
  const since = <RelativeTime time={changes.since} now={now} />;
  return (
    <div className={styles.visit}>
      <p>
        {parts.length ? (
          <>
            <strong>{parts.join(', ')}</strong> since your last visit {since}.
          </>
        ) : (
          <>No change since your last visit {since}.</>
        )}
      </p>
      <NewlyStuck changes={changes} />
    </div>
  );
}

function NewlyStuck({changes}: {changes: VisitChanges}): ReactNode {
  if (changes.newlyStuckNames.length === 0) return null;
  const more = changes.newlyStuck - changes.newlyStuckNames.length;
  return (
    <details className={styles.newlyStuck}>
      <summary>Which feedstocks are newly stuck</summary>
      <ul>
        {changes.newlyStuckNames.map((feedstock) => (
          <li key={feedstock}>
            <a href={`#${encodeURIComponent(feedstock)}`}>{feedstock}</a>
          </li>
        ))}
      </ul>
      {more > 0 && <p>And {groupThousands(more)} more.</p>}
    </details>
  );
}

type View = 'table' | 'graph';
const VIEWS: Array<{id: View; label: string}> = [
  {id: 'table', label: 'Table'},
  {id: 'graph', label: 'Graph'},
];

/** Table | Graph tabs (WAI-ARIA tabs pattern with automatic activation); the graph loads on first use. */
function Views({name, details}: {name: string; details: Details}): ReactNode {
  const {migrationGraph} = useSources();
  const [view, setView] = useState<View>('table');
  const [graphUsed, setGraphUsed] = useState(false);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const select = (next: View, focus = false) => {
    setView(next);
    if (next === 'graph') setGraphUsed(true);
    if (focus) tabs.current[VIEWS.findIndex((v) => v.id === next)]?.focus();
  };
  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const last = VIEWS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    select(VIEWS[target].id, true);
  };
  return (
    <>
      <div role="tablist" aria-label="Views of the migration" className={clsx('tabs', styles.tabs)}>
        {VIEWS.map((v, index) => (
          <button
            key={v.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${v.id}`}
            aria-selected={view === v.id}
            aria-controls={`panel-${v.id}`}
            tabIndex={view === v.id ? 0 : -1}
            className={clsx('tabs__item', styles.tab, view === v.id && 'tabs__item--active')}
            onClick={() => select(v.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {v.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="panel-table"
        aria-labelledby="tab-table"
        hidden={view !== 'table'}
        className={styles.panel}
      >
        <MigrationTable details={details} />
      </div>
      <div
        role="tabpanel"
        id="panel-graph"
        aria-labelledby="tab-graph"
        hidden={view !== 'graph'}
        className={styles.panel}
      >
        {graphUsed && <MigrationGraph name={name} url={fillTemplate(migrationGraph, name)} />}
      </div>
    </>
  );
}

/**
 * The detail page of one migration, named by `?name=`; `intro` (what a migration is) comes under
 * its heading, as it does in the server's page.
 */
export default function MigrationDetails({intro}: {intro?: ReactNode}): ReactNode {
  const {migrationDetails} = useSources();
  const location = useLocation();
  const name = new URLSearchParams(location.search).get('name')?.trim() ?? '';
  const valid = isValidMigrationName(name);
  const url = valid ? fillTemplate(migrationDetails, name) : '';
  const state = useRemoteData(
    // The renderer of the bot's notes loads beside the details, ready when a note is opened.
    (signal) =>
      url
        ? Promise.all([fetchOr<Details | null>(url, parseMigrationDetails, null, signal), loadMarkup()]).then(
            ([details]) => details,
          )
        : Promise.resolve(null),
    [url],
  );

  if (!name) {
    return (
      <>
        <PageMetadata title="Which migration?" />
        <Breadcrumbs />
        <Problem title="Which migration?">
          <p>The address names no migration. Pick one from the list of current migrations.</p>
        </Problem>
      </>
    );
  }
  const unknown = (
    <>
      <PageMetadata title="Unknown migration" />
      <Breadcrumbs />
      <Problem title="Unknown migration">
        <p>
          There is no migration called <code className={styles.unknownName}>{boundText(name, MAX_TEXT.name)}</code>. It
          may have been finished and removed, or the address may be mistyped.
        </p>
      </Problem>
    </>
  );
  if (!valid || (state.status === 'ready' && state.data === null)) return unknown;

  return (
    <>
      <PageMetadata title={`${name} migration`} />
      <Breadcrumbs name={name} />
      <div className={styles.header}>
        <h1>
          Migration <code>{name}</code>
        </h1>
        <a className={styles.raw} href={url}>
          Raw data (JSON)
        </a>
      </div>
      <Freshness>
        <StatusFilesAge />
      </Freshness>
      <Note name={name} />
      {intro}
      <DataState state={state} what={`details of ${name}`}>
        {(details) =>
          details && (
            <>
              <Progress details={details} />
              <SinceLastVisit name={name} details={details} />
              {details.omitted > 0 && (
                <p className={styles.omitted}>
                  This migration lists {groupThousands(details.feedstocks.length + details.omitted)} feedstocks; the
                  table holds {groupThousands(details.feedstocks.length)} of them, those that need attention first. The
                  progress counts all of them.
                </p>
              )}
              <Views name={name} details={details} />
            </>
          )
        }
      </DataState>
    </>
  );
}
