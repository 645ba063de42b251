import React, {memo, useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import clsx from 'clsx';
import RelativeTime from '@site/src/components/RelativeTime';
import {
  ciBadge,
  CI_BADGES,
  feedstockFromHash,
  MERGE_STATE_DOCS,
  pageOf,
  MIGRATION_STATES,
  sortFeedstocks,
  STATE_LABELS,
  type FeedstockStatus,
  type MigrationDetails,
  type MigrationState,
  type SortDirection,
  type SortKey,
} from '@site/src/lib/status/migration';
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
function PrePrStatus({name, html}: {name: string; html: string}): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
      <summary>{name}</summary>
      {open && <SafeMarkup kind="note" source={html} className={styles.pre} what={`note on ${name}`} />}
    </details>
  );
}

const Row = memo(function Row({
  feedstock: f,
  now,
  target,
}: {
  feedstock: FeedstockStatus;
  now: number;
  target: boolean;
}): ReactNode {
  return (
    <tr className={clsx(target && styles.target)} aria-current={target ? 'true' : undefined} data-feedstock={f.name}>
      <th scope="row" className={styles.name} tabIndex={target ? -1 : undefined}>
        {/* The # is drawn by CSS: the cell's text stays the feedstock's name. */}
        <a className={styles.permalink} href={`#${encodeURIComponent(f.name)}`} aria-label={`Link to ${f.name}`} />
        {f.prUrl ? (
          <a href={f.prUrl}>{f.name}</a>
        ) : f.prePrStatus ? (
          <PrePrStatus name={f.name} html={f.prePrStatus} />
        ) : (
          f.name
        )}
      </th>
      <td>
        <span className={clsx(styles.dot, stateClass(f.state))} aria-hidden="true" />
        {STATE_LABELS[f.state]}
      </td>
      <td>
        <CiBadge status={f.prStatus} />
      </td>
      <td>
        {f.updatedAt === undefined ? (
          <span className={styles.none}>—</span>
        ) : f.updatedAt === null ? (
          <span className={styles.none}>unknown</span>
        ) : (
          <RelativeTime time={f.updatedAt} now={now} />
        )}
      </td>
      <td className={styles.number}>{f.descendants ?? <span className={styles.none}>—</span>}</td>
      <td>
        {f.children.length === 0 ? (
          <span className={styles.none}>none</span>
        ) : (
          <ul className={styles.children}>
            {f.children.slice(0, SHOWN_CHILDREN).map((child, i) => (
              <li key={i}>{child}</li>
            ))}
            {f.children.length > SHOWN_CHILDREN && (
              <li className={styles.more}>and {groupThousands(f.children.length - SHOWN_CHILDREN)} more</li>
            )}
          </ul>
        )}
      </td>
    </tr>
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

/**
 * The feedstocks of a migration: filter buttons per status (Done hidden at first), a name
 * search, a sortable table (by descendants, most first) in pages of PAGE_SIZE rows, and a legend
 * of the CI badges. Sorting is memoised apart from filtering, and rows are memoised.
 */
export default function MigrationTable({details}: {details: MigrationDetails}): ReactNode {
  const [shown, setShown] = useState<ReadonlySet<MigrationState>>(
    () => new Set(MIGRATION_STATES.filter((s) => s !== 'done')),
  );
  const [sort, setSort] = useState<{key: SortKey; direction: SortDirection}>({
    key: 'descendants',
    direction: 'descending',
  });
  const [find, setFind] = useState('');
  const [page, setPage] = useState(0);
  const [now] = useState(() => Date.now());
  // A feedstock named in the address (`#name`): its status is shown, its page opened, its row
  // highlighted and scrolled to. A permanent link to one row of a migration.
  const {hash} = useLocation();
  const target = feedstockFromHash(hash);
  const targetState = useMemo(
    () => (target === null ? undefined : details.feedstocks.find((f) => f.name === target)?.state),
    [details, target],
  );
  const sorted = useMemo(() => sortFeedstocks(details.feedstocks, sort.key, sort.direction), [details, sort]);
  const rows = useMemo(() => {
    const needle = find.trim().toLowerCase();
    return sorted.filter((f) => shown.has(f.state) && (!needle || f.name.toLowerCase().includes(needle)));
  }, [sorted, shown, find]);
  useEffect(() => {
    if (!targetState) return;
    setFind('');
    setShown((prev) => (prev.has(targetState) ? prev : new Set([...prev, targetState])));
  }, [targetState, hash]);
  const targetPage = targetState && target !== null ? pageOf(rows, target, PAGE_SIZE) : null;
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

  const toggle = (state: MigrationState) => {
    setPage(0);
    setShown((prev) => {
      const next = new Set(prev);
      if (next.has(state)) next.delete(state);
      else next.add(state);
      return next;
    });
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
      <div className={styles.filters} role="group" aria-label="Show feedstocks by migration status">
        {MIGRATION_STATES.map((state) => (
          <button
            key={state}
            type="button"
            aria-pressed={shown.has(state)}
            className={clsx(
              'button button--sm cf-toggle',
              shown.has(state) ? 'button--primary' : 'button--secondary',
              styles.filter,
            )}
            onClick={() => toggle(state)}
          >
            <span className={clsx(styles.dot, stateClass(state))} aria-hidden="true" />
            {STATE_LABELS[state]} ({details.counts[state]})
          </button>
        ))}
      </div>
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
        {groupThousands(rows.length)} of {groupThousands(details.feedstocks.length)} feedstocks match
        {rows.length > PAGE_SIZE &&
          `; rows ${groupThousands(current * PAGE_SIZE + 1)}–${groupThousands(current * PAGE_SIZE + visible.length)} are shown`}
        .
      </p>
      <div className={styles.scroller}>
        <table className={styles.table} ref={tableRef}>
          <caption className={styles.caption}>Feedstocks of the migration; select a column heading to sort.</caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => {
                return (
                  <SortableHeader
                    key={column.key}
                    label={column.label}
                    sorted={sort.key === column.key ? sort.direction : undefined}
                    onSort={() => sortBy(column.key, column.first)}
                  />
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={COLUMNS.length}>No feedstocks match the selected statuses and name.</td>
              </tr>
            )}
            {visible.map((f) => (
              <Row key={`${f.state}:${f.name}`} feedstock={f} now={now} target={f.name === target} />
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={current} pages={pages} onPage={setPage} />
      <Legend />
    </>
  );
}
