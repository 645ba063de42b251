import React, {useCallback, useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import {createStorageSlot} from '@docusaurus/theme-common';
import DataState from '@site/src/components/DataState';
import {Badge, Card, StatusFilesAge, Unavailable, useSettled, useSourceReport} from '../StatusCard';
import SortableHeader from '../SortableHeader';
import {DataError} from '@site/src/lib/data/validate';
import {MIGRATION_STATES, STATE_LABELS, type MigrationDetails} from '@site/src/lib/status/migration';
import {fillTemplate, type Sources} from '@site/src/lib/data/sources';
import {
  COLLAPSED_KEY,
  countOf,
  DEFAULT_COLLAPSED,
  DEFAULT_SORT,
  MIGRATION_GROUPS,
  migrationRow,
  nextSort,
  parseCollapsed,
  parseSortState,
  SORT_KEY,
  sortMigrationRows,
  type Collapsed,
  type MigrationGroup,
  type MigrationList,
  type SortColumn,
  type SortState,
} from '@site/src/lib/status/index';
import {useRemoteData, type RemoteState} from '@site/src/lib/data/useRemoteData';
import RelativeTime from '@site/src/components/RelativeTime';
import {useNow} from '@site/src/lib/data/useNow';
import type {MigrationEntryNote} from '@site/src/lib/status/freshness';
import {groupThousands} from '@site/src/lib/format/english';
import {statusData} from '@site/src/lib/status/data';
import styles from './styles.module.css';

const COLUMNS: Array<{key: SortColumn; label: string}> = [
  {key: 'name', label: 'Name'},
  {key: 'status', label: 'Done or in PR'},
  ...MIGRATION_STATES.map((state) => ({key: state, label: STATE_LABELS[state]})),
];

type DetailState =
  {status: 'loading'} | {status: 'ready'; details: MigrationDetails} | {status: 'error'; message: string};

// Sort order and open groups are remembered through Docusaurus's fail-safe storage slots: with
// storage full or disabled, the choice lasts for this visit only.
const readStorage = (key: string): string | null => createStorageSlot(key).get();
const writeStorage = (key: string, value: unknown): void => createStorageSlot(key).set(JSON.stringify(value));

/**
 * The details files of the migrations, fetched on demand (a few at a time, src/lib/status/load.ts).
 * Each name is fetched once; `retry` fetches one again.
 */
function useMigrationDetails(template: string) {
  // By migration name: a Map, since names come from the bot's lists (`constructor` is a name too).
  const [states, setStates] = useState<ReadonlyMap<string, DetailState>>(new Map());
  const requested = useRef(new Set<string>());
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    controller.current = new AbortController();
    requested.current = new Set();
    setStates(new Map());
    return () => controller.current?.abort();
  }, [template]);

  const load = useCallback(
    (name: string) => {
      const signal = controller.current?.signal;
      if (!signal || signal.aborted) return;
      const put = (state: DetailState) => setStates((prev) => new Map(prev).set(name, state));
      put({status: 'loading'});
      statusData()
        .then(({loadMigrationDetails}) => loadMigrationDetails(fillTemplate(template, name), signal))
        .then(
          (details) => {
            if (!signal.aborted) put({status: 'ready', details});
          },
          (error: unknown) => {
            if (signal.aborted) return;
            const message = error instanceof DataError ? error.message : 'The data could not be loaded.';
            put({status: 'error', message});
          },
        );
    },
    [template],
  );

  const request = useCallback(
    (names: string[]) => {
      for (const name of names) {
        if (requested.current.has(name)) continue;
        requested.current.add(name);
        load(name);
      }
    },
    [load],
  );

  return {states, request, retry: load};
}

