/**
 * The Pagefind backend: loads the index built by `npm run build` (served under /pagefind/) and
 * turns its results into SearchHits. Every query carries the contextual filters (language and
 * docs version) and runs once per section, so results can be grouped and ranked (docs first)
 * without loading the details of results that are never shown.
 */
import {
  CRUMB_SEPARATOR,
  DEFAULT_CONTEXT,
  SECTIONS,
  SearchError,
  mergeRanked,
  rerank,
  toSegments,
  type RankedPage,
  type ScoredRef,
  type SearchContext,
  type SearchHit,
  type Section,
} from './index';
import {describeMatch, queryTerms, toPageText, type FragmentText, type PageText} from './excerpt';
import {asyncOnce, type AsyncOnce} from '../data/once';

export interface PagefindResultData extends FragmentText {
  excerpt: string;
  filters?: Record<string, string[]>;
}

export interface PagefindResult {
  /** The page's id: the same page has the same id in every query. */
  id: string;
  score: number;
  /** Word positions of the match in the page's text. */
  words: number[];
  data: () => Promise<PagefindResultData>;
}

type FilterValue = string | {any: string[]};
type Filters = Record<string, FilterValue>;

export interface PagefindSearchResponse {
  results: PagefindResult[];
  filters?: Record<string, Record<string, number>>;
}

export interface Pagefind {
  search: (query: string, options?: {filters?: Filters}) => Promise<PagefindSearchResponse | null>;
  options: (opts: Record<string, unknown>) => Promise<void>;
  init?: () => Promise<void>;
  preload?: (query: string, options?: {filters?: Filters}) => Promise<void>;
}

/**
 * Ranking: Pagefind's defaults weigh headings above body text (h1 7×, h2 6×, …). Long pages are
 * penalised a little more than by default so that the long meeting minutes, which mention many
 * topics once, rank below focused docs pages.
 * Pagefind runs in its (shared) worker: a query runs one search per section (7), then loads,
 * inflates and excerpts each result's fragment, which on the main thread made long tasks of
 * 50-75 ms on a phone (4x CPU slowdown) right when the results page paints. The worker costs its
 * download (about 12 KB gzip) and a message per call.
 */
export const PAGEFIND_OPTIONS = {
  noWorker: false,
  excerptLength: 24,
  ranking: {pageLength: 0.85, termFrequency: 1, termSaturation: 1.4, termSimilarity: 3},
};

/** Where the runtime of the index built under `baseUrl` is, and the options it is given. */
function runtimeOf(baseUrl: string): {url: string; options: Record<string, unknown>} {
  return {url: `${baseUrl}pagefind/pagefind.js`, options: {baseUrl, ...PAGEFIND_OPTIONS}};
}

/** The filters a query in `section` carries: its section, the page language and the docs versions. */
export function contextFilters(section: Section, context: SearchContext): Filters {
  return {section, language: context.language, version: {any: context.versionTags}};
}

/** The window property where the search page's boot script (below) leaves its Pagefind promise. */
export const EARLY_PAGEFIND = 'cfEarlyPagefind';
/** … and the search context (language, docs versions) the page was rendered with. */
export const BOOT_CONTEXT = 'cfSearchContext';

declare global {
  interface Window {
    [EARLY_PAGEFIND]?: Promise<Pagefind>;
    [BOOT_CONTEXT]?: SearchContext;
    /** Set by the boot script while the prepaint script runs: the entry scripts wait for it (config/ssrTemplate.ts). */
    cfHoldScripts?: Promise<void>;
    /** Resolves `cfHoldScripts`. */
    cfReleaseScripts?: () => void;
  }
}

/**
 * The inline script the search page puts in its <head>. When the URL has a query, it starts
 * Pagefind before anything else: the runtime, its options and `preload(query)`, which starts its
 * worker and fetches the WebAssembly module, the index's metadata, the query's index chunks and the
 * chunks of the filters every query carries (Pagefind picks those by filter name). It leaves the
 * runtime for loadPagefind() and the page's search context (`context`: language and docs versions)
 * for the prepaint script. A page whose backend is DocSearch at run time (`cfSearchDocSearch`)
 * starts nothing. The text has neither `<` nor `&`, so it needs no escaping inside a script element.
 *
 * With `prepaintUrl` (the prepaint script, ./prepaint.ts, which runs the first search and paints
 * its results), it also holds the page's entry scripts (`cfHoldScripts`) and adds that script,
 * which releases them (`cfReleaseScripts`) once it has painted or given up; a script that fails to
 * load releases them too. Only while the document loads: when the app renders the page (a
 * navigation inside the site), the page searches by itself.
 */
export function pagefindBootScript(
  baseUrl: string,
  prepaintUrl?: string,
  context: SearchContext = DEFAULT_CONTEXT,
): string {
  const {url, options} = runtimeOf(baseUrl);
  return [
    '(function(){',
    `if(window.${EARLY_PAGEFIND}||window.cfSearchDocSearch)return;`,
    'var q=(new URLSearchParams(location.search).get("q")||"").trim();',
    'if(!q)return;',
    `var ready=import(${JSON.stringify(url)}).then(function(f){return f.options(${JSON.stringify(options)}).then(function(){return f})});`,
    `window.${EARLY_PAGEFIND}=ready;`,
    `ready.then(function(f){return f.preload(q,{filters:${JSON.stringify(contextFilters(SECTIONS[0], context))}})}).catch(function(){});`,
    `window.${BOOT_CONTEXT}=${JSON.stringify(context)};`,
    ...(prepaintUrl
      ? [
          'if(document.readyState!=="loading")return;',
          'window.cfHoldScripts=new Promise(function(r){window.cfReleaseScripts=r});',
          `var s=document.createElement("script");s.src=${JSON.stringify(prepaintUrl)};s.onerror=function(){window.cfReleaseScripts()};document.head.appendChild(s)`,
        ]
      : []),
    '})()',
  ].join('');
}

