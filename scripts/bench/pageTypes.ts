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
   * A first-load JavaScript ceiling (bytes, gzip) for a type still over the 180 KB target:
   * it stops regressions in CI while `npm run bench` keeps reporting the type as over budget.
   */
  jsCeiling?: number;
}

export const PAGE_TYPES: PageType[] = [
  {name: 'home', path: '/'},
  {name: 'docs', path: '/docs/user/tipsandtricks/'},
  // The longest docs page (37 code blocks, ~19 KB gzip of content): heavier than a typical page.
  {name: 'docs (longest)', path: '/docs/maintainer/adding_pkgs/', jsCeiling: 192 * 1024},
  {name: 'how-to', path: '/docs/how-to/basics/rerender/'},
  // List pages carry ten posts' summaries. Posts end their summary (the truncate marker) before
  // their first code block, so a list page never loads the code highlighter.
  {name: 'blog list', path: '/blog/'},
  {name: 'blog post', path: '/blog/2020/10/02/versions/'},
  {name: 'news list', path: '/news/'},
  {name: 'news post', path: '/news/2024/08/14/sunsetting-pypy/'},
  {name: 'minutes', path: '/community/minutes/2024-02-21/'},
  {name: 'community', path: '/community/governance/'},
  {name: 'status', path: '/status/'},
  {name: 'migration', path: '/status/migration/?name=python313'},
  {name: 'packages', path: '/packages/'},
  {name: 'download', path: '/download/'},
  {name: 'search', path: '/search/?q=conda'},
  {name: 'style guide', path: '/style-guide/'},
  {name: 'announcements', path: '/announcements/'},
  {name: '404', path: '/this-page-does-not-exist/'},
];

/** First-load budgets in bytes (gzip), per page type unless overridden. */
export const BUDGETS = {
  /** The target: first-load JavaScript on every page type. */
  js: 180 * 1024,
  /** CSS loaded before hydration: one stylesheet for the whole site (today ~21.6 KB). */
  css: 24 * 1024,
  /** The HTML document (today ≤ 27 KB, the longest docs page). */
  html: 30 * 1024,
} as const;

/** What the size tests enforce for a page type: the budget, or its ceiling while it is over. */
export function jsLimit(type: PageType): number {
  return type.jsCeiling ?? BUDGETS.js;
}
