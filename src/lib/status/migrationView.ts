/**
 * What only the page of one migration (/status/migration/?name=…) needs: the check of the name in
 * its address, the stacked progress bar, the paused or closed note, the CI badges, the table's
 * order and the pan/zoom arithmetic of the graph view. Pure functions, no React; unit-tested in
 * tests/unit/migration.test.ts.
 */
import {sortMissingLast, type SortDirection} from './sort';
import type {Tone} from './tone';
import {describeMigrationEntry, type MigrationEntryNote} from './freshness';
import {decodeOrKeep} from '../routing/decode';
import {MIGRATION_STATES, measureProgress, type FeedstockStatus, type MigrationState} from './migration';

/** Migration names are file names in the bot's repository: letters, digits, `_ . + -`. */
export function isValidMigrationName(name: string): boolean {
  return name.length > 0 && name.length <= 200 && /^[A-Za-z0-9][A-Za-z0-9_.+-]*$/.test(name) && !name.includes('..');
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
