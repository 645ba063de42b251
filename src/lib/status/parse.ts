/**
 * The status pages' parsers: each checks one live source's answer and shapes it for the views,
 * throwing a DataError with a readable message when the answer is not what the source sends. Kept
 * apart from the views' helpers (./index.ts, ./migration.ts, ./freshness.ts) so that a page loads
 * them, with the fetch helpers (./load.ts), only once it has hydrated. Unit-tested in
 * tests/unit/status.test.ts, migration.test.ts and freshness.test.ts.
 */
import {DataError, expectNumber, expectRecord, expectStringArray, isRecord, ownValue} from '../data/validate';
import {GITHUB_HOSTS, safeUrl} from '../data/safeUrl';
import {runAtOnce, runInSteps, type StepOptions} from '../data/steps';
import {boundText, MAX_TEXT} from '../data/text';
import {parseTime} from '../data/time';
import {describeMigrationEntry, type MigrationEntryNote} from './freshness';
import {
  MAX_FEEDSTOCKS,
  MAX_MIGRATIONS_PER_LIST,
  MIGRATION_STATES,
  type FeedstockStatus,
  type MigrationDetails,
  type MigrationList,
  type MigrationState,
} from './migration';
import {
  DAY_MS,
  INCIDENT_LABELS,
  MAX_INCIDENT_ISSUES,
  MAX_USAGE_POINTS,
  MAX_VERSION_UPDATES,
  RESOLVED_WINDOW_DAYS,
  type CloudStatus,
  type Incident,
  type UsagePoint,
  type UsageReport,
  type VersionUpdates,
} from './index';

/** The order in which rows are kept when a file lists more than MAX_FEEDSTOCKS feedstocks. */
const KEEP_ORDER: readonly MigrationState[] = [
  'bot-error',
  'not-solvable',
  'awaiting-pr',
  'awaiting-parents',
  'in-pr',
  'done',
];

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

/**
 * The migrations listed in one of the bot's `*_status.json` files (`{name: description}`: the
 * long-running, regular, paused and closed lists), all of them, sorted by name (a migration page
 * checks membership in the paused and closed lists).
 */
