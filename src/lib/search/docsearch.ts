/**
 * The opt-in DocSearch backend: one query to Algolia's REST search endpoint, shaped into the same
 * hits as the Pagefind backend. Contextual like the upstream site: the request filters on the
 * language and on the docs-version search tags.
 */
import {fetchJson} from '../data/fetchData';
import {isRecord, DataError} from '../data/validate';
import {safeUrl} from '../data/safeUrl';
import {boundText, MAX_TEXT} from '../data/text';
import type {DocSearchConfig} from './config';
import {sectionOf, toSegments, type MarkStyle, type SearchContext, type SearchHit} from './index';

/** Markers Algolia puts around matches; taken as plain text, never as HTML. */
export const DOCSEARCH_MARKS: MarkStyle = {open: '\u2063cf[', close: ']cf\u2063', html: false};

export const DOCSEARCH_HITS = 50;

export interface DocSearchRequest {
  url: string;
  body: string;
}

/**
 * The query request. The credentials travel in the query string and the body is sent as
 * form-encoded text (as Algolia's own clients do), which keeps the request "simple": no CORS
 * preflight round trip.
 */
export function docsearchRequest(
  config: DocSearchConfig,
  query: string,
  context: SearchContext,
  hitsPerPage = DOCSEARCH_HITS,
): DocSearchRequest {
  const params = new URLSearchParams({
    'x-algolia-application-id': config.appId,
    'x-algolia-api-key': config.apiKey,
  });
  const url = `https://${config.appId.toLowerCase()}-dsn.algolia.net/1/indexes/${encodeURIComponent(config.indexName)}/query?${params}`;
  const body = JSON.stringify({
    query,
    hitsPerPage,
    facetFilters: [`language:${context.language}`, context.versionTags.map((tag) => `docusaurus_tag:${tag}`)],
    attributesToRetrieve: ['hierarchy', 'content', 'url', 'type', 'docusaurus_tag', 'language'],
    attributesToSnippet: ['content:24'],
    snippetEllipsisText: '…',
    highlightPreTag: DOCSEARCH_MARKS.open,
    highlightPostTag: DOCSEARCH_MARKS.close,
    clickAnalytics: false,
    analytics: false,
  });
  return {url, body};
}

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function highlighted(record: unknown, ...keys: string[]): string {
  let node: unknown = record;
  for (const key of keys) node = isRecord(node) ? node[key] : undefined;
  return isRecord(node) ? str(node.value) : '';
}

const strip = (text: string) =>
  boundText(text.split(DOCSEARCH_MARKS.open).join('').split(DOCSEARCH_MARKS.close).join(''), MAX_TEXT.line);

/**
 * Site-relative link for a hit on this site; other hosts stay absolute. Null for anything that is
 * not an http(s) address (`javascript:` and the like): such a hit is dropped.
 */
export function localUrl(url: string, siteUrl: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, siteUrl);
  } catch {
    return null;
  }
  const safe = safeUrl(parsed.href);
  if (safe === null) return null;
  // A path that starts with two slashes would be read as another host's address: kept absolute.
  const relative = parsed.host === new URL(siteUrl).host && !parsed.pathname.startsWith('//');
  return relative ? `${parsed.pathname}${parsed.hash}` : safe;
}

/**
 * Shapes Algolia's answer ({hits: [{url, hierarchy, content, _highlightResult, _snippetResult}],
 * nbHits}) into hits; hits of one page are kept once (its best-ranked record). `labels` maps a
 * version search tag to its label.
 */
export function shapeDocsearchResponse(
  data: unknown,
  siteUrl: string,
  labels: Record<string, string> = {},
): {hits: SearchHit[]; total: number} {
  if (!isRecord(data) || !Array.isArray(data.hits))
    throw new DataError('Unexpected data: the search answer has no hits.');
  const records: unknown[] = data.hits;
  const hits: SearchHit[] = [];
  const seen = new Set<string>();
  records.forEach((raw, rank) => {
    if (!isRecord(raw) || !isRecord(raw.hierarchy) || !str(raw.url)) return;
    const hierarchy = raw.hierarchy;
    const url = localUrl(str(raw.url), siteUrl);
    if (url === null) return;
    const page = url.split('#')[0];
    if (seen.has(page)) return;
    seen.add(page);
    const levels = LEVELS.map((level) => str(hierarchy[level])).filter(Boolean);
    const title = str(hierarchy.lvl1) || levels[0] || url;
    const snippet =
      highlighted(raw._snippetResult, 'content') ||
      [...LEVELS]
        .reverse()
        .map((level) => highlighted(raw._highlightResult, 'hierarchy', level))
        .find(Boolean) ||
      str(raw.content);
    const versionTag = str(raw.docusaurus_tag) || 'default';
    hits.push({
      id: url,
      url,
      title: strip(title),
      path: levels.map(strip),
      snippet: toSegments(boundText(snippet, MAX_TEXT.document), DOCSEARCH_MARKS),
      section: sectionOf(url),
      language: str(raw.language) || 'en',
      versionTag,
      versionLabel: Object.hasOwn(labels, versionTag) ? labels[versionTag] : '',
      score: records.length - rank,
    });
  });
  const total = typeof data.nbHits === 'number' ? data.nbHits : hits.length;
  return {hits, total};
}

/** Runs one DocSearch query. */
export async function docsearchQuery(
  config: DocSearchConfig,
  query: string,
  context: SearchContext,
  siteUrl: string,
  labels: Record<string, string>,
  signal?: AbortSignal,
): Promise<{hits: SearchHit[]; total: number}> {
  const {url, body} = docsearchRequest(config, query, context);
  return fetchJson(url, (data) => shapeDocsearchResponse(data, siteUrl, labels), {
    body,
    signal,
    headers: {'Content-Type': 'application/x-www-form-urlencoded'},
  });
}
