/**
 * Search backends and options. By default the site searches its own Pagefind index. Two opt-ins:
 * - DocSearch: the hosted Algolia index (application id, search-only key, index name);
 * - AI answers: an OpenAI-compatible chat-completions endpoint (the site owner's proxy; the
 *   site never holds a secret key).
 * Build-time values come from the environment (config/search.ts → customFields.search); previews
 * and tests may set `window.cfSearchAi = {endpoint, model}` or
 * `window.cfSearchDocSearch = {appId, apiKey, indexName}` before the page loads.
 */

export interface DocSearchConfig {
  appId: string;
  /** The search-only key: public by design, it can only query the index. */
  apiKey: string;
  indexName: string;
}

export interface AiConfig {
  /** Full URL of the chat-completions endpoint, e.g. https://proxy.example/v1/chat/completions. */
  endpoint: string;
  model: string;
}

export interface SearchConfig {
  docsearch: DocSearchConfig | null;
  ai: AiConfig | null;
}

/** The hosted conda-forge DocSearch index (facts from the upstream site). */
export const DOCSEARCH_DEFAULTS = {appId: 'KB43FQOB7U', indexName: 'conda-forge'} as const;

export const SEARCH_ENV = {
  docsearchAppId: 'CF_DOCSEARCH_APP_ID',
  docsearchApiKey: 'CF_DOCSEARCH_API_KEY',
  docsearchIndex: 'CF_DOCSEARCH_INDEX',
  aiEndpoint: 'CF_AI_ENDPOINT',
  aiModel: 'CF_AI_MODEL',
} as const;

export class SearchConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SearchConfigError';
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Validates a DocSearch configuration object; throws SearchConfigError when it is incomplete. */
export function parseDocSearch(value: unknown): DocSearchConfig | null {
  if (value === null || value === undefined) return null;
  const record = typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const apiKey = text(record.apiKey);
  const appId = text(record.appId) || DOCSEARCH_DEFAULTS.appId;
  const indexName = text(record.indexName) || DOCSEARCH_DEFAULTS.indexName;
  if (!apiKey) {
    if (text(record.appId) || text(record.indexName)) {
      throw new SearchConfigError('DocSearch needs its search-only API key (CF_DOCSEARCH_API_KEY).');
    }
    return null;
  }
  if (!/^[A-Za-z0-9]+$/.test(appId)) throw new SearchConfigError(`DocSearch application id "${appId}" is not valid.`);
  return {appId, apiKey, indexName};
}

/** Validates an AI-answer configuration object; throws SearchConfigError when it is unusable. */
export function parseAi(value: unknown): AiConfig | null {
  if (value === null || value === undefined) return null;
  const record = typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const endpoint = text(record.endpoint);
  const model = text(record.model);
  if (!endpoint && !model) return null;
  if (!endpoint) throw new SearchConfigError('AI answers need an endpoint (CF_AI_ENDPOINT).');
  if (!isHttpUrl(endpoint)) throw new SearchConfigError(`AI endpoint "${endpoint}" is not an http(s) URL.`);
  if (!model) throw new SearchConfigError('AI answers need a model name (CF_AI_MODEL).');
  return {endpoint, model};
}

/** Reads the search configuration from environment variables (build time). */
export function parseSearchEnv(env: Record<string, string | undefined>): SearchConfig {
  return {
    docsearch: parseDocSearch({
      appId: env[SEARCH_ENV.docsearchAppId],
      apiKey: env[SEARCH_ENV.docsearchApiKey],
      indexName: env[SEARCH_ENV.docsearchIndex],
    }),
    ai: parseAi({endpoint: env[SEARCH_ENV.aiEndpoint], model: env[SEARCH_ENV.aiModel]}),
  };
}

function lenient<T>(parse: (value: unknown) => T | null, value: unknown): T | null {
  try {
    return parse(value);
  } catch {
    return null;
  }
}

/**
 * The configuration in the browser: the build's `customFields.search`, with the window overrides
 * taking precedence. An unusable override is ignored rather than breaking search.
 */
export function resolveSearchConfig(
  fromBuild: unknown,
  overrides: {cfSearchAi?: unknown; cfSearchDocSearch?: unknown} = {},
): SearchConfig {
  const build = typeof fromBuild === 'object' && fromBuild !== null ? (fromBuild as Record<string, unknown>) : {};
  return {
    docsearch: lenient(parseDocSearch, overrides.cfSearchDocSearch) ?? lenient(parseDocSearch, build.docsearch),
    ai: lenient(parseAi, overrides.cfSearchAi) ?? lenient(parseAi, build.ai),
  };
}
