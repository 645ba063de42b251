/**
 * "Since your last visit": the migration page remembers, in this browser only (localStorage,
 * nothing is sent), each migration's counts and its stuck feedstocks when it was last opened, and
 * says what changed since. Pure functions, no React, no storage access; unit-tested in
 * tests/unit/lastVisit.test.ts.
 *
 * A visit is a stretch of openings less than SAME_VISIT_MS apart: reloading the page, or coming
 * back to it after a look at a pull request, compares with the same earlier visit instead of with
 * a minute ago.
 */
import {isRecord} from '../data/validate';
import {groupThousands} from '../format/english';
import {MIGRATION_STATES, type MigrationDetails, type MigrationState} from './migration';
import {isValidMigrationName} from './migrationView';
import {STUCK_STATES} from './migrationFilter';

/** The localStorage key (no prefix, as the rest of the site's storage). */
export const VISITS_KEY = 'migration-visits';
/** Openings closer together than this belong to one visit. */
export const SAME_VISIT_MS = 60 * 60 * 1000;
/** Migrations remembered at most (the most recently opened are kept). */
export const MAX_REMEMBERED = 40;
/** Stuck feedstocks remembered by name at most; beyond, only their number is compared. */
export const MAX_STUCK_NAMES = 500;
/** Newly stuck feedstocks named on the page at most. */
export const MAX_NAMED = 20;

export interface Snapshot {
  /** When the page was opened, epoch milliseconds. */
  at: number;
  counts: Record<MigrationState, number>;
  /** The stuck feedstocks (not solvable, bot error) by name, sorted; null when too many to keep. */
  stuck: string[] | null;
}

export interface VisitRecord {
  /** The latest opening. */
  last: Snapshot;
  /** The last opening of the visit before the current one; null on the first visit. */
  before: Snapshot | null;
}

export type Visits = Map<string, VisitRecord>;

const stuckCount = (counts: Record<MigrationState, number>) =>
  STUCK_STATES.reduce((sum, state) => sum + counts[state], 0);

/** What the page knows of a migration now. */
export function takeSnapshot(details: MigrationDetails, at: number): Snapshot {
  const names = details.feedstocks.filter((f) => STUCK_STATES.includes(f.state)).map((f) => f.name);
  const complete = names.length === stuckCount(details.counts) && names.length <= MAX_STUCK_NAMES;
  return {at, counts: {...details.counts}, stuck: complete ? [...new Set(names)].sort() : null};
}

function readSnapshot(value: unknown): Snapshot | null {
  if (!isRecord(value) || !isRecord(value.counts)) return null;
  const {at, counts, stuck} = value;
  if (typeof at !== 'number' || !Number.isFinite(at) || at <= 0) return null;
  const read = {} as Record<MigrationState, number>;
  for (const state of MIGRATION_STATES) {
    const count = counts[state];
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) return null;
    read[state] = count;
  }
  let names: string[] | null = null;
  if (Array.isArray(stuck)) {
    if (stuck.length > MAX_STUCK_NAMES || !stuck.every((name) => typeof name === 'string' && name.length <= 300)) {
      return null;
    }
    names = [...(stuck as string[])].sort();
  } else if (stuck !== null) return null;
  return {at, counts: read, stuck: names};
}

/**
 * The stored visits; an entry that cannot be read is left out, and anything unreadable as a whole
 * (another program's value, a hand edit, a full or disabled storage) gives none.
 */
export function parseVisits(raw: string | null): Visits {
  const visits: Visits = new Map();
  if (raw === null) return visits;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return visits;
  }
  if (!isRecord(data)) return visits;
  for (const [name, value] of Object.entries(data).slice(0, MAX_REMEMBERED)) {
    if (!isValidMigrationName(name) || !isRecord(value)) continue;
    const last = readSnapshot(value.last);
    if (!last) continue;
    const before = value.before === null ? null : readSnapshot(value.before);
    visits.set(name, {last, before});
  }
  return visits;
}

export function serializeVisits(visits: Visits): string {
  return JSON.stringify(Object.fromEntries(visits));
}

/**
 * Records an opening of migration `name` and answers the snapshot to compare with: the last
 * opening of the previous visit (null on the first visit). The most recently opened
 * MAX_REMEMBERED migrations are kept.
 */
export function openVisit(visits: Visits, name: string, current: Snapshot): {visits: Visits; since: Snapshot | null} {
  const record = visits.get(name);
  const sameVisit = record !== undefined && current.at - record.last.at < SAME_VISIT_MS;
  const since = record === undefined ? null : sameVisit ? record.before : record.last;
  const next: Visits = new Map([...visits].filter(([other]) => other !== name));
  next.set(name, {last: current, before: since});
  const kept = [...next].sort(([, a], [, b]) => b.last.at - a.last.at).slice(0, MAX_REMEMBERED);
  return {visits: new Map(kept), since};
}

export interface VisitChanges {
  /** When the compared visit was. */
  since: number;
  done: number;
  inPr: number;
  newlyStuck: number;
  unstuck: number;
  /** Whether the stuck feedstocks were compared by name (otherwise by their number). */
  exact: boolean;
  /** The first MAX_NAMED newly stuck feedstocks, when compared by name. */
  newlyStuckNames: string[];
}

export function compareSnapshots(before: Snapshot, now: Snapshot): VisitChanges {
  const base = {
    since: before.at,
    done: now.counts.done - before.counts.done,
    inPr: now.counts['in-pr'] - before.counts['in-pr'],
  };
  if (before.stuck && now.stuck) {
    const was = new Set(before.stuck);
    const is = new Set(now.stuck);
    const newly = now.stuck.filter((name) => !was.has(name));
    return {
      ...base,
      newlyStuck: newly.length,
      unstuck: before.stuck.filter((name) => !is.has(name)).length,
      exact: true,
      newlyStuckNames: newly.slice(0, MAX_NAMED),
    };
  }
  const difference = stuckCount(now.counts) - stuckCount(before.counts);
  return {
    ...base,
    newlyStuck: Math.max(0, difference),
    unstuck: Math.max(0, -difference),
    exact: false,
    newlyStuckNames: [],
  };
}

function signed(value: number, what: string): string | null {
  if (value === 0) return null;
  return value > 0 ? `+${groupThousands(value)} ${what}` : `${groupThousands(-value)} fewer ${what}`;
}

/** "+40 done", "3 newly stuck"…: the parts of the sentence, empty when nothing changed. */
export function describeChanges(changes: VisitChanges): string[] {
  const parts = [signed(changes.done, 'done'), signed(changes.inPr, 'in PR')];
  if (changes.newlyStuck)
    parts.push(`${groupThousands(changes.newlyStuck)} ${changes.exact ? 'newly stuck' : 'more stuck'}`);
  if (changes.unstuck)
    parts.push(`${groupThousands(changes.unstuck)} ${changes.exact ? 'no longer stuck' : 'fewer stuck'}`);
  return parts.filter((part): part is string => part !== null);
}
