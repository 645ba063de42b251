/**
 * The registry of every runtime data source of the live pages. Override any entry through
 * `customFields.dataSources` in docusaurus.config.ts (mirrors, tests); see useSources().
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
      if (key in sources && typeof value === 'string' && value !== '') {
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
