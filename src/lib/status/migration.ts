/**
 * Shaping of one migration for /status/migration/?name=…: validation of the bot's status file
 * (migration_json/<name>.json), progress, CI badges, sorting and the pan/zoom
 * arithmetic of the graph view. Pure functions, no React; unit-tested in tests/unit/migration.test.ts.
 */
import {sortMissingLast, type SortDirection} from './sort';
import type {Tone} from './tone';
import {DataError, expectRecord, expectStringArray, isRecord, ownValue} from '../data/fetchData';
import {GITHUB_HOSTS, safeUrl} from '../data/safeUrl';
import {describeMigrationEntry, type MigrationEntryNote} from './freshness';
import {boundText, MAX_TEXT} from '../data/text';
import {parseTime} from '../data/time';
import {decodeOrKeep} from '../routing/decode';

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

/** The order in which rows are kept when a file lists more than MAX_FEEDSTOCKS feedstocks. */
const KEEP_ORDER: readonly MigrationState[] = [
  'bot-error',
  'not-solvable',
  'awaiting-pr',
  'awaiting-parents',
  'in-pr',
  'done',
];

/** Migration names are file names in the bot's repository: letters, digits, `_ . + -`. */
export function isValidMigrationName(name: string): boolean {
  return name.length > 0 && name.length <= 200 && /^[A-Za-z0-9][A-Za-z0-9_.+-]*$/.test(name) && !name.includes('..');
}

function optionalString(value: unknown, what: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new DataError(`Unexpected data: ${what} is not text.`);
  return value;
}

function optionalCount(value: unknown, what: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new DataError(`Unexpected data: ${what} is not a count.`);
  }
  return value;
}

/**
 * Reads a timestamp (parseTime): an ISO 8601 string, or a number of seconds (or milliseconds, when
 * it is too large to be seconds) since the epoch. No value gives undefined; text or a number that
 * is not a time a Date can hold (`1e16`, `1e308`) gives null, shown as "unknown"; another type is
 * an error.
 */
export function parseTimestamp(value: unknown, what: string): number | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'number' && typeof value !== 'string') {
    throw new DataError(`Unexpected data: ${what} is not a time.`);
  }
  return parseTime(value, 'seconds or milliseconds');
}

/**
 * Validates a migration_json file. Missing status lists count as empty and unknown fields are
 * ignored, but a file that lists none of the statuses, or a field of the wrong type, is a DataError.
 */
export function parseMigrationDetails(data: unknown): MigrationDetails {
  const root = expectRecord(data, 'the migration');
  if (!MIGRATION_STATES.some((state) => state in root)) {
    throw new DataError('Unexpected data: the migration lists none of the feedstock statuses.');
  }
  const extra = root._feedstock_status === undefined ? {} : expectRecord(root._feedstock_status, '_feedstock_status');
  const counts = {} as Record<MigrationState, number>;
  const lists = {} as Record<MigrationState, string[]>;
  for (const state of MIGRATION_STATES) {
    lists[state] = root[state] === undefined ? [] : expectStringArray(root[state], `the "${state}" list`);
    counts[state] = lists[state].length;
  }
  // Over the cap, the rows that need attention are kept first and finished ones dropped.
  let room = MAX_FEEDSTOCKS;
  let omitted = 0;
  const kept = {} as Record<MigrationState, number>;
  for (const state of KEEP_ORDER) {
    kept[state] = Math.min(room, counts[state]);
    room -= kept[state];
    omitted += counts[state] - kept[state];
  }
  const feedstocks: FeedstockStatus[] = [];
  for (const state of MIGRATION_STATES) {
    for (const key of lists[state].slice(0, kept[state])) {
      const name = boundText(key, MAX_TEXT.name);
      const raw = ownValue(extra, key);
      if (raw !== undefined && !isRecord(raw))
        throw new DataError(`Unexpected data: the status of ${name} is not an object.`);
      const info = raw ?? {};
      const text = (value: unknown, field: string, max: number) => {
        const given = optionalString(value, `${field} of ${name}`);
        return given === undefined ? undefined : boundText(given, max);
      };
      feedstocks.push({
        name,
        state,
        prUrl: safeUrl(optionalString(info.pr_url, `pr_url of ${name}`), GITHUB_HOSTS) ?? undefined,
        prePrStatus: text(info.pre_pr_migrator_status, 'pre_pr_migrator_status', MAX_TEXT.document),
        prStatus: text(info.pr_status, 'pr_status', MAX_TEXT.name),
        children:
          info.immediate_children === undefined || info.immediate_children === null
            ? []
            : expectStringArray(info.immediate_children, `immediate_children of ${name}`).map((child) =>
                boundText(child, MAX_TEXT.name),
              ),
        descendants: optionalCount(info.num_descendants, `num_descendants of ${name}`),
        updatedAt: parseTimestamp(info.updated_at, `updated_at of ${name}`),
      });
    }
  }
  return {counts, feedstocks, omitted};
}

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