export function parseMigrationNames(data: unknown): string[] {
  return Object.keys(expectRecord(data, 'the migration list')).sort();
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

/** Whole minutes since the CDN's plain-text "last updated" time (a time in the future counts as 0). */
export function cdnAgeMinutes(text: string, now: Date): number {
  const then = parseTime(text);
  if (then === null) throw new DataError('Unexpected data: the CDN time is not a date.');
  return Math.max(0, Math.floor((now.getTime() - then) / 60000));
}

/** The web services heartbeat: `{status: "operational" | "degraded" | …}`. */
export function parseServiceHealth(data: unknown): string {
  const {status} = expectRecord(data, 'the heartbeat');
  if (typeof status !== 'string' || status.trim() === '') {
    throw new DataError('Unexpected data: the heartbeat has no status.');
  }
  return boundText(status.trim(), MAX_TEXT.line);
}

const OPERATIONAL = ['all systems operational', 'everything is looking good', 'operational'];

/**
 * Statuspage endpoints answer `{status: {description}}`, the conda-forge monitors `{status: "…"}`.
 * Operational phrasings become "All Systems Operational"; anything else is shown as it is.
 */
export function parseCloudStatus(data: unknown): CloudStatus {
  const root = expectRecord(data, 'the status');
  const raw = isRecord(root.status) ? root.status.description : root.status;
  if (typeof raw !== 'string' || raw.trim() === '') throw new DataError('Unexpected data: no status text.');
  const text = boundText(raw.trim().replace(/\s+/g, ' '), MAX_TEXT.line);
  const ok = OPERATIONAL.includes(text.toLowerCase());
  return {text: ok ? 'All Systems Operational' : text, ok};
}

function labelNames(labels: unknown): string[] {
  if (!Array.isArray(labels)) return [];
  return labels
    .map((label) => (typeof label === 'string' ? label : isRecord(label) ? label.name : undefined))
    .filter((name): name is string => typeof name === 'string')
    .map((name) => name.trim().toLowerCase());
}

function expectString(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new DataError(`Unexpected data: ${what} is not text.`);
  return value;
}

function expectTime(value: unknown, what: string): string {
  const text = expectString(value, what);
  if (parseTime(text) === null) throw new DataError(`Unexpected data: ${what} is not a date.`);
  return text;
}

/**
 * Issues → incidents: only issues carrying an incident label; open ones are ongoing, closed ones
 * are kept if they closed within the last 90 days. Pull requests are not incidents. Ongoing
 * incidents come first, then the newest.
 */
export function parseIncidents(data: unknown, now: Date): Incident[] {
  if (!Array.isArray(data)) throw new DataError('Unexpected data: the issue list is not a list.');
  const incidents: Incident[] = [];
  // The query asks for one page of 100 issues (per_page=100); more than that is not a real answer.
  for (const item of data.slice(0, MAX_INCIDENT_ISSUES)) {
    const issue = expectRecord(item, 'an issue');
    if (issue.pull_request !== undefined) continue;
    const labels = labelNames(issue.labels);
    const severities = INCIDENT_LABELS.filter((label) => labels.includes(label));
    if (severities.length === 0) continue;
    const number = expectNumber(issue.number, 'an issue number');
    const what = `issue #${number}`;
    const ongoing = expectString(issue.state, `the state of ${what}`) === 'open';
    const closedAt =
      ongoing || issue.closed_at == null ? null : expectTime(issue.closed_at, `the closing time of ${what}`);
    if (!ongoing && (closedAt === null || now.getTime() - Date.parse(closedAt) > RESOLVED_WINDOW_DAYS * DAY_MS))
      continue;
    incidents.push({
      number,
      title: boundText(expectString(issue.title, `the title of ${what}`), MAX_TEXT.line),
      url: safeUrl(expectString(issue.html_url, `the address of ${what}`), GITHUB_HOSTS),
      body: typeof issue.body === 'string' ? boundText(issue.body, MAX_TEXT.document) : '',
      severity: severities[severities.length - 1],
      ongoing,
      createdAt: expectTime(issue.created_at, `the creation time of ${what}`),
      closedAt,
    });
  }
  return incidents.sort(
    (a, b) => Number(b.ongoing) - Number(a.ongoing) || Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );
}

/** Rates checked in one step when a report is read in steps. */
const RATE_STEP = 2_000;

/**
 * `{total, rates: {ISO time: count}}` → the total and the latest points in time order, in steps
 * of RATE_STEP rates (the generator yields between steps). Every rate is checked, but only the
 * newest MAX_USAGE_POINTS are kept and sorted: a numeric sort of the times finds the oldest one
 * to keep, instead of sorting 100,000 points.
 */
function* usageReportSteps(data: unknown): Generator<void, UsageReport> {
  const root = expectRecord(data, 'the usage report');
  const total = expectNumber(root.total, 'the total');
  const rates = root.rates === undefined ? {} : expectRecord(root.rates, 'the rates');
  const keys = Object.keys(rates);
  const times = new Float64Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    if (i % RATE_STEP === RATE_STEP - 1) yield;
    const time = parseTime(keys[i]);
    if (time === null) throw new DataError(`Unexpected data: "${boundText(keys[i], 40)}" is not a time.`);
    times[i] = time;
    expectNumber(rates[keys[i]], `the rate at ${keys[i]}`);
  }
  yield;
  const oldestKept = keys.length > MAX_USAGE_POINTS ? times.slice().sort()[keys.length - MAX_USAGE_POINTS] : -Infinity;
  const points: UsagePoint[] = [];
  for (let i = 0; i < keys.length; i++) {
    if (times[i] >= oldestKept) points.push({time: times[i], count: rates[keys[i]] as number});
  }
  points.sort((a, b) => a.time - b.time);
  return {total, points: points.slice(-MAX_USAGE_POINTS), pointCount: keys.length};
}

/** Reads a usage report at once (tests, small reports). */
export function parseUsageReport(data: unknown): UsageReport {
  return runAtOnce(usageReportSteps(data));
}

/** Reads a usage report in steps, handing the main thread back between them (the status page). */
export function readUsageReportInSteps(data: unknown, options?: StepOptions): Promise<UsageReport> {
  return runInSteps(usageReportSteps(data), options);
}

export function parseVersionStatus(data: unknown): VersionUpdates {
  const root = expectRecord(data, 'version_status.json');
  const queued = expectStringArray(root.queued ?? [], 'queued');
  const errored = expectStringArray(root.errored ?? [], 'errored');
  const kept = errored.slice(0, MAX_VERSION_UPDATES);
  const name = (text: string) => boundText(text, MAX_TEXT.name);
  const errors = new Map<string, string>();
  if (root.errors !== undefined) {
    const texts = expectRecord(root.errors, 'errors');
    for (const key of kept) {
      const text = ownValue(texts, key);
      if (typeof text === 'string') errors.set(name(key), boundText(text, MAX_TEXT.document));
    }
  }
  return {
    queued: queued.slice(0, MAX_VERSION_UPDATES).map(name),
    queuedCount: queued.length,
    errored: kept.map(name),
    erroredCount: errored.length,
    errors,
  };
}

/**
 * The time of the newest commit in a GitHub commit list (`GET /repos/{owner}/{repo}/commits?path=…
 * &per_page=1`): when the bot last wrote the files under that path.
 */
export function parseLatestCommitTime(data: unknown): number {
  if (!Array.isArray(data)) throw new DataError('Unexpected data: the commit list is not a list.');
  if (data.length === 0) throw new DataError('Unexpected data: the commit list is empty.');
  const commit = expectRecord(expectRecord(data[0], 'the newest commit').commit, 'the newest commit');
  const committer = expectRecord(commit.committer, 'the committer of the newest commit');
  const time = typeof committer.date === 'string' ? parseTime(committer.date) : null;
  if (time === null) throw new DataError('Unexpected data: the time of the newest commit is not a time.');
  return time;
}
