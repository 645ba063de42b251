/**
 * The search page's results as markup, for the two code paths that write them: React (the page,
 * src/pages/search/_components/SearchPage, and a result's content, src/components/SearchResults)
 * and the prepaint script (./prepaint.ts), which paints the first page of results before the
 * page's scripts have run. The page then takes those results over and renders the same elements
 * in the same places, so nothing on screen changes when it does; the end-to-end tests compare the
 * two renderings element by element.
 *
 * The class names are global (results.css in src/components/SearchResults) because the prepaint
 * script is not built by the site's bundler, which is what gives CSS-module class names.
 */
import {CRUMB_SEPARATOR, SECTIONS, searchStatusText, type RankedPage, type SearchHit, type Section} from './index';
import {notices, verbatimQuery, type NoticePart} from './query';
import {searchPageUrl} from './url';
import {SEARCH_CLASS} from './shell';

export {SEARCH_CLASS, SHELL_STATUS} from './shell';

/** A result's heading path as one line, or '' when it is only the page title. */
export function hitPathText(hit: Pick<SearchHit, 'path'>): string {
  return hit.path.length > 1 ? hit.path.join(CRUMB_SEPARATOR) : '';
}

/** The section facets the page shows: "All", then each section with results (and the chosen one). */
export function facetsOf(
  query: string,
  page: Pick<RankedPage, 'counts'>,
  section: Section | null,
): Array<{label: string; count: number; href: string; current: boolean}> {
  const all = SECTIONS.reduce((sum, s) => sum + (page.counts[s] ?? 0), 0);
  return [
    {label: 'All', count: all, href: searchPageUrl(query), current: section === null},
    ...SECTIONS.filter((s) => page.counts[s] || s === section).map((s) => ({
      label: s,
      count: page.counts[s] ?? 0,
      href: searchPageUrl(query, s),
      current: section === s,
    })),
  ];
}

/**
 * The class of a notice of what the query was understood as (a correction, words left out), below
 * the status line. Apart from SEARCH_CLASS: the prepaint script never paints one.
 */
export const NOTICE_CLASS = 'cf-search-notice';

/** The notices of a page of results (./query.ts `notices`), their link searching the words as typed. */
export function pageNotices(
  query: string,
  page: Pick<RankedPage, 'understood'>,
  section: Section | null,
): NoticePart[][] {
  return notices(page.understood, searchPageUrl(verbatimQuery(query), section));
}

/** The key under which a page of results is remembered: the query, the section and how many results. */
export function resultsKey(query: string, section: Section | null, limit: number): string {
  return `${query}\n${section ?? ''}\n${limit}`;
}

/** Whether every result links inside the site (a path), which the prepaint script requires. */
export function linksStayOnSite(page: Pick<RankedPage, 'hits'>): boolean {
  return page.hits.every((hit) => hit.url.startsWith('/') && !hit.url.startsWith('//'));
}

type Build = (tag: string, attributes?: Record<string, string>, ...children: Array<Node | string>) => HTMLElement;

function builder(doc: Document): Build {
  return (tag, attributes = {}, ...children) => {
    const element = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.append(...children);
    return element;
  };
}

/** A result's content, as React's HitContent renders it. */
function hitContent(h: Build, hit: SearchHit): HTMLElement {
  const attributes: Record<string, string> = {
    class: SEARCH_CLASS.hit,
    lang: hit.language,
    'data-version': hit.versionTag,
  };
  if (hit.versionLabel) attributes['data-version-label'] = hit.versionLabel;
  const path = hitPathText(hit);
  return h(
    'span',
    attributes,
    h('span', {class: SEARCH_CLASS.title}, hit.title),
    ...(path ? [h('span', {class: SEARCH_CLASS.path}, path)] : []),
    ...(hit.snippet.length > 0
      ? [
          h(
            'span',
            {class: SEARCH_CLASS.snippet},
            ...hit.snippet.map((s) => (s.match ? h('mark', {}, s.text) : s.text)),
          ),
        ]
      : []),
  );
}

/**
 * The region's elements for a page of results (`page.total > 0`), as the search page renders them
 * once its search is ready: status line, facets, results and the "Load more" button. Text goes in
 * as text nodes, never as markup. A page with notices (`understood`: a correction, words left out)
 * is never painted here: the prepaint script leaves those queries to the page (./prepaint.ts).
 */
export function resultsRegion(doc: Document, query: string, section: Section | null, page: RankedPage): Node[] {
  const h = builder(doc);
  const facets = facetsOf(query, page, section).map((facet) =>
    h(
      'a',
      {class: SEARCH_CLASS.facet, href: facet.href, ...(facet.current ? {'aria-current': 'page'} : {})},
      `${facet.label} `,
      h('span', {class: SEARCH_CLASS.count}, String(facet.count)),
    ),
  );
  const results = page.hits.map((hit) =>
    h(
      'li',
      {class: SEARCH_CLASS.result},
      h('span', {class: SEARCH_CLASS.section}, hit.section),
      h('a', {class: SEARCH_CLASS.link, href: hit.url}, hitContent(h, hit)),
    ),
  );
  return [
    h('p', {role: 'status', class: SEARCH_CLASS.status}, searchStatusText(query, 'ready', page, section)),
    h('nav', {'aria-label': 'Sections', class: SEARCH_CLASS.facets}, ...facets),
    h('ol', {class: SEARCH_CLASS.results, 'aria-busy': 'false'}, ...results),
    ...(page.total > page.hits.length
      ? [h('button', {type: 'button', class: 'button button--secondary'}, 'Load more')]
      : []),
  ];
}
