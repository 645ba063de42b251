/** Shaping of the status dashboard's sources: pure functions, unit-tested. */
import {DataError, expectRecord, expectStringArray, isRecord} from './fetchData';

export type Health = 'operational' | 'degraded' | 'major outage' | 'unknown';

const OPERATIONAL = ['all systems operational', 'everything is looking good', 'operational'];

export interface CloudStatus {
  text: string;
  ok: boolean;
}

/**
 * Statuspage endpoints answer `{status: {description}}`, the conda-forge monitors `{status: "…"}`.
 * Operational phrasings become "All Systems Operational"; anything else is shown as it is.
 */
export function parseCloudStatus(data: unknown): CloudStatus {
  const root = expectRecord(data, 'the status');
  const raw = isRecord(root.status) ? root.status.description : root.status;
  if (typeof raw !== 'string' || raw.trim() === '') throw new DataError('Unexpected data: no status text.');
  const ok = OPERATIONAL.includes(raw.trim().toLowerCase());
  return {text: ok ? 'All Systems Operational' : raw.trim(), ok};
}

/** CDN freshness: under 20 minutes operational, under 40 degraded, otherwise a major outage. */
export function cdnHealth(ageMinutes: number): Health {
  if (!Number.isFinite(ageMinutes) || ageMinutes < 0) return 'unknown';
  if (ageMinutes < 20) return 'operational';
  if (ageMinutes < 40) return 'degraded';
  return 'major outage';
}

/** Minutes since the CDN's plain-text "last updated" time. */
export function cdnAgeMinutes(text: string, now: Date): number {
  const then = new Date(text.trim());
  if (Number.isNaN(then.getTime())) throw new DataError('Unexpected data: the CDN time is not a date.');
  return Math.max(0, Math.floor((now.getTime() - then.getTime()) / 60000));
}

export function parseServiceHealth(data: unknown): string {
  const {status} = expectRecord(data, 'the heartbeat');
  if (typeof status !== 'string') throw new DataError('Unexpected data: the heartbeat has no status.');
  return status;
}

/** `{name: description}` → names. */
export function parseMigrationNames(data: unknown): string[] {
  return Object.keys(expectRecord(data, 'the migration list')).sort();
}

export const MIGRATION_STATES = ['done', 'in-pr', 'awaiting-pr', 'awaiting-parents', 'not-solvable', 'bot-error'] as const;
export type MigrationState = (typeof MIGRATION_STATES)[number];
export const STATE_LABELS: Record<MigrationState, string> = {
  done: 'Done',
  'in-pr': 'In PR',
  'awaiting-pr': 'Awaiting PR',
  'awaiting-parents': 'Awaiting parents',
  'not-solvable': 'Not solvable',
  'bot-error': 'Bot error',
};

export interface FeedstockStatus {
  name: string;
  state: MigrationState;
  prUrl?: string;
  prePrStatus?: string;
  prStatus?: string;
  children: string[];
  descendants?: number;
}

export interface MigrationDetails {
  counts: Record<MigrationState, number>;
  feedstocks: FeedstockStatus[];
}

/** Validates a migration_json file. */
export function parseMigrationDetails(data: unknown): MigrationDetails {
  const root = expectRecord(data, 'the migration');
  const extra = isRecord(root._feedstock_status) ? root._feedstock_status : {};
  const counts = {} as Record<MigrationState, number>;
  const feedstocks: FeedstockStatus[] = [];
  for (const state of MIGRATION_STATES) {
    const names = root[state] === undefined ? [] : expectStringArray(root[state], state);
    counts[state] = names.length;
    for (const name of names) {
      const info = isRecord(extra[name]) ? extra[name] : {};
      feedstocks.push({
        name,
        state,
        prUrl: typeof info.pr_url === 'string' ? info.pr_url : undefined,
        prePrStatus: typeof info.pre_pr_migrator_status === 'string' ? info.pre_pr_migrator_status : undefined,
        prStatus: typeof info.pr_status === 'string' ? info.pr_status : undefined,
        children: Array.isArray(info.immediate_children) ? info.immediate_children.filter((c): c is string => typeof c === 'string') : [],
        descendants: typeof info.num_descendants === 'number' ? info.num_descendants : undefined,
      });
    }
  }
  return {counts, feedstocks};
}

/** Progress: an open PR counts as done. Returns done, total and the percentage. */
export function measureProgress(counts: Record<MigrationState, number>): {done: number; total: number; percent: number} {
  const done = counts.done + counts['in-pr'];
  const total = done + counts['awaiting-parents'] + counts['awaiting-pr'] + counts['bot-error'] + counts['not-solvable'];
  return {done, total, percent: (done / (total || 1)) * 100};
}

export interface VersionUpdates {
  queued: string[];
  errored: string[];
  errors: Record<string, string>;
}

export function parseVersionStatus(data: unknown): VersionUpdates {
  const root = expectRecord(data, 'version_status.json');
  const errors: Record<string, string> = {};
  if (isRecord(root.errors)) {
    for (const [k, v] of Object.entries(root.errors)) if (typeof v === 'string') errors[k] = v;
  }
  return {
    queued: expectStringArray(root.queued ?? [], 'queued'),
    errored: expectStringArray(root.errored ?? [], 'errored'),
    errors,
  };
}