export interface ProgressSegment {
  state: MigrationState;
  count: number;
  /** Share of all feedstocks, 0–100. */
  percent: number;
}

/** The stacked bar: one segment per status that has feedstocks, in the canonical order. */
export function progressSegments(counts: Record<MigrationState, number>): ProgressSegment[] {
  const {total} = measureProgress(counts);
  return MIGRATION_STATES.filter((state) => counts[state] > 0).map((state) => ({
    state,
    count: counts[state],
    percent: (counts[state] / (total || 1)) * 100,
  }));
}

/**
 * The migrations listed in one of the bot's `*_status.json` files (`{name: description}`: the
 * long-running, regular, paused and closed lists), all of them, sorted by name (a migration page
 * checks membership in the paused and closed lists).
 */
export function parseMigrationNames(data: unknown): string[] {
  return Object.keys(expectRecord(data, 'the migration list')).sort();
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

/**
 * The first MAX_MIGRATIONS_PER_LIST names by name, how many the list holds, and the notes of the
 * listed names.
 */
export function parseMigrationList(data: unknown): MigrationList {
  const root = expectRecord(data, 'the migration list');
  const all = Object.keys(root).sort();
  const notes = new Map<string, MigrationEntryNote>();
  // A name longer than any the bot writes is cut (two cut alike are listed once).
  const names = new Set<string>();
  for (const key of all.slice(0, MAX_MIGRATIONS_PER_LIST)) {
    const name = boundText(key, MAX_TEXT.name);
    names.add(name);
    const note = describeMigrationEntry(root[key]);
    if (note.closedAt !== undefined || note.text !== undefined) notes.set(name, note);
  }
  return {names: [...names], total: all.length, notes};
}

/** A migration that is paused or was closed, with what the bot's list says of it. */
export interface MigrationNote extends MigrationEntryNote {
  state: 'paused' | 'closed';
}

/**
 * Whether the migration is paused or was closed, from the paused and closed lists as they were
 * read (`{name: description}`, checked with expectRecord), with the notes of its entry.
 */
export function migrationNote(
  name: string,
  paused: Record<string, unknown>,
  closed: Record<string, unknown>,
): MigrationNote | null {
  if (Object.hasOwn(paused, name)) return {state: 'paused', ...describeMigrationEntry(paused[name])};
  if (Object.hasOwn(closed, name)) return {state: 'closed', ...describeMigrationEntry(closed[name])};
  return null;
}

/* ---------------------------------------------------------------- CI status badges */

/** Tones of the status badges (a subset of the status dashboard's). */
export type BadgeTone = Extract<Tone, 'success' | 'danger' | 'warning' | 'neutral'>;

export interface CiBadge {
  /** The bot's value, e.g. "unstable". */
  status: string;
  label: string;
  tone: BadgeTone;
  description: string;
}

/**
 * The pull request's merge state as reported by GitHub (GraphQL `MergeStateStatus`), in the
 * order used for sorting.
 */
export const CI_BADGES: readonly CiBadge[] = [
  {status: 'clean', label: 'Passing', tone: 'success', description: 'Mergeable, and the checks pass.'},
  {
    status: 'behind',
    label: 'Passing*',
    tone: 'success',
    description: 'The checks pass, but the branch is behind its base branch.',
  },
  {
    status: 'has_hooks',
    label: 'Unknown*',
    tone: 'neutral',
    description: 'Mergeable with passing checks; the repository has pre-receive hooks.',
  },
  {
    status: 'draft',
    label: 'Draft',
    tone: 'neutral',
    description: 'The pull request is a draft and cannot be merged yet.',
  },
  {status: 'unknown', label: 'Unknown', tone: 'neutral', description: 'GitHub could not determine the state yet.'},
  {
    status: 'dirty',
    label: 'Conflicts',
    tone: 'warning',
    description: 'The branch has merge conflicts with its base branch.',
  },
  {status: 'unstable', label: 'Failing', tone: 'danger', description: 'Mergeable, but some checks fail.'},
  {
    status: 'blocked',
    label: 'Blocked',
    tone: 'danger',
    description: 'Merging is blocked, for example by a required review or check.',
  },
];

export const MERGE_STATE_DOCS = 'https://docs.github.com/en/graphql/reference/enums#mergestatestatus';

const BADGE_BY_STATUS = new Map(CI_BADGES.map((badge) => [badge.status, badge]));

/** The badge of a `pr_status` value; null when there is none; an unrecognised value is shown as it is. */
export function ciBadge(prStatus: string | undefined): CiBadge | null {
  if (!prStatus) return null;
  return (
    BADGE_BY_STATUS.get(prStatus.toLowerCase()) ?? {
      status: prStatus,
      label: prStatus,
      tone: 'neutral',
      description: 'A state this page does not know.',
    }
  );
}

/* ---------------------------------------------------------------- sorting */

export type {SortDirection};

export type SortKey = 'name' | 'state' | 'ci' | 'updated' | 'descendants' | 'children';

const stateRank = new Map(MIGRATION_STATES.map((state, i) => [state, i]));
const ciRank = new Map(CI_BADGES.map((badge, i) => [badge.status, i]));

function sortValue(f: FeedstockStatus, key: SortKey): number | string | undefined {
  switch (key) {
    case 'name':
      return f.name;
    case 'state':
      return stateRank.get(f.state);
    case 'ci':
      return f.prStatus === undefined ? undefined : (ciRank.get(f.prStatus.toLowerCase()) ?? CI_BADGES.length);
    case 'updated':
      return f.updatedAt ?? undefined;
    case 'descendants':
      return f.descendants;
    case 'children':
      return f.children.length;
  }
}

/** The feedstock a migration page's address points at (`#name`), decoded (else as written); null for none. */
export function feedstockFromHash(hash: string): string | null {
  if (hash.length < 2) return null;
  return decodeOrKeep(hash.slice(1)).trim() || null;
}

/** The page (of `pageSize` rows) on which the feedstock `name` sits in `rows`, or null. */
export function pageOf(rows: readonly FeedstockStatus[], name: string, pageSize: number): number | null {
  const at = rows.findIndex((f) => f.name === name);
  return at < 0 ? null : Math.floor(at / pageSize);
}

/** A sorted copy by a column: rows without a value go last, ties by name (see sortMissingLast). */
export function sortFeedstocks(
  rows: readonly FeedstockStatus[],
  key: SortKey,
  direction: SortDirection,
): FeedstockStatus[] {
  return sortMissingLast(rows, (row) => sortValue(row, key), direction);
}

/* ---------------------------------------------------------------- graph view (pan and zoom) */

export interface View {
  x: number;
  y: number;
  scale: number;
}

export const MIN_SCALE = 0.05;
export const MAX_SCALE = 8;

export function clampScale(scale: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/** Zooms by `factor` keeping the point (px, py) of the viewport still. */
export function zoomAt(view: View, factor: number, px: number, py: number): View {
  const scale = clampScale(view.scale * factor);
  const k = scale / view.scale;
  return {scale, x: px - (px - view.x) * k, y: py - (py - view.y) * k};
}

export function panBy(view: View, dx: number, dy: number): View {
  return {...view, x: view.x + dx, y: view.y + dy};
}

/** The view that shows a `width`×`height` drawing whole and centred in the viewport (never enlarged). */
export function fitView(width: number, height: number, viewportWidth: number, viewportHeight: number): View {
  if (width <= 0 || height <= 0) return {x: 0, y: 0, scale: 1};
  const scale = clampScale(Math.min(viewportWidth / width, viewportHeight / height, 1));
  return {scale, x: (viewportWidth - width * scale) / 2, y: (viewportHeight - height * scale) / 2};
}

export function viewTransform(view: View): string {
  return `translate(${view.x.toFixed(1)}px, ${view.y.toFixed(1)}px) scale(${view.scale.toFixed(4)})`;
}
