/**
 * The registry of every runtime data source of the live pages, and of every other host outside
 * the site that a page may contact (EXTERNAL_HOSTS, with why). Override any data source through
 * `customFields.dataSources` in docusaurus.config.ts (mirrors, tests); see useSources().
 * tests/e2e/hostile.test.ts fails when a page contacts a host this registry does not list.
 */

const RAW = 'https://raw.githubusercontent.com';
const HEROKU = 'https://conda-forge.herokuapp.com';
const COUNTYFAIR = `${RAW}/regro/cf-graph-countyfair/master/status`;

export const DEFAULT_SOURCES = {
  liveCounts: `${RAW}/conda-forge/by-the-numbers/main/data/live_counts.json`,
  feedstockOutputs: `${RAW}/conda-forge/feedstock-outputs/single-file/feedstock-outputs.json`,
  channelRss: 'https://conda.anaconda.org/conda-forge/rss.xml',
  miniforgeLatestRelease: 'https://api.github.com/repos/conda-forge/miniforge/releases/latest',
  statusIssues: 'https://api.github.com/repos/conda-forge/status/issues?state=all&per_page=100',
  cdnLastUpdated: 'https://s3.amazonaws.com/conda-static.anaconda.org/conda-forge/last-updated',
  webservicesAlive: `${HEROKU}/alive`,
  azurePipelinesReport: `${HEROKU}/status-monitor/report/azure-pipelines`,
  githubActionsReport: `${HEROKU}/status-monitor/report/github-actions`,
  travisReport: `${HEROKU}/status-monitor/report/travis-ci`,
  migrationsLongterm: `${COUNTYFAIR}/longterm_status.json`,
  migrationsRegular: `${COUNTYFAIR}/regular_status.json`,
  migrationsPaused: `${COUNTYFAIR}/paused_status.json`,
  migrationsClosed: `${COUNTYFAIR}/closed_status.json`,
  /** `{name}` is replaced by the migration name. */
  migrationDetails: `${COUNTYFAIR}/migration_json/{name}.json`,
  migrationGraph: `${COUNTYFAIR}/migration_svg/{name}.svg?sanitize=true`,
  versionStatus: `${COUNTYFAIR}/version_status.json`,
  /** The newest commit that changed the bot's status files: when they were last written. */
  statusFilesCommit: 'https://api.github.com/repos/regro/cf-graph-countyfair/commits?path=status&per_page=1',
  cloudAnaconda: 'https://sqvvxmkr4r26.statuspage.io/api/v2/status.json',
  cloudAppveyor: 'https://status.appveyor.com/api/v2/status.json',
  cloudAzure: `${HEROKU}/status-monitor/azure`,
  cloudGithub: 'https://www.githubstatus.com/api/v2/status.json',
  cloudCircle: 'https://status.circleci.com/api/v2/status.json',
  cloudOpenGpuServer: `${HEROKU}/status-monitor/open-gpu-server`,
  cloudQuay: 'https://status.redhat.com/api/v2/status.json',
  cloudTravis: 'https://www.traviscistatus.com/api/v2/status.json',
} as const;

export type SourceName = keyof typeof DEFAULT_SOURCES;
export type Sources = Record<SourceName, string>;

/** Merges overrides onto the defaults, ignoring unknown keys and non-string values. */
export function resolveSources(overrides: unknown): Sources {
  const sources: Sources = {...DEFAULT_SOURCES};
  if (overrides && typeof overrides === 'object') {
    for (const [key, value] of Object.entries(overrides)) {
      if (Object.hasOwn(DEFAULT_SOURCES, key) && typeof value === 'string' && value !== '') {
        sources[key as SourceName] = value;
      }
    }
  }
  return sources;
}

/** Fills `{name}` in a URL template, encoding the value. */
export function fillTemplate(template: string, name: string): string {
  return template.replace('{name}', encodeURIComponent(name));
}

/** A host outside the site that pages may contact, and why. `*` at the start stands for any name. */
export interface ExternalHost {
  host: string;
  why: string;
}

/** Hosts contacted for something other than a data source of DEFAULT_SOURCES. */
export const OTHER_HOSTS: readonly ExternalHost[] = [
  {
    host: 'github.com',
    why: 'workflow status badges on /status/ (WORKFLOW_BADGES of src/lib/status); images uploaded to GitHub in incident reports',
  },
  {host: 'dl.circleci.com', why: 'the libcfgraph status badge on /status/ (WORKFLOW_BADGES)'},
  {host: 'user-images.githubusercontent.com', why: 'images uploaded to GitHub in incident reports (IMAGE_HOSTS)'},
  {host: 'private-user-images.githubusercontent.com', why: 'the same, for uploads GitHub serves signed (IMAGE_HOSTS)'},
  {host: 'camo.githubusercontent.com', why: "images of incident reports through GitHub's image proxy (IMAGE_HOSTS)"},
  {
    host: 'conda-forge.goatcounter.com',
    why: 'the page counter /js/count.js (GOATCOUNTER_ENDPOINT of config/site.ts): production builds, unless CF_ANALYTICS=false',
  },
  {host: '*-dsn.algolia.net', why: 'DocSearch queries, only when a build sets CF_DOCSEARCH_API_KEY'},
];

/**
 * Every host outside the site a page may contact, with why: the hosts of the data sources (why:
 * the sources that use it) and OTHER_HOSTS. The AI answers' endpoint is the one host not named
 * here: it is whatever a build sets in CF_AI_ENDPOINT (none by default).
 */
export function externalHosts(sources: Sources = DEFAULT_SOURCES): ExternalHost[] {
  const bySource = new Map<string, string[]>();
  for (const [name, url] of Object.entries(sources)) {
    const {host} = new URL(url.replace('{name}', 'name'));
    bySource.set(host, [...(bySource.get(host) ?? []), name]);
  }
  return [...[...bySource].map(([host, names]) => ({host, why: `data source: ${names.join(', ')}`})), ...OTHER_HOSTS];
}

/** Whether `host` is one of `hosts` (a leading `*` matches any name before the rest). */
export function isListedHost(host: string, hosts: readonly ExternalHost[] = externalHosts()): boolean {
  const name = host.toLowerCase();
  return hosts.some((entry) =>
    entry.host.startsWith('*')
      ? name.endsWith(entry.host.slice(1)) && name.length > entry.host.length - 1
      : name === entry.host,
  );
}
