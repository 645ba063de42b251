/**
 * The frame shared by the status dashboard's cards: a titled section, status badges, and the
 * "settled" reports the dashboard waits for before it scrolls to a deep link (/status/#migrations).
 */
import React, {createContext, useContext, useEffect, useId, type ReactNode} from 'react';
import clsx from 'clsx';
import {sectionTitle, type SectionId, type Tone} from '@site/src/lib/status/index';
import DataState from '@site/src/components/DataState';
import RelativeTime from '@site/src/components/RelativeTime';
import {isStale, parseLatestCommitTime, STALE_AFTER} from '@site/src/lib/status/freshness';
import {fetchJson} from '@site/src/lib/data/fetchData';
import {loadOnce} from '@site/src/lib/data/sessionCache';
import {useNow} from '@site/src/lib/data/useNow';
import {useRemoteData} from '@site/src/lib/data/useRemoteData';
import {useSources} from '@site/src/lib/data/useSources';
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
      {/* A card that says how fresh its data is keeps that line's place while it loads (no shift). */}
      {freshness === undefined ? null : <Freshness>{freshness ?? <span aria-hidden="true">&nbsp;</span>}</Freshness>}
      {children}
    </section>
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

/**
 * When the migration bot last wrote its status files (migrations, version updates), from the
 * newest commit under `status/` of its data repository: one request per page, however many cards
 * show it. Optional: without it the cards still show their data, and a muted line says so.
 */
export function StatusFilesAge(): ReactNode {
  const {statusFilesCommit: url} = useSources();
  const state = useRemoteData(() => loadOnce(url, () => fetchJson(url, parseLatestCommitTime)), [url]);
  return (
    <DataState state={state} what="update time" quiet="When the bot last updated this data is unknown right now.">
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

/** "Checked 2 minutes ago": for live sources, which answer with their state at the moment asked. */
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
