/**
 * The frame shared by the status dashboard's cards: a titled section, status badges, and the
 * "settled" reports the dashboard waits for before it scrolls to a deep link (/status/#migrations).
 */
import React, {createContext, useContext, useEffect, useId, useSyncExternalStore, type ReactNode} from 'react';
import clsx from 'clsx';
import {sectionTitle, type SectionId, type Tone} from '@site/src/lib/status/index';
import DataState from '@site/src/components/DataState';
import RelativeTime from '@site/src/components/RelativeTime';
import {isStale, STALE_AFTER} from '@site/src/lib/status/freshness';
import {loadOnce} from '@site/src/lib/data/sessionCache';
import {useNow} from '@site/src/lib/data/useNow';
import {useRemoteData, type RemoteState} from '@site/src/lib/data/useRemoteData';
import {cardOutageSentence, summarize, type SourceRegistry, type SourceStatus} from '@site/src/lib/status/outage';
import {useSources} from '@site/src/lib/data/useSources';
import {statusData} from '@site/src/lib/status/data';
import styles from './styles.module.css';

interface CardProps {
  id: SectionId;
  /** Shown beside the title, e.g. a count or the worst severity. */
  badge?: ReactNode;
  wide?: boolean;
  /** How fresh the card's data is (DataAge or CheckedAge), under the title; null while it is not known yet. */
  freshness?: ReactNode;
  children: ReactNode;
}

