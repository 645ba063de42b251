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
   * never above the 180 KB budget, so CI notices a page type growing long before it reaches the
   * budget. Raise it on purpose, in the commit that adds the weight, when the weight is worth it.
   */
  jsCeilingKb: number;
  /**
   * The page answers with status 404. Lighthouse stops at a document that is not a 200
   * (ERRORED_DOCUMENT_REQUEST), so such a page is sized but not given to Lighthouse.
   */
  notFound?: boolean;
}

// Tightened on 25 November 2026 (#16, second pass) to the sizes after the route registry became an
// array named by index and the community version data lost the minutes' descriptions, then (third
// pass) after pages with code blocks stopped loading Prism to show them: today's size plus 2 KB.
export const PAGE_TYPES: PageType[] = [
  {name: 'home', path: '/', jsCeilingKb: 120},
  {name: 'docs', path: '/docs/user/tipsandtricks/', jsCeilingKb: 143},
  // The longest docs page (37 code blocks, ~17 KB gzip of content): the heaviest page of the site.
  {name: 'docs (longest)', path: '/docs/maintainer/adding_pkgs/', jsCeilingKb: 157},
  {name: 'how-to', path: '/docs/how-to/basics/rerender/', jsCeilingKb: 141},
  // List pages carry ten posts' summaries. Posts end their summary (the truncate marker) before
  // their first code block, so a list page never loads the code highlighter.
  {name: 'blog list', path: '/blog/', jsCeilingKb: 141},
  {name: 'blog post', path: '/blog/2020/10/02/versions/', jsCeilingKb: 132},
  {name: 'news list', path: '/news/', jsCeilingKb: 137},
  {name: 'news post', path: '/news/2024/08/14/sunsetting-pypy/', jsCeilingKb: 130},
  {name: 'minutes', path: '/community/minutes/2024-02-21/', jsCeilingKb: 139},
  {name: 'community', path: '/community/governance/', jsCeilingKb: 139},
  {name: 'status', path: '/status/', jsCeilingKb: 153},
  {name: 'migration', path: '/status/migration/?name=python313', jsCeilingKb: 141},
  {name: 'packages', path: '/packages/', jsCeilingKb: 122},
  {name: 'download', path: '/download/', jsCeilingKb: 126},
  {name: 'search', path: '/search/?q=conda', jsCeilingKb: 123},
  {name: 'style guide', path: '/style-guide/', jsCeilingKb: 133},
  {name: 'announcements', path: '/announcements/', jsCeilingKb: 126},
  {name: '404', path: '/this-page-does-not-exist/', jsCeilingKb: 116, notFound: true},
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
  /** The site-wide ceiling (#14); the benchmark checks #16’s 140 KB target against stock (--compare-stock). */
  js: 180 * 1024,
  /** CSS loaded before hydration: one stylesheet for the whole site (today ~21.6 KB). */
  css: 24 * 1024,
  /** The HTML document (today ≤ 27 KB, the longest docs page). */
  html: 30 * 1024,
} as const;

/** What the size test enforces for a page type's first-load JavaScript, in bytes. */
export function jsLimit(type: PageType): number {
  return Math.min(type.jsCeilingKb * 1024, BUDGETS.js);
}
