/**
 * The page types the quality gates measure: one representative route each. The benchmark, the
 * size budgets and the accessibility checks all read this list.
 */
export interface PageType {
  /** Short name used in reports. */
  name: string;
  /** Route on the production build (query included where the page needs one). */
  path: string;
  /**
   * The size test's first-load JavaScript ceiling (KB, gzip): today's size plus a small margin,
   * never above `BUDGETS.js`, so CI notices a page type growing long before it reaches the
   * budget. Raise it on purpose, in the commit that adds the weight, when the weight is worth it.
   */
  jsCeilingKb: number;
  /**
   * The page answers with status 404. Lighthouse stops at a document that is not a 200
   * (ERRORED_DOCUMENT_REQUEST), so such a page is sized but not given to Lighthouse.
   */
  notFound?: boolean;
}

// Re-based on 27 November 2026 for React 19.3.1 (#34), whose client is about 23 KB gzip larger than
// React 18's on every page, and lowered since: each ceiling is the page type's measured size plus
// 2 KB, rounded up, never above BUDGETS.js. docs-dev/performance.md lists every ceiling and why.
export const PAGE_TYPES: PageType[] = [
  {name: 'home', path: '/', jsCeilingKb: 142},
  {name: 'docs', path: '/docs/user/tipsandtricks/', jsCeilingKb: 157},
  // The longest docs page (37 code blocks, ~19 KB gzip of body, loaded after hydration).
  {name: 'docs (longest)', path: '/docs/maintainer/adding_pkgs/', jsCeilingKb: 158},
  {name: 'how-to', path: '/docs/how-to/basics/rerender/', jsCeilingKb: 157},
  // List pages carry ten posts' summaries. Posts end their summary (the truncate marker) before
  // their first code block, so a list page never loads the code highlighter.
  {name: 'blog list', path: '/blog/', jsCeilingKb: 162},
  {name: 'blog post', path: '/blog/2020/10/02/versions/', jsCeilingKb: 152},
  {name: 'news list', path: '/news/', jsCeilingKb: 159},
  {name: 'news post', path: '/news/2024/08/14/sunsetting-pypy/', jsCeilingKb: 152},
  {name: 'minutes', path: '/community/minutes/2024-02-21/', jsCeilingKb: 162},
  {name: 'community', path: '/community/governance/', jsCeilingKb: 158},
  // Status, migration, packages and home: their fetch helpers and parsers (and the migration
  // page's whole details view) load after hydration (28 November 2026).
  {name: 'status', path: '/status/', jsCeilingKb: 149},
  {name: 'migration', path: '/status/migration/?name=python313', jsCeilingKb: 137},
  {name: 'packages', path: '/packages/', jsCeilingKb: 143},
  {name: 'download', path: '/download/', jsCeilingKb: 145},
  // With its prepaint script (5.0 KB, src/lib/search/prepaint.ts), which paints the first results
  // before the entry scripts run; the page's own code (hooks, ranking, results) loads after
  // hydration, only the server's shell before it (28 November 2026).
  {name: 'search', path: '/search/?q=conda', jsCeilingKb: 144},
  {name: 'style guide', path: '/style-guide/', jsCeilingKb: 145},
  {name: 'announcements', path: '/announcements/', jsCeilingKb: 147},
  {name: '404', path: '/this-page-does-not-exist/', jsCeilingKb: 138, notFound: true},
];

/**
 * The page types Lighthouse measures: those named (every one Lighthouse can load when none is),
 * failing on a name that is not a page type or that Lighthouse cannot load.
 */
export function lighthousePageTypes(names: readonly string[]): PageType[] {
  if (names.length === 0) return PAGE_TYPES.filter((type) => !type.notFound);
  return names.map((name) => {
    const type = PAGE_TYPES.find((candidate) => candidate.name === name);
    if (!type) throw new Error(`no page type "${name}" (page types: ${PAGE_TYPES.map((t) => t.name).join(', ')})`);
    if (type.notFound) throw new Error(`Lighthouse cannot load "${name}": the page answers with status 404`);
    return type;
  });
}

/** First-load budgets in bytes (gzip), for every page type (`jsCeilingKb` tightens the JavaScript one in CI). */
export const BUDGETS = {
  /**
   * The site-wide ceiling: #16 set 140 KB on React 18 (141 KB from 27 November 2026); on React 19
   * the largest page type, the blog list, plus 2 KB (160.0 KB on 28 November 2026;
   * docs-dev/performance.md).
   */
  js: 162 * 1024,
  /** CSS loaded before hydration: one stylesheet for the whole site (25.0 KB on 27 November 2026). */
  css: 26 * 1024,
  /** The HTML document (today ≤ 27 KB, the longest docs page). */
  html: 30 * 1024,
  /**
   * Pagefind's scripts, which the search page alone starts before hydration (firstLoad.ts,
   * SEARCH_RUNTIME): its runtime and its worker, today 25.2 KB.
   */
  searchRuntime: 27 * 1024,
} as const;

/** What the size test enforces for a page type's first-load JavaScript, in bytes. */
export function jsLimit(type: PageType): number {
  return Math.min(type.jsCeilingKb * 1024, BUDGETS.js);
}