/** The runtime the boot script started, if any; a failure there leaves it to a fresh import. */
async function earlyPagefind(): Promise<Pagefind | undefined> {
  const early = typeof window === 'undefined' ? undefined : window[EARLY_PAGEFIND];
  return early?.catch(() => undefined);
}

let runtime: AsyncOnce<Pagefind> | undefined;

/** True in `npm start`: the development server has no search index. */
export function isDevServer(): boolean {
  return process.env.NODE_ENV !== 'production';
}

/** Imports the Pagefind runtime once (the site has one base URL); a failure can be retried. */
export function loadPagefind(baseUrl: string): Promise<Pagefind> {
  if (isDevServer()) {
    return Promise.reject(new SearchError('no-index', 'The development server has no search index.'));
  }
  runtime ??= asyncOnce(async () => {
    const early = await earlyPagefind();
    if (early) return early;
    const {url, options} = runtimeOf(baseUrl);
    const pagefind = (await import(/* webpackIgnore: true */ url)) as Pagefind;
    await pagefind.options(options);
    return pagefind;
  });
  return runtime().catch((error: unknown) => {
    throw new SearchError('network', error instanceof Error ? error.message : 'Pagefind did not load.');
  });
}

/** Runs a query in each section, with the contextual filters; sections without results are left out. */
export async function searchBySection(
  pagefind: Pagefind,
  query: string,
  context: SearchContext,
  sections: readonly Section[] = SECTIONS,
): Promise<Array<{section: Section; items: Array<{ref: PagefindResult; score: number}>}>> {
  const lists = await Promise.all(
    sections.map(async (section) => {
      const response = await pagefind.search(query, {
        filters: contextFilters(section, context),
      });
      // Pagefind answers null when a newer search replaced this one (its debounce); treat as empty.
      const items = (response?.results ?? []).map((ref) => ({ref, score: ref.score}));
      return {section, items};
    }),
  );
  return lists.filter((list) => list.items.length > 0);
}

/** A page as every hit on it needs it: its fragment's metadata and its prepared text. */
export interface PageEntry {
  data: PagefindResultData;
  text: PageText;
}

/**
 * Pages already loaded this session, by id. Pagefind's `data()` recomputes an excerpt and every
 * sub-result on each call; a page's text is prepared once here and later queries only describe
 * their match (./excerpt.ts).
 */
const pages = new Map<string, Promise<PageEntry>>();

export function loadPage(ref: PagefindResult): Promise<PageEntry> {
  let entry = pages.get(ref.id);
  if (!entry) {
    entry = ref.data().then((data) => ({data, text: toPageText(data)}));
    pages.set(ref.id, entry);
    // A failed load (network) is retried by the next query.
    entry.catch(() => pages.delete(ref.id));
  }
  return entry;
}

/** A hit for a match at word positions `locations` of a page: best heading, its path and snippet. */
export function toHit(
  {data, text}: PageEntry,
  locations: readonly number[],
  section: Section,
  score: number,
  terms: readonly string[] = [],
): SearchHit {
  const match = describeMatch(text, locations, PAGEFIND_OPTIONS.excerptLength, terms);
  const crumbs = (data.meta.crumbs ?? '')
    .split(CRUMB_SEPARATOR)
    .map((c) => c.trim())
    .filter(Boolean);
  return {
    id: match.url,
    url: match.url,
    title: text.title,
    path: [...crumbs, text.title, ...(match.heading ? [match.heading] : [])],
    snippet: toSegments(match.excerpt || data.excerpt),
    section,
    language: data.meta.language || data.filters?.language?.[0] || 'en',
    versionTag: data.meta.version || data.filters?.version?.[0] || 'default',
    versionLabel: data.meta.version_label ?? '',
    score,
    answered: match.answered,
  };
}

/**
 * The hit for one result, loading its page the first time it is shown; `terms` (queryTerms of the
 * query) choose the section it opens at.
 */
export async function loadHit(
  ref: PagefindResult,
  section: Section,
  score: number,
  terms: readonly string[],
): Promise<SearchHit> {
  return toHit(await loadPage(ref), ref.words, section, score, terms);
}

/** Loads the hits of ranked references. */
export function loadHits(refs: ScoredRef<PagefindResult>[], terms: readonly string[]): Promise<SearchHit[]> {
  return Promise.all(refs.map(({ref, section, score}) => loadHit(ref, section, score, terms)));
}

/** All results of a query ranked in one list (weighted by section), with per-section counts. */
export async function rankedResults(
  pagefind: Pagefind,
  query: string,
  context: SearchContext,
): Promise<{ranked: ScoredRef<PagefindResult>[]; counts: Partial<Record<Section, number>>}> {
  const lists = await searchBySection(pagefind, query, context);
  const counts: Partial<Record<Section, number>> = {};
  for (const list of lists) counts[list.section] = list.items.length;
  return {ranked: mergeRanked(lists), counts};
}

/**
 * The first `limit` results of a query in one ranked list (optionally one section), with the facet
 * counts: the search page's view, whether its scripts run it or the prepaint script (./prepaint.ts).
 */
export async function rankedPage(
  pagefind: Pagefind,
  query: string,
  context: SearchContext,
  section: Section | null,
  limit: number,
): Promise<RankedPage> {
  const {ranked, counts} = await rankedResults(pagefind, query, context);
  const chosen = section ? ranked.filter((r) => r.section === section) : ranked;
  return {hits: rerank(await loadHits(chosen.slice(0, limit), queryTerms(query))), total: chosen.length, counts};
}
