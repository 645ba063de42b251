/**
 * The status dashboard's sections, constants and view helpers: pure functions, unit-tested, no
 * React. The parsers of its sources are in ./parse.ts.
 */
import {isRecord} from '../data/validate';
import {
  measureProgress,
  MIGRATION_STATES,
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
export const DAY_MS = 24 * 60 * 60 * 1000;

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

export type {MigrationList};

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

/** Where a package badge of the Version Updates card leads. */
export function recipeUrl(name: string): string {
  return `https://github.com/conda-forge/${encodeURIComponent(name)}-feedstock/blob/main/recipe/meta.yaml`;
}
