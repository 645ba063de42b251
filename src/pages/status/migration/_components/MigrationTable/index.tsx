import React, {memo, useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import clsx from 'clsx';
import RelativeTime from '@site/src/components/RelativeTime';
import {
  MIGRATION_STATES,
  STATE_LABELS,
  type FeedstockStatus,
  type MigrationDetails,
  type MigrationState,
} from '@site/src/lib/status/migration';
import {
  ciBadge,
  CI_BADGES,
  feedstockFromHash,
  MERGE_STATE_DOCS,
  pageOf,
  sortFeedstocks,
  type SortDirection,
  type SortKey,
} from '@site/src/lib/status/migrationView';
import {
  ALL_FILTER,
  ATTENTION,
  DEFAULT_FILTER,
  describeFilter,
  isLongWaiting,
  LONG_WAIT_DAYS,
  matchesFilter,
  needsAttention,
  onlyState,
  pressedStates,
  readFilter,
  sameFilter,
  toggleState,
  withState,
  writeFilter,
  type StatusFilter,
} from '@site/src/lib/status/migrationFilter';
import SafeMarkup from '@site/src/components/SafeMarkup';
import {Badge} from '../../../_components/StatusCard';
import SortableHeader from '../../../_components/SortableHeader';
import {groupThousands} from '@site/src/lib/format/english';
import styles from './styles.module.css';

/** Children named in a row at most; the bot's file may list thousands. */
const SHOWN_CHILDREN = 20;

/** The class that colours a status (bar segments and filter dots), shared with MigrationDetails. */
export const stateClass = (state: MigrationState): string => styles[`state-${state}`];

const COLUMNS: Array<{key: SortKey; label: string; first: SortDirection}> = [
  {key: 'name', label: 'Name', first: 'ascending'},
  {key: 'state', label: 'Migration status', first: 'ascending'},
  {key: 'ci', label: 'CI status', first: 'ascending'},
  {key: 'updated', label: 'Last updated', first: 'descending'},
  {key: 'descendants', label: 'Descendants', first: 'descending'},
  {key: 'children', label: 'Immediate children', first: 'descending'},
];

export function CiBadge({status}: {status?: string}): ReactNode {
  const badge = ciBadge(status);
  if (!badge) return <span className={styles.none}>no PR</span>;
  return (
    <Badge tone={badge.tone} title={badge.description}>
      {badge.label}
    </Badge>
  );
}

/** The bot's note before a PR exists (HTML), sanitised (kind `note`) only once it is opened. */
function NoteRow({name, html, id}: {name: string; html: string; id: string}): ReactNode {
  return (
    <tr className={styles.noteRow}>
      <td colSpan={COLUMNS.length}>
        {/* Bounded, with its own scroll: a long solver log never widens the table or fills the page. */}
        <div id={id} className={styles.note} role="region" aria-label={`Bot note on ${name}`} tabIndex={0}>
          <SafeMarkup kind="note" source={html} className={styles.pre} what={`note on ${name}`} />
        </div>
      </td>
    </tr>
  );
}

/** A feedstock's immediate children: links to their rows when the migration lists them. */
function Children({names, known}: {names: string[]; known: ReadonlySet<string>}): ReactNode {
  if (names.length === 0) return <span className={styles.none}>none</span>;
  return (
    <ul className={styles.children}>
      {names.slice(0, SHOWN_CHILDREN).map((child, i) => (
        <li key={i}>{known.has(child) ? <a href={`#${encodeURIComponent(child)}`}>{child}</a> : child}</li>
      ))}
      {names.length > SHOWN_CHILDREN && (
        <li className={styles.more}>and {groupThousands(names.length - SHOWN_CHILDREN)} more</li>
      )}
    </ul>
  );
}

const Row = memo(function Row({
  feedstock: f,
  now,
  target,
  known,
}: {
  feedstock: FeedstockStatus;
  now: number;
  target: boolean;
  known: ReadonlySet<string>;
}): ReactNode {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  return (
    <>
      <tr className={clsx(target && styles.target)} aria-current={target ? 'true' : undefined} data-feedstock={f.name}>
        <th scope="row" className={styles.name} tabIndex={target ? -1 : undefined}>
          {/* The # is drawn by CSS: the cell's text stays the feedstock's name. */}
          <a className={styles.permalink} href={`#${encodeURIComponent(f.name)}`} aria-label={`Link to ${f.name}`} />
          {f.prUrl ? (
            <a href={f.prUrl}>{f.name}</a>
          ) : f.prePrStatus ? (
            <button
              type="button"
              className={styles.disclosure}
              aria-expanded={open}
              aria-controls={open ? noteId : undefined}
              onClick={() => setOpen(!open)}
            >
              {f.name}
            </button>
          ) : (
            f.name
          )}
        </th>
        <td className={styles.state}>
          <span className={clsx(styles.dot, stateClass(f.state))} aria-hidden="true" />
          {STATE_LABELS[f.state]}
          {isLongWaiting(f, now) && <span className={styles.waiting}>no update for {LONG_WAIT_DAYS}+ days</span>}
        </td>
        <td className={styles.ci}>
          <CiBadge status={f.prStatus} />
        </td>
        <td className={styles.age}>
          {f.updatedAt === undefined ? (
            <span className={styles.none}>—</span>
          ) : f.updatedAt === null ? (
            <span className={styles.none}>unknown</span>
          ) : (
            <RelativeTime time={f.updatedAt} now={now} />
          )}
        </td>
        <td className={clsx(styles.number, styles.descendants)}>
          {f.descendants ?? <span className={styles.none}>—</span>}
          <span className={styles.phoneOnly}> descendants</span>
        </td>
        <td className={styles.childCell}>
          <span className={styles.phoneOnly}>Children: </span>
          <Children names={f.children} known={known} />
        </td>
      </tr>
      {open && f.prePrStatus && <NoteRow name={f.name} html={f.prePrStatus} id={noteId} />}
    </>
  );
});

function Legend(): ReactNode {
  return (
    <details className={styles.legend}>
      <summary>What the CI statuses mean</summary>
      <dl>
        {CI_BADGES.map((badge) => (
          <div key={badge.status} className={styles.legendItem}>
            <dt>
              <CiBadge status={badge.status} /> <code>{badge.status}</code>
            </dt>
            <dd>{badge.description}</dd>
          </div>
        ))}
      </dl>
      <p>
        The values are GitHub’s <a href={MERGE_STATE_DOCS}>merge state of a pull request</a>.
      </p>
    </details>
  );
}

/** Rows per page: large migrations list 2,000 feedstocks, and a table that long lays out slowly. */
export const PAGE_SIZE = 100;

function Pager({page, pages, onPage}: {page: number; pages: number; onPage: (page: number) => void}): ReactNode {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label="Pages of feedstocks">
      <button
        type="button"
        className="button button--sm button--secondary"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span>
        Page {page + 1} of {pages}
      </span>
      <button
        type="button"
        className="button button--sm button--secondary"
        disabled={page >= pages - 1}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/** The table's filter, kept in the address (`show=`), so that a view can be shared. */
function useFilter(): [StatusFilter, (next: StatusFilter) => void] {
  const location = useLocation();
  const history = useHistory();
  const filter = useMemo(() => readFilter(new URLSearchParams(location.search)), [location.search]);
  const setFilter = useCallback(
    (next: StatusFilter) => {
      const params = writeFilter(new URLSearchParams(location.search), next).toString();
      // Replaced, not pushed: Back leaves the page instead of undoing filter clicks one by one.
      history.replace({pathname: location.pathname, search: params ? `?${params}` : '', hash: location.hash});
    },
    [history, location.pathname, location.search, location.hash],
  );
  return [filter, setFilter];
}

function Filters({
  details,
  filter,
  attention,
  onFilter,
}: {
  details: MigrationDetails;
  filter: StatusFilter;
  attention: number;
  onFilter: (next: StatusFilter) => void;
}): ReactNode {
  const pressed = pressedStates(filter);
  const total = details.feedstocks.length + details.omitted;
  const views: Array<{filter: StatusFilter; label: string; count: number; className?: string}> = [
    {filter: ATTENTION, label: 'Needs attention', count: attention, className: styles.attention},
    {filter: DEFAULT_FILTER, label: 'Not done', count: total - details.counts.done},
    {filter: ALL_FILTER, label: 'All', count: total},
  ];
  return (
    <div className={styles.filters}>
      <div className={styles.filterRow} role="group" aria-labelledby="migration-views">
        <span id="migration-views" className={styles.filterLabel}>
          Show
        </span>
        {views.map((view) => (
          <button
            key={view.label}
            type="button"
            aria-pressed={sameFilter(filter, view.filter)}
            className={clsx(
              'button button--sm cf-toggle',
              sameFilter(filter, view.filter) ? 'button--primary' : 'button--secondary',
              styles.view,
              view.className,
            )}
            onClick={() => onFilter(view.filter)}
          >
            {view.label} ({groupThousands(view.count)})
          </button>
        ))}
      </div>
      <div className={styles.filterRow} role="group" aria-labelledby="migration-states">
        <span id="migration-states" className={styles.filterLabel}>
          Statuses
        </span>
        {MIGRATION_STATES.map((state) => (
          <span key={state} className={styles.chip}>
            <button
              type="button"
              aria-pressed={pressed.includes(state)}
              className={clsx(
                'button button--sm cf-toggle',
                pressed.includes(state) ? 'button--primary' : 'button--secondary',
                styles.chipToggle,
              )}
              onClick={() => onFilter(toggleState(filter, state))}
            >
              <span className={clsx(styles.dot, stateClass(state))} aria-hidden="true" />
              {STATE_LABELS[state]} ({groupThousands(details.counts[state])})
            </button>
            <button
              type="button"
              className={clsx('button button--sm button--secondary', styles.only)}
              aria-label={`Only ${STATE_LABELS[state]}`}
              onClick={() => onFilter(onlyState(state))}
            >
              only
            </button>
          </span>
        ))}
      </div>
    </div>
  );
}

/**
 * The feedstocks of a migration: views (Needs attention, Not done, All) and a button per status,
 * each with an "only" button beside it, all kept in the address; a name search; a sortable table
 * (by descendants, most first) in pages of PAGE_SIZE rows, whose headings stay in view; and a
 * legend of the CI badges. Below 600 px the rows become a list. Sorting is memoised apart from
 * filtering, and rows are memoised.
 */
export default function MigrationTable({details}: {details: MigrationDetails}): ReactNode {
  const [filter, setFilter] = useFilter();
  const [sort, setSort] = useState<{key: SortKey; direction: SortDirection}>({
    key: 'descendants',
    direction: 'descending',
  });
  const [find, setFind] = useState('');
  const [page, setPage] = useState(0);
  const [now] = useState(() => Date.now());
  const known = useMemo(() => new Set(details.feedstocks.map((f) => f.name)), [details]);
  const attention = useMemo(() => details.feedstocks.filter((f) => needsAttention(f, now)).length, [details, now]);
  // A feedstock named in the address (`#name`): its status is shown, its page opened, its row
  // highlighted and scrolled to. A permanent link to one row of a migration.
  const {hash} = useLocation();
  const target = feedstockFromHash(hash);
  const targetRow = useMemo(
    () => (target === null ? undefined : details.feedstocks.find((f) => f.name === target)),
    [details, target],
  );
  const sorted = useMemo(() => sortFeedstocks(details.feedstocks, sort.key, sort.direction), [details, sort]);
  const rows = useMemo(() => {
    const needle = find.trim().toLowerCase();
    return sorted.filter((f) => matchesFilter(f, filter, now) && (!needle || f.name.toLowerCase().includes(needle)));
  }, [sorted, filter, find, now]);
  const targetShown = targetRow !== undefined && matchesFilter(targetRow, filter, now);
  useEffect(() => {
    if (!targetRow) return;
    setFind('');
    if (!targetShown) setFilter(withState(filter, targetRow.state));
    // Only a new link (hash) or a row's status hidden by it asks for this; a filter the reader
    // changes afterwards is their own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [targetRow, hash]);
  const targetPage = targetRow && target !== null ? pageOf(rows, target, PAGE_SIZE) : null;
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  // Each link is followed once: sorting or paging afterwards is the person's own.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (targetPage === null || opened.current === hash) return;
    opened.current = hash;
    setPage(targetPage);
  }, [targetPage, hash]);
  const tableRef = useRef<HTMLTableElement>(null);
  const scrolled = useRef<string | null>(null);
  const shownTarget = targetPage !== null && current === targetPage;
  useEffect(() => {
    if (!shownTarget || target === null || scrolled.current === hash) return;
    scrolled.current = hash;
    const row = tableRef.current?.querySelector<HTMLElement>(`tr[data-feedstock="${CSS.escape(target)}"]`);
    row?.scrollIntoView({block: 'center'});
    row?.querySelector<HTMLElement>('th')?.focus({preventScroll: true});
  }, [shownTarget, target, hash]);
  const visible = rows.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);

  const changeFilter = (next: StatusFilter) => {
    setPage(0);
    setFilter(next);
  };
  const sortBy = (key: SortKey, first: SortDirection) => {
    setPage(0);
    setSort((prev) =>
      prev.key === key
        ? {key, direction: prev.direction === 'ascending' ? 'descending' : 'ascending'}
        : {key, direction: first},
    );
  };

  return (
    <>
      <Filters details={details} filter={filter} attention={attention} onFilter={changeFilter} />
      <label className={styles.findLabel} htmlFor="find-feedstock">
        Find a feedstock
      </label>
      <input
        id="find-feedstock"
        className={`cf-input ${styles.find}`}
        type="search"
        value={find}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setPage(0);
          setFind(event.target.value);
        }}
      />
      <p className={styles.summary} role="status">
        {groupThousands(rows.length)} of {groupThousands(details.feedstocks.length)} feedstocks match (
        {describeFilter(filter)})
        {rows.length > PAGE_SIZE &&
          `; rows ${groupThousands(current * PAGE_SIZE + 1)}–${groupThousands(current * PAGE_SIZE + visible.length)} are shown`}
        .
      </p>
      <table className={styles.table} ref={tableRef}>
        <caption className={styles.caption}>Feedstocks of the migration; select a column heading to sort.</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <SortableHeader
                key={column.key}
                label={column.label}
                sorted={sort.key === column.key ? sort.direction : undefined}
                onSort={() => sortBy(column.key, column.first)}
                className={styles[`column-${column.key}`]}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={COLUMNS.length}>No feedstocks match the selected statuses and name.</td>
            </tr>
          )}
          {visible.map((f) => (
            <Row key={`${f.state}:${f.name}`} feedstock={f} now={now} target={f.name === target} known={known} />
          ))}
        </tbody>
      </table>
      <Pager page={current} pages={pages} onPage={setPage} />
      <Legend />
    </>
  );
}
