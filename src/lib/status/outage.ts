/**
 * The status dashboard's account of its live sources: each part of the page that reads a source
 * reports whether it is loading, answered or failed, so that an outage is said once at the top
 * ("3 of 20 live sources could not be reached", with Retry all) and each card offers one Retry for
 * its own failed sources, instead of one red alert per row. No React here; unit-tested in
 * tests/unit/outage.test.ts.
 */
import {countOf, type SectionId} from './index';

export type SourceStatus = 'loading' | 'ready' | 'error';

export interface SourceReport {
  /** The source: reports of one source from several places (two cards) count once. */
  source: string;
  /** What the source is, for the list of failed ones ("Cloud services: GitHub"). */
  label: string;
  /** The card that shows it. */
  card: SectionId;
  status: SourceStatus;
  /** Why it failed. */
  message?: string;
  /** Asks the source again. */
  retry: () => void;
}

export interface FailedSource {
  source: string;
  label: string;
  message?: string;
}

export interface OutageSummary {
  /** Distinct sources reported. */
  total: number;
  /** Sources still loading (a source reported from several places is loading if one of them is). */
  loading: number;
  /** Failed sources, in the order they were first reported. */
  failed: FailedSource[];
}

/** Sources by their reports: a source failed when a report of it failed and none is loading. */
export function summarize(reports: Iterable<SourceReport>): OutageSummary {
  const bySource = new Map<string, SourceReport[]>();
  for (const report of reports) {
    const list = bySource.get(report.source);
    if (list) list.push(report);
    else bySource.set(report.source, [report]);
  }
  let loading = 0;
  const failed: FailedSource[] = [];
  for (const [source, list] of bySource) {
    if (list.some((report) => report.status === 'loading')) loading += 1;
    else {
      const error = list.find((report) => report.status === 'error');
      if (error) failed.push({source, label: error.label, message: error.message});
    }
  }
  return {total: bySource.size, loading, failed};
}

/** Whether two summaries say the same (the same total, and the same failed sources and reasons). */
export function sameSummary(a: OutageSummary | null, b: OutageSummary | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.total === b.total &&
    a.loading === b.loading &&
    a.failed.length === b.failed.length &&
    a.failed.every(
      (failed, i) =>
        failed.source === b.failed[i].source &&
        failed.message === b.failed[i].message &&
        failed.label === b.failed[i].label,
    )
  );
}

/** "3 of 20 live sources could not be reached." */
export function outageSentence({total, failed}: OutageSummary): string {
  return `${failed.length} of ${countOf(total, 'live source')} could not be reached.`;
}

/** A card's own line: "Could not be reached." or "2 of 8 sources could not be reached." */
export function cardOutageSentence(failed: number, total: number): string {
  if (failed >= total) return 'Could not be reached.';
  return `${failed} of ${countOf(total, 'source')} could not be reached.`;
}

/**
 * A small store of reports, keyed by the reporting place (two places may report one source).
 * Subscribers hear of every change; `snapshot` is a new array only after a change, as
 * React's useSyncExternalStore needs.
 */
export function createSourceRegistry() {
  const reports = new Map<string, SourceReport>();
  const listeners = new Set<() => void>();
  let snapshot: readonly SourceReport[] = [];
  const changed = () => {
    snapshot = [...reports.values()];
    for (const listener of listeners) listener();
  };
  return {
    set(place: string, report: SourceReport): void {
      const previous = reports.get(place);
      if (
        previous &&
        previous.status === report.status &&
        previous.message === report.message &&
        previous.retry === report.retry &&
        previous.label === report.label
      ) {
        return;
      }
      reports.set(place, report);
      changed();
    },
    delete(place: string): void {
      if (reports.delete(place)) changed();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot(): readonly SourceReport[] {
      return snapshot;
    },
    /** Asks every failed source (of one card, when given) again. */
    retryFailed(card?: SectionId): void {
      for (const report of [...reports.values()]) {
        if (report.status === 'error' && (card === undefined || report.card === card)) report.retry();
      }
    },
  };
}

export type SourceRegistry = ReturnType<typeof createSourceRegistry>;