function Progress({
  name,
  done,
  total,
  percent,
}: {
  name: string;
  done: number;
  total: number;
  percent: number;
}): ReactNode {
  const rounded = Math.round(percent);
  return (
    <div className={styles.progress}>
      <span
        className={styles.track}
        role="progressbar"
        aria-label={`Done or in PR for ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        aria-valuetext={`${done} of ${total} (${rounded}%)`}
      >
        <span className={styles.fill} style={{width: `${percent}%`}} />
      </span>
      <span className={styles.ratio}>
        {done}/{total}
      </span>
    </div>
  );
}

/** What the bot's list says of a migration beyond its name: when it was closed, or a note. */
function EntryNote({note}: {note: MigrationEntryNote}): ReactNode {
  const now = useNow();
  return (
    <span className={styles.entryNote}>
      {note.closedAt !== undefined && (
        <>
          closed <RelativeTime time={note.closedAt} now={now} />
        </>
      )}
      {note.text}
    </span>
  );
}

function Row({
  name,
  note,
  state,
  onRetry,
}: {
  name: string;
  note: MigrationEntryNote | undefined;
  state: DetailState | undefined;
  onRetry: (name: string) => void;
}): ReactNode {
  const row = migrationRow(name, state?.status === 'ready' ? state.details : undefined);
  const retry = useCallback(() => onRetry(name), [onRetry, name]);
  useSourceReport(
    {status: state?.status ?? 'loading', message: state?.status === 'error' ? state.message : undefined, retry},
    {source: `details:${name}`, label: `Current migrations: progress of ${name}`, card: 'migrations'},
  );
  return (
    <tr>
      <th scope="row" className={styles.name}>
        <Link to={`/status/migration/?name=${encodeURIComponent(name)}`}>{name}</Link>
        {note && <EntryNote note={note} />}
      </th>
      {row.progress && row.counts ? (
        <>
          <td>
            <Progress name={name} {...row.progress} />
          </td>
          {MIGRATION_STATES.map((s) => (
            <td key={s} className={styles.count}>
              {row.counts?.[s]}
            </td>
          ))}
        </>
      ) : state?.status === 'error' ? (
        <td colSpan={COLUMNS.length - 1} className={styles.pending}>
          Progress <Unavailable />
        </td>
      ) : (
        <td colSpan={COLUMNS.length - 1} className={styles.pending}>
          Loading progress…
        </td>
      )}
    </tr>
  );
}

interface GroupProps {
  group: (typeof MIGRATION_GROUPS)[number];
  list: RemoteState<MigrationList> & {retry: () => void};
  collapsed: boolean;
  onToggle: (group: MigrationGroup) => void;
  sort: SortState;
  details: ReadonlyMap<string, DetailState>;
  onRetry: (name: string) => void;
}

function Group({group, list, collapsed, onToggle, sort, details, onRetry}: GroupProps): ReactNode {
  useSourceReport(list, {
    source: group.source,
    label: `Current migrations: list of ${group.title.toLowerCase()}`,
    card: 'migrations',
  });
  const rows = useMemo(() => {
    if (list.status !== 'ready') return [];
    const shaped = list.data.names.map((name) => {
      const state = details.get(name);
      return migrationRow(name, state?.status === 'ready' ? state.details : undefined);
    });
    return sortMigrationRows(shaped, sort);
  }, [list, details, sort]);
  return (
    <tbody data-group={group.key}>
      <tr className={styles.groupRow}>
        <th colSpan={COLUMNS.length} scope="rowgroup">
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={!collapsed}
            onClick={() => onToggle(group.key)}
          >
            <span className={clsx(styles.chevron, !collapsed && styles.open)} aria-hidden="true" />
            {group.title} {list.status === 'ready' && <Badge tone="neutral">{list.data.total}</Badge>}
          </button>
        </th>
      </tr>
      {!collapsed &&
        (list.status === 'error' ? (
          <tr>
            <td colSpan={COLUMNS.length} className={styles.pending}>
              The list is <Unavailable />.
            </td>
          </tr>
        ) : list.status !== 'ready' ? (
          <tr>
            <td colSpan={COLUMNS.length}>
              <DataState state={list} what={group.title.toLowerCase()}>
                {() => null}
              </DataState>
            </td>
          </tr>
        ) : rows.length === 0 ? (
          <tr>
            <td colSpan={COLUMNS.length} className={styles.pending}>
              No migrations in this group.
            </td>
          </tr>
        ) : (
          <>
            {rows.map((row) => (
              <Row
                key={row.name}
                name={row.name}
                note={list.data.notes.get(row.name)}
                state={details.get(row.name)}
                onRetry={onRetry}
              />
            ))}
            {list.data.total > list.data.names.length && (
              <tr>
                <td colSpan={COLUMNS.length} className={styles.pending}>
                  The first {groupThousands(list.data.names.length)} of {groupThousands(list.data.total)} migrations of
                  this group are listed.
                </td>
              </tr>
            )}
          </>
        ))}
    </tbody>
  );
}

/** Current migrations: the bot's migration lists by group, with each migration's progress. */
export default function StatusMigrations({sources}: {sources: Sources}): ReactNode {
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [collapsed, setCollapsed] = useState<Collapsed>(DEFAULT_COLLAPSED);
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    setSort(parseSortState(readStorage(SORT_KEY)));
    setCollapsed(parseCollapsed(readStorage(COLLAPSED_KEY)));
    setRestored(true);
  }, []);

  const lists: Record<MigrationGroup, RemoteState<MigrationList> & {retry: () => void}> = {
    longterm: useRemoteData(
      (signal) =>
        statusData().then(({fetchJson, parseMigrationList}) =>
          fetchJson(sources.migrationsLongterm, parseMigrationList, {signal}),
        ),
      [sources.migrationsLongterm],
    ),
    regular: useRemoteData(
      (signal) =>
        statusData().then(({fetchJson, parseMigrationList}) =>
          fetchJson(sources.migrationsRegular, parseMigrationList, {signal}),
        ),
      [sources.migrationsRegular],
    ),
    paused: useRemoteData(
      (signal) =>
        statusData().then(({fetchJson, parseMigrationList}) =>
          fetchJson(sources.migrationsPaused, parseMigrationList, {signal}),
        ),
      [sources.migrationsPaused],
    ),
    closed: useRemoteData(
      (signal) =>
        statusData().then(({fetchJson, parseMigrationList}) =>
          fetchJson(sources.migrationsClosed, parseMigrationList, {signal}),
        ),
      [sources.migrationsClosed],
    ),
  };
  useSettled(MIGRATION_GROUPS.every(({key}) => lists[key].status !== 'loading'));

  const {states, request, retry} = useMigrationDetails(sources.migrationDetails);
  // The names of each open group whose list has arrived: their details are requested.
  const shown = (key: MigrationGroup) => {
    const list = lists[key];
    return !collapsed[key] && list.status === 'ready' ? list.data.names : null;
  };
  const [longterm, regular, paused, closed] = [shown('longterm'), shown('regular'), shown('paused'), shown('closed')];
  useEffect(() => {
    if (!restored) return;
    for (const names of [longterm, regular, paused, closed]) if (names) request(names);
  }, [restored, request, longterm, regular, paused, closed]);

  const onSort = (by: SortColumn) => {
    const next = nextSort(sort, by);
    setSort(next);
    writeStorage(SORT_KEY, next);
  };
  const onToggle = (group: MigrationGroup) => {
    const next = {...collapsed, [group]: !collapsed[group]};
    setCollapsed(next);
    writeStorage(COLLAPSED_KEY, next);
  };

  const total = MIGRATION_GROUPS.every(({key}) => lists[key].status === 'ready')
    ? MIGRATION_GROUPS.reduce((sum, {key}) => {
        const list = lists[key];
        return sum + (list.status === 'ready' ? list.data.total : 0);
      }, 0)
    : null;

  return (
    <Card
      id="migrations"
      wide
      badge={total === null ? null : <Badge tone="neutral">{countOf(total, 'migration')}</Badge>}
      freshness={<StatusFilesAge card="migrations" />}
    >
      <p id="migrations-help" className={styles.help}>
        Migrations of the autotick bot by group. Sort with the column buttons; open or close a group with its button.
      </p>
      <div className={styles.scroll} tabIndex={0} role="region" aria-label="Migrations table">
        <table className={styles.table} aria-label="Current migrations" aria-describedby="migrations-help">
          <thead>
            <tr>
              {COLUMNS.map(({key, label}) => {
                return (
                  <SortableHeader
                    key={key}
                    label={label}
                    sorted={sort.by === key ? sort.order : undefined}
                    onSort={() => onSort(key)}
                    className={key === 'name' ? styles.textual : styles.numeric}
                  />
                );
              })}
            </tr>
          </thead>
          {MIGRATION_GROUPS.map((group) => (
            <Group
              key={group.key}
              group={group}
              list={lists[group.key]}
              collapsed={collapsed[group.key]}
              onToggle={onToggle}
              sort={sort}
              details={states}
              onRetry={retry}
            />
          ))}
        </table>
      </div>
    </Card>
  );
}
