/** Shaping of the status dashboard's sources: pure functions, unit-tested. No React here. */
import {DataError, expectNumber, expectRecord, expectStringArray, isRecord, ownValue} from '../data/fetchData';
import {GITHUB_HOSTS, safeUrl} from '../data/safeUrl';
import {runAtOnce, runInSteps, type StepOptions} from '../data/steps';
import {boundText, MAX_TEXT} from '../data/text';
import {parseTime} from '../data/time';
import {
  measureProgress,
  MIGRATION_STATES,
  parseMigrationList,
  parseMigrationNames,
  type MigrationDetails,
  type MigrationList,
  type MigrationState,
} from './migration';
import type {SourceName} from '../data/sources';
import type {Tone} from './tone';
import {sortMissingLast, type SortDirection} from './sort';
import {groupThousands} from '../format/english';

/** The colour family of a badge; every tone has an AA-contrast pair in both colour modes. */
export type {Tone};

// ---------------------------------------------------------------------------------------------
// Page sections

/** The cards in page order; the in-page table of contents is made from this list. */
export const SECTIONS = [
  {id: 'incidents', title: 'Incidents'},
  {id: 'repos', title: 'Repos and bots'},
  {id: 'cloud', title: 'Cloud services'},
  {id: 'migrations', title: 'Current migrations'},
  {id: 'azure', title: 'Azure Pipelines usage'},
  {id: 'github', title: 'GitHub Actions usage'},
  {id: 'travis', title: 'Travis CI usage'},
  {id: 'version', title: 'Version updates'},
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];

export function sectionTitle(id: SectionId): string {
  return SECTIONS.find((section) => section.id === id)?.title ?? id;
}

/** "1 migration", "2,417 migrations": a count with its noun in the right number. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${groupThousands(count)} ${count === 1 ? singular : plural}`;
}

// ---------------------------------------------------------------------------------------------
// Health words (CDN freshness, web services heartbeat)

export type Health = 'operational' | 'degraded' | 'major outage' | 'unknown';

/** The badge tone of a health word; unknown words are a warning, never a success. */
export function healthTone(status: string): Tone {
  switch (status.trim().toLowerCase()) {
    case 'operational':
      return 'success';
    case 'major outage':
      return 'danger';
    default:
      return 'warning';
  }
}

