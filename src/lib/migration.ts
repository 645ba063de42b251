/** Shaping of a migration's status file (migration_json/<name>.json): pure functions, unit-tested. */
import {expectRecord, expectStringArray, isRecord} from './fetchData';

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
