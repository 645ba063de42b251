/**
 * A migration as the bot's status files describe it (parsed by ./parse.ts): its feedstock
 * statuses, their labels, its progress and the bounds of its lists. Shared by the dashboard and
 * the migration page; what only the migration page needs is in ./migrationView.ts. Pure, no React;
 * unit-tested in tests/unit/migration.test.ts.
 */
import type {MigrationEntryNote} from './freshness';

export const MIGRATION_STATES = [
  'done',
  'in-pr',
  'awaiting-pr',
  'awaiting-parents',
  'not-solvable',
  'bot-error',
] as const;
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
  /** Last update of the bot's PR, as epoch milliseconds; null when the file's value is not a time. */
  updatedAt?: number | null;
}

export interface MigrationDetails {
  /** Feedstocks per state, counting every one the file lists. */
  counts: Record<MigrationState, number>;
  /** At most MAX_FEEDSTOCKS rows: those that need attention first, finished ones last. */
  feedstocks: FeedstockStatus[];
  /** Feedstocks listed but left out of `feedstocks`. */
  omitted: number;
}

/** A migration page holds at most this many rows (the largest real migrations have about 5,000). */
export const MAX_FEEDSTOCKS = 20_000;

/** Progress: an open PR counts as done. Returns done, total and the percentage. */
export function measureProgress(counts: Record<MigrationState, number>): {
  done: number;
  total: number;
  percent: number;
} {
  const done = counts.done + counts['in-pr'];
  const total =
    done + counts['awaiting-parents'] + counts['awaiting-pr'] + counts['bot-error'] + counts['not-solvable'];
  return {done, total, percent: (done / (total || 1)) * 100};
}

/** The dashboard shows at most this many migrations per group (today a group holds a few dozen). */
export const MAX_MIGRATIONS_PER_LIST = 200;

export interface MigrationList {
  /** The first MAX_MIGRATIONS_PER_LIST names, by name. */
  names: string[];
  /** How many the list holds. */
  total: number;
  /** What the bot says of the listed migrations beyond their label (closing time, a reason), by name. */
  notes: Map<string, MigrationEntryNote>;
}
