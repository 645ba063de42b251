/**
 * The page types the quality gates measure: one representative route each. The benchmark, the
 * size budgets and the accessibility checks all read this list.
 */
export interface PageType {
  /** Short name used in reports. */
  name: string;
  /** Route on the production build (query included where the page needs one). */
  path: string;
}

export const PAGE_TYPES: PageType[] = [
  {name: 'home', path: '/'},
  {name: 'docs', path: '/docs/maintainer/adding_pkgs/'},
  {name: 'how-to', path: '/docs/how-to/basics/rerender/'},
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
  /** Issue budget: first-load JavaScript on every page type. */
  js: 180 * 1024,
  /** CSS loaded before hydration. */
  css: 30 * 1024,
  /** The HTML document. */
  html: 40 * 1024,
} as const;
