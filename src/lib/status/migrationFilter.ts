/**
 * Which feedstocks the table of a migration page shows: a set of statuses, or the "Needs attention"
 * view. The choice lives in the page's address (`?name=…&show=…`) so that a view can be shared.
 * Pure functions, no React; unit-tested in tests/unit/migrationFilter.test.ts.
 */
import {MIGRATION_STATES, STATE_LABELS, type FeedstockStatus, type MigrationState} from './migration';

/** The query parameter that holds the choice. */
export const FILTER_PARAM = 'show';

/** A pull request that has had no update for this many days is waiting too long. */
export const LONG_WAIT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The statuses that always need someone: the bot cannot go on without help. */
export const STUCK_STATES: readonly MigrationState[] = ['not-solvable', 'bot-error'];

/** Shown when the address says nothing: every status but Done. */
export const DEFAULT_STATES: readonly MigrationState[] = MIGRATION_STATES.filter((state) => state !== 'done');

export type StatusFilter =
  | {kind: 'attention'}
  /** In the canonical order of MIGRATION_STATES, without repeats. */
  | {kind: 'states'; states: readonly MigrationState[]};

export const ATTENTION: StatusFilter = {kind: 'attention'};
export const DEFAULT_FILTER: StatusFilter = {kind: 'states', states: DEFAULT_STATES};
export const ALL_FILTER: StatusFilter = {kind: 'states', states: MIGRATION_STATES};

function ofStates(states: Iterable<MigrationState>): StatusFilter {
  const set = new Set(states);
  return {kind: 'states', states: MIGRATION_STATES.filter((state) => set.has(state))};
}

/** An open pull request whose last update is LONG_WAIT_DAYS or more before `now`. */
export function isLongWaiting(feedstock: FeedstockStatus, now: number): boolean {
  return (
    feedstock.state === 'in-pr' &&
    typeof feedstock.updatedAt === 'number' &&
    now - feedstock.updatedAt >= LONG_WAIT_DAYS * DAY_MS
  );
}

/** Not solvable, a bot error, or a pull request waiting too long. */
export function needsAttention(feedstock: FeedstockStatus, now: number): boolean {
  return STUCK_STATES.includes(feedstock.state) || isLongWaiting(feedstock, now);
}

export function matchesFilter(feedstock: FeedstockStatus, filter: StatusFilter, now: number): boolean {
  return filter.kind === 'attention' ? needsAttention(feedstock, now) : filter.states.includes(feedstock.state);
}

/** The statuses whose buttons read as pressed: in the attention view, the two stuck ones. */
export function pressedStates(filter: StatusFilter): readonly MigrationState[] {
  return filter.kind === 'attention' ? STUCK_STATES : filter.states;
}

/** One status more or less, starting from the statuses the buttons show as pressed. */
export function toggleState(filter: StatusFilter, state: MigrationState): StatusFilter {
  const states = new Set(pressedStates(filter));
  if (states.has(state)) states.delete(state);
  else states.add(state);
  return ofStates(states);
}

export function onlyState(state: MigrationState): StatusFilter {
  return ofStates([state]);
}

/** The filter with `state` shown too (a permanent link to a row whose status was hidden). */
export function withState(filter: StatusFilter, state: MigrationState): StatusFilter {
  return ofStates([...pressedStates(filter), state]);
}

export function sameFilter(a: StatusFilter, b: StatusFilter): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'attention' || b.kind === 'attention') return true;
  return a.states.length === b.states.length && a.states.every((state, i) => state === b.states[i]);
}

/**
 * The filter an address names: `show=attention`, `show=all`, or one `show=<status>` per status
 * (`show=not-solvable&show=bot-error`). Nothing, or nothing readable, is the default view.
 */
export function readFilter(params: URLSearchParams): StatusFilter {
  const values = params.getAll(FILTER_PARAM).slice(0, MIGRATION_STATES.length + 1);
  if (values.length === 0) return DEFAULT_FILTER;
  if (values.includes('attention')) return ATTENTION;
  if (values.includes('all')) return ALL_FILTER;
  const states = MIGRATION_STATES.filter((state) => values.includes(state));
  if (states.length === 0) return values.includes('none') ? ofStates([]) : DEFAULT_FILTER;
  return ofStates(states);
}

/** The address's parameters with `filter` written into them (the default view writes nothing). */
export function writeFilter(params: URLSearchParams, filter: StatusFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(FILTER_PARAM);
  if (filter.kind === 'attention') next.append(FILTER_PARAM, 'attention');
  else if (sameFilter(filter, ALL_FILTER)) next.append(FILTER_PARAM, 'all');
  else if (!sameFilter(filter, DEFAULT_FILTER)) {
    for (const state of filter.states) next.append(FILTER_PARAM, state);
    // No status at all is written as such: no `show` would read back as the default.
    if (filter.states.length === 0) next.append(FILTER_PARAM, 'none');
  }
  return next;
}

/** "Not solvable", "In PR and Done", "Awaiting PR, Not solvable and Bot error". */
function listStates(states: readonly MigrationState[]): string {
  const labels = states.map((state) => STATE_LABELS[state]);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/** What the table shows, in a few words, for the line under the filters. */
export function describeFilter(filter: StatusFilter): string {
  if (filter.kind === 'attention') {
    return `need attention: not solvable, bot error, or a pull request with no update for ${LONG_WAIT_DAYS} days`;
  }
  if (sameFilter(filter, ALL_FILTER)) return 'every status';
  if (sameFilter(filter, DEFAULT_FILTER)) return 'every status but Done';
  if (filter.states.length === 0) return 'no status selected';
  return `status ${listStates(filter.states)}`;
}