export function Card({id, badge, wide, freshness, children}: CardProps): ReactNode {
  return (
    <section id={id} className={clsx(styles.card, wide && styles.wide)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {sectionTitle(id)}
        {badge ? <span className={styles.titleBadge}>{badge}</span> : null}
      </h2>
      <CardLines id={id} freshness={freshness} />
      {children}
    </section>
  );
}

/* ------------------------------------------------------------ sources that could not be reached */

/**
 * The dashboard's registry of live sources (src/lib/status/outage.ts); null elsewhere (the
 * migration page), where each source keeps its own message and Retry.
 */
const RegistryContext = createContext<SourceRegistry | null>(null);
export const SourceRegistryProvider = RegistryContext.Provider;
export const useSourceRegistry = (): SourceRegistry | null => useContext(RegistryContext);

const noRegistry = () => () => undefined;
const noReports = () => [] as const;

/** Every report of the registry, kept current (none outside the dashboard). */
export function useSourceReports() {
  const registry = useSourceRegistry();
  return useSyncExternalStore(
    registry?.subscribe ?? noRegistry,
    registry?.snapshot ?? noReports,
    registry?.snapshot ?? noReports,
  );
}

interface ReportOptions {
  /** The source (a name of the source registry, or a details file). */
  source: string;
  /** What it is, in the list of sources that failed. */
  label: string;
  card: SectionId;
}

/** Reports a source's state to the dashboard's registry; withdrawn when the part unmounts. */
export function useSourceReport(
  state: {status: SourceStatus; message?: string; retry: () => void},
  options: ReportOptions,
): void {
  const registry = useSourceRegistry();
  const place = useId();
  const {source, label, card} = options;
  const message = state.status === 'error' ? state.message : undefined;
  // Only what a report says goes into the effect's dependencies, not the state object itself.
  useEffect(() => {
    registry?.set(place, {source, label, card, status: state.status, message, retry: state.retry});
  }, [registry, place, source, label, card, state.status, message, state.retry]);
  useEffect(() => () => registry?.delete(place), [registry, place]);
}

/**
 * The lines under a card's title: how fresh its data is, and, when some of its sources could not
 * be reached, a muted line with one Retry for them. A card that says how fresh its data is keeps
 * that line's place while it loads (no shift); a card with nothing fresh to say gives the place to
 * its outage line.
 */
function CardLines({id, freshness}: {id: SectionId; freshness: ReactNode | undefined}): ReactNode {
  const registry = useSourceRegistry();
  const reports = useSourceReports();
  const {failed, total} = summarize(reports.filter((report) => report.card === id));
  const outage =
    registry && failed.length > 0 ? (
      <CardOutage
        sentence={cardOutageSentence(failed.length, total)}
        onRetry={() => registry.retryFailed(id)}
        id={id}
      />
    ) : null;
  if (freshness === undefined || (freshness === null && outage)) return outage;
  return (
    <>
      <Freshness>{freshness ?? <span aria-hidden="true">&nbsp;</span>}</Freshness>
      {outage}
    </>
  );
}

function CardOutage({id, sentence, onRetry}: {id: SectionId; sentence: string; onRetry: () => void}): ReactNode {
  return (
    <p className={styles.outage}>
      <span>{sentence}</span>
      <button
        type="button"
        className="button button--sm button--secondary"
        aria-label={`Retry ${sectionTitle(id)}`}
        onClick={onRetry}
      >
        Retry
      </button>
    </p>
  );
}

/** The compact mark of a row whose source could not be reached. */
export function Unavailable(): ReactNode {
  return <span className={styles.unavailable}>unavailable</span>;
}

/**
 * DataState for the dashboard: loading and ready as everywhere, but a failed source is a muted
 * "unavailable" mark (`inline`, in a row) or nothing (a card with a single source), since the page
 * says at the top which sources failed and why, and the card has one Retry for its own.
 */
export function SourceState<T>({
  state,
  what,
  report,
  inline,
  children,
}: {
  state: RemoteState<T> & {retry: () => void};
  what: string;
  report: ReportOptions;
  inline?: boolean;
  children: (data: T) => ReactNode;
}): ReactNode {
  useSourceReport(state, report);
  const registry = useSourceRegistry();
  if (state.status === 'error' && registry) return inline ? <Unavailable /> : null;
  return (
    <DataState state={state} what={what}>
      {children}
    </DataState>
  );
}

/** A coloured status word, the same on every status page (AA in both colour modes). */
export function Badge({tone, title, children}: {tone: Tone; title?: string; children: ReactNode}): ReactNode {
  return (
    <span className={clsx(styles.badge, styles[tone])} title={title}>
      {children}
    </span>
  );
}

/** The muted line that says how fresh data is, under a title (a card's, or a page's). */
export function Freshness({children}: {children: ReactNode}): ReactNode {
  return <div className={styles.freshness}>{children}</div>;
}

/**
 * "Updated 3 hours ago": the time the source says its data was written. Older than `staleAfter`,
 * it is marked as possibly stale and `staleNote` says what that means for this data.
 */
export function DataAge({
  time,
  staleAfter,
  staleNote,
}: {
  time: number;
  staleAfter: number;
  staleNote: string;
}): ReactNode {
  const now = useNow();
  const stale = isStale(time, now, staleAfter);
  return (
    <p>
      {stale && (
        <>
          <Badge tone="warning">Possibly stale</Badge>{' '}
        </>
      )}
      Updated <RelativeTime time={time} now={now} />
      {stale ? `. ${staleNote}` : null}
    </p>
  );
}

const STATUS_FILES_UNKNOWN = 'When the bot last updated this data is unknown right now.';

/**
 * When the migration bot last wrote its status files (migrations, version updates), from the
 * newest commit under `status/` of its data repository: one request per page, however many cards
 * show it. Optional: without it the cards still show their data, and a muted line says so.
 */
export function StatusFilesAge({card}: {card?: SectionId}): ReactNode {
  const {statusFilesCommit: url} = useSources();
  const state = useRemoteData(
    () =>
      loadOnce(url, () =>
        statusData().then(({fetchJson, parseLatestCommitTime}) => fetchJson(url, parseLatestCommitTime)),
      ),
    [url],
  );
  // On the dashboard, the card's Retry asks again; on a migration's page, the line has its own.
  useSourceReport(state, {
    source: 'statusFilesCommit',
    label: 'When the bot last wrote its status files',
    card: card ?? 'migrations',
  });
  const registry = useSourceRegistry();
  if (registry && state.status === 'error') return <p>{STATUS_FILES_UNKNOWN}</p>;
  return (
    <DataState state={state} what="update time" quiet={STATUS_FILES_UNKNOWN}>
      {(time) => (
        <DataAge
          time={time}
          staleAfter={STALE_AFTER.statusFiles}
          staleNote="The migration bot has not written new status files since, so the numbers may be out of date."
        />
      )}
    </DataState>
  );
}

/** "Checked just now", "Checked 2 minutes ago": for live sources, which answer with their state at the moment asked. */
export function CheckedAge({time}: {time: number}): ReactNode {
  return (
    <p>
      Checked <RelativeTime time={time} now={useNow()} />
    </p>
  );
}

/** Receives "this source is settled (loaded or failed)" reports, keyed by source. */
export type SettleReport = (key: string, settled: boolean | null) => void;

const SettleContext = createContext<SettleReport>(() => undefined);
export const SettleProvider = SettleContext.Provider;

/** Reports whether a source of a card has settled; unmounting withdraws the report. */
export function useSettled(settled: boolean): void {
  const report = useContext(SettleContext);
  const key = useId();
  useEffect(() => report(key, settled), [report, key, settled]);
  useEffect(() => () => report(key, null), [report, key]);
}