/** CDN freshness: under 20 minutes operational, under 40 degraded, otherwise a major outage. */
export function cdnHealth(ageMinutes: number): Health {
  if (!Number.isFinite(ageMinutes) || ageMinutes < 0) return 'unknown';
  if (ageMinutes < 20) return 'operational';
  if (ageMinutes < 40) return 'degraded';
  return 'major outage';
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

// ---------------------------------------------------------------------------------------------
// Repos and bots: workflow badges

export interface WorkflowBadge {
  name: string;
  /** The repository. */
  link: string;
  /** The status badge image. */
  badge: string;
  /** Where the badge leads (the workflow runs). */
  badgeLink: string;
}

const GH = 'https://github.com';

export const WORKFLOW_BADGES: WorkflowBadge[] = [
  {
    name: 'conda-forge documentation',
    link: `${GH}/conda-forge/conda-forge.github.io`,
    badge: `${GH}/conda-forge/conda-forge.github.io/workflows/deploy/badge.svg`,
    badgeLink: `${GH}/conda-forge/conda-forge.github.io/actions?query=workflow%3Adeploy`,
  },
  {
    name: 'autotick bot',
    link: `${GH}/regro/cf-scripts`,
    badge: `${GH}/regro/cf-scripts/actions/workflows/bot-bot.yml/badge.svg`,
    badgeLink: `${GH}/regro/cf-scripts/actions`,
  },
  {
    name: 'staged-recipes migrations',
    link: `${GH}/conda-forge/staged-recipes`,
    badge: `${GH}/conda-forge/admin-requests/actions/workflows/create_feedstocks.yml/badge.svg`,
    badgeLink: `${GH}/conda-forge/admin-requests/actions/workflows/create_feedstocks.yml`,
  },
  {
    name: 'admin migrations',
    link: `${GH}/conda-forge/admin-migrations`,
    badge: `${GH}/conda-forge/admin-migrations/actions/workflows/migrate.yml/badge.svg`,
    badgeLink: `${GH}/conda-forge/admin-migrations/actions/workflows/migrate.yml`,
  },
  {
    name: 'libcfgraph',
    link: `${GH}/regro/libcfgraph`,
    badge: 'https://dl.circleci.com/status-badge/img/gh/regro/libcfgraph/tree/master.svg?style=svg',
    badgeLink: 'https://circleci.com/gh/regro/libcfgraph',
  },
];

// ---------------------------------------------------------------------------------------------
// Cloud services

export interface CloudService {
  title: string;
  source: SourceName;
  /** The human status page. */
  link: string;
}

export const CLOUD_SERVICES: CloudService[] = [
  {title: 'Anaconda', source: 'cloudAnaconda', link: 'https://anaconda.statuspage.io/'},
  {title: 'AppVeyor', source: 'cloudAppveyor', link: 'https://status.appveyor.com/'},
  {title: 'Azure DevOps', source: 'cloudAzure', link: 'https://status.dev.azure.com/'},
  {title: 'Circle CI', source: 'cloudCircle', link: 'https://status.circleci.com'},
  {title: 'GitHub', source: 'cloudGithub', link: 'https://www.githubstatus.com/'},
  {title: 'Open GPU Server', source: 'cloudOpenGpuServer', link: 'https://ci-status.quansight.dev/'},
  {title: 'Quay.io', source: 'cloudQuay', link: 'https://status.redhat.com/'},
  {title: 'Travis CI', source: 'cloudTravis', link: 'https://www.traviscistatus.com/'},
];

export interface CloudStatus {
  text: string;
  ok: boolean;
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

// ---------------------------------------------------------------------------------------------
// Incidents (issues of conda-forge/status)

/** Labels that make an issue an incident, from the least to the most severe. */
export const INCIDENT_LABELS = ['maintenance', 'investigating', 'degraded performance', 'major outage'] as const;
export type Severity = (typeof INCIDENT_LABELS)[number];

export const SEVERITY_TONE: Record<Severity, Tone> = {
  maintenance: 'info',
  investigating: 'info',
  'degraded performance': 'warning',
  'major outage': 'danger',
};

/** Only this many issues of the answer are read. */
export const MAX_INCIDENT_ISSUES = 100;

/** Closed incidents stay on the page this long. */
export const RESOLVED_WINDOW_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Incident {
  number: number;
  title: string;
  /** The issue's page; null when the data's address is not a GitHub http(s) link. */
  url: string | null;
  /** Markdown, possibly empty. */
  body: string;
  severity: Severity;
  ongoing: boolean;
  createdAt: string;
  closedAt: string | null;
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

/** The worst severity among the ongoing incidents, or null when none is ongoing. */
export function worstSeverity(incidents: Incident[]): Severity | null {
  let worst = -1;
  for (const incident of incidents) {
    if (incident.ongoing) worst = Math.max(worst, INCIDENT_LABELS.indexOf(incident.severity));
  }
  return worst < 0 ? null : INCIDENT_LABELS[worst];
}

/** `YYYY/M/D HH:mm:ss UTC`, the incident time format. */
export function formatUtc(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${d.getUTCFullYear()}/${d.getUTCMonth() + 1}/${d.getUTCDate()} ` +
    `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC`
  );
}

// ---------------------------------------------------------------------------------------------
// Current migrations

export const MIGRATION_GROUPS = [
  {key: 'longterm', title: 'Long-running migrations', source: 'migrationsLongterm'},
  {key: 'regular', title: 'Regular migrations', source: 'migrationsRegular'},
  {key: 'paused', title: 'Paused migrations', source: 'migrationsPaused'},
  {key: 'closed', title: 'Closed migrations', source: 'migrationsClosed'},
] as const satisfies ReadonlyArray<{key: string; title: string; source: SourceName}>;

export type MigrationGroup = (typeof MIGRATION_GROUPS)[number]['key'];

/** The migration lists are read by the one parser of the bot's status files. */
export {parseMigrationList, parseMigrationNames, type MigrationList};

/** localStorage keys (no prefix, as the rest of the site's storage). */
export const SORT_KEY = 'migration-sort';
export const COLLAPSED_KEY = 'migration-collapsed';

/** Sortable columns: the name, "status" (the PRs-made progress) or one count. */
export type SortColumn = 'name' | 'status' | MigrationState;
export type SortOrder = SortDirection;
export interface SortState {
  by: SortColumn;
  order: SortOrder;
}

export const SORT_COLUMNS: ReadonlyArray<SortColumn> = ['name', 'status', ...MIGRATION_STATES];
export const DEFAULT_SORT: SortState = {by: 'name', order: 'ascending'};
export type Collapsed = Record<MigrationGroup, boolean>;
export const DEFAULT_COLLAPSED: Collapsed = {longterm: false, regular: false, paused: false, closed: true};

function parseStored(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** The stored `migration-sort` value `{by, order}`; anything unreadable gives the default. */
export function parseSortState(raw: string | null): SortState {
  const value = parseStored(raw);
  if (!isRecord(value)) return DEFAULT_SORT;
  const by = SORT_COLUMNS.find((column) => column === value.by);
  const order = value.order === 'ascending' || value.order === 'descending' ? value.order : undefined;
  return by && order ? {by, order} : DEFAULT_SORT;
}

/** The stored `migration-collapsed` value `{group: boolean}`; missing groups take the default. */
export function parseCollapsed(raw: string | null): Collapsed {
  const value = parseStored(raw);
  const collapsed = {...DEFAULT_COLLAPSED};
  if (isRecord(value)) {
    for (const {key} of MIGRATION_GROUPS) if (typeof value[key] === 'boolean') collapsed[key] = value[key];
  }
  return collapsed;
}

/** Clicking a column: the same column flips the order, another column sorts ascending. */
export function nextSort(current: SortState, by: SortColumn): SortState {
  if (current.by !== by) return {by, order: 'ascending'};
  return {by, order: current.order === 'ascending' ? 'descending' : 'ascending'};
}

export interface MigrationRow {
  name: string;
  /** Present once the migration's details file has loaded. */
  counts?: Record<MigrationState, number>;
  progress?: {done: number; total: number; percent: number};
}

export function migrationRow(name: string, details?: MigrationDetails): MigrationRow {
  if (!details) return {name};
  return {name, counts: details.counts, progress: measureProgress(details.counts)};
}

function sortValue(row: MigrationRow, by: SortColumn): number | string | undefined {
  if (by === 'status') return row.progress?.percent;
  if (by === 'name') return row.name;
  return row.counts?.[by];
}

/** Sorts rows by a column: rows whose details are not known yet go last, ties by name. */
export function sortMigrationRows(rows: MigrationRow[], sort: SortState): MigrationRow[] {
  return sortMissingLast(rows, (row) => sortValue(row, sort.by), sort.order);
}

/**
 * Runs async tasks with at most `limit` of them in flight; the rest wait in order. Used for the
 * per-migration details files, of which there can be a hundred.
 * Hand-written rather than a package (p-limit): a dozen lines with unit tests, and p-limit's
 * current releases are ESM-only with a dependency of their own, all for what this does.
 */
export function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    active -= 1;
    waiting.shift()?.();
  };
  return <T>(task: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        active += 1;
        let running: Promise<T>;
        try {
          running = task();
        } catch (error) {
          running = Promise.reject(error);
        }
        running.then(resolve, reject).finally(next);
      };
      if (active < limit) start();
      else waiting.push(start);
    });
}

// ---------------------------------------------------------------------------------------------
// CI usage charts (status-monitor reports)

export const USAGE_CHARTS = [
  {id: 'azure', source: 'azurePipelinesReport'},
  {id: 'github', source: 'githubActionsReport'},
  {id: 'travis', source: 'travisReport'},
] as const satisfies ReadonlyArray<{id: SectionId; source: SourceName}>;

export interface UsagePoint {
  /** Milliseconds since the epoch. */
  time: number;
  count: number;
}

export interface UsageReport {
  total: number;
  /** The latest MAX_USAGE_POINTS points, in time order. */
  points: UsagePoint[];
  /** How many points the report had (more than `points.length` when older ones were left out). */
  pointCount: number;
}

/** A chart draws at most this many bars (the newest): a report of 100,000 points stays light. */
export const MAX_USAGE_POINTS = 500;

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

/**
 * Axis ticks from 0 to a round maximum at or above `max` (about five steps of 1, 2, 2.5 or 5
 * times a power of ten).
 */
export function axisTicks(max: number, steps = 5): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const rough = max / steps;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough && Number.isInteger(s)) ?? Math.ceil(rough);
  const ticks: number[] = [];
  for (let value = 0; value < max + step; value += step) {
    ticks.push(value);
    if (value >= max) break;
  }
  return ticks;
}

/** Indices of at most `count` evenly spread labels for `length` bars, first and last included. */
export function labelIndices(length: number, count: number): number[] {
  if (length <= 0) return [];
  if (length <= count) return Array.from({length}, (_, i) => i);
  const picked = new Set<number>();
  for (let i = 0; i < count; i += 1) picked.add(Math.round((i * (length - 1)) / (count - 1)));
  return [...picked];
}

// ---------------------------------------------------------------------------------------------
// Version updates

export interface VersionUpdates {
  /** The first MAX_VERSION_UPDATES queued names; `queuedCount` is the whole number. */
  queued: string[];
  queuedCount: number;
  /** The first MAX_VERSION_UPDATES errored names; `erroredCount` is the whole number. */
  errored: string[];
  erroredCount: number;
  /** Markdown error text by package name, for the errored names kept (a Map: names are remote). */
  errors: Map<string, string>;
}

/** Each list of the Version Updates card shows at most this many packages. */
export const MAX_VERSION_UPDATES = 1000;

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

/** Where a package badge of the Version Updates card leads. */
export function recipeUrl(name: string): string {
  return `https://github.com/conda-forge/${encodeURIComponent(name)}-feedstock/blob/main/recipe/meta.yaml`;
}
