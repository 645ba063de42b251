/**
 * The frame shared by the status dashboard's cards: a titled section, status badges, and the
 * "settled" reports the dashboard waits for before it scrolls to a deep link (/status/#migrations).
 */
import React, {createContext, useContext, useEffect, useId, type ReactNode} from 'react';
import clsx from 'clsx';
import {sectionTitle, type SectionId, type Tone} from '@site/src/lib/status/index';
import styles from './styles.module.css';

interface CardProps {
  id: SectionId;
  /** Shown beside the title, e.g. a count or the worst severity. */
  badge?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}

export function Card({id, badge, wide, children}: CardProps): ReactNode {
  return (
    <section id={id} className={clsx(styles.card, wide && styles.wide)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {sectionTitle(id)}
        {badge ? <span className={styles.titleBadge}>{badge}</span> : null}
      </h2>
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
