/**
 * What the search page needs of the Pagefind backend before it searches: the runtime's address and
 * options, the inline boot script of its <head> and the names of what that script leaves on
 * `window`. Apart from ./pagefind.ts (the engine) so that the page's first load does not carry the
 * engine; ./pagefind.ts reads the same options and names from here.
 */
import {DEFAULT_CONTEXT, SECTIONS, type SearchContext, type Section} from './context';

export type FilterValue = string | {any: string[]};
export type Filters = Record<string, FilterValue>;

/**
 * Ranking: Pagefind's defaults weigh headings above body text (h1 7×, h2 6×, …). Long pages are
 * penalised a little less than by default (pageLength 0.6, Pagefind's default 0.75): a long page
 * such as the knowledge base answers many queries in one of its sections, and the section
 * weights (SECTION_WEIGHT) already keep the long meeting minutes below the docs. Chosen on the
 * query-quality report (`npm run search-quality`): 0.85 gave 84 % first results, 0.6 gives 91 %.
 * Pagefind runs in its (shared) worker: a query runs one search per section (7), then loads,
 * inflates and excerpts each result's fragment, which on the main thread made long tasks of
 * 50-75 ms on a phone (4x CPU slowdown) right when the results page paints. The worker costs its
 * download (about 12 KB gzip) and a message per call.
 */
export const PAGEFIND_OPTIONS = {
  noWorker: false,
  excerptLength: 24,
  ranking: {pageLength: 0.6, termFrequency: 1, termSaturation: 1.4, termSimilarity: 3},
};

/** Where the runtime of the index built under `baseUrl` is, and the options it is given. */
export function runtimeOf(baseUrl: string): {url: string; options: Record<string, unknown>} {
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
/** … and the site's base URL (where the index's lexicon is, ./lexicon.ts). */
export const BOOT_BASE = 'cfSearchBase';

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
    `window.${BOOT_BASE}=${JSON.stringify(baseUrl)};`,
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

/** True in `npm start`: the development server has no search index. */
export function isDevServer(): boolean {
  return process.env.NODE_ENV !== 'production';
}
