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
}

// Tightened on 25 November 2026 (#16) to the sizes after code blocks stopped re-rendering and the
// browser's site config lost the code themes' token styles.
export const PAGE_TYPES: PageType[] = [
  {name: 'home', path: '/', jsCeilingKb: 133},
  {name: 'docs', path: '/docs/user/tipsandtricks/', jsCeilingKb: 167},
  // The longest docs page (37 code blocks, ~17 KB gzip of content): the heaviest page of the site.
  {name: 'docs (longest)', path: '/docs/maintainer/adding_pkgs/', jsCeilingKb: 180},
  {name: 'how-to', path: '/docs/how-to/basics/rerender/', jsCeilingKb: 165},
  // List pages carry ten posts' summaries. Posts end their summary (the truncate marker) before
  // their first code block, so a list page never loads the code highlighter.
  {name: 'blog list', path: '/blog/', jsCeilingKb: 160},
  {name: 'blog post', path: '/blog/2020/10/02/versions/', jsCeilingKb: 151},
  {name: 'news list', path: '/news/', jsCeilingKb: 156},
  {name: 'news post', path: '/news/2024/08/14/sunsetting-pypy/', jsCeilingKb: 149},
  {name: 'minutes', path: '/community/minutes/2024-02-21/', jsCeilingKb: 163},
  // +1 KB: the navbar wordmark, the date-keeping title wrapper and the /index.html normaliser
  // are on every page; community pages were the type closest to its ceiling.
  {name: 'community', path: '/community/governance/', jsCeilingKb: 168},
  // +1 KB each: how fresh each card's data is ("Updated 3 hours ago", stale marks) and the bot's
  // notes of paused and closed migrations.
  {name: 'status', path: '/status/', jsCeilingKb: 166},
  {name: 'migration', path: '/status/migration/?name=python313', jsCeilingKb: 154},
  // +1 KB: the map is parsed a piece per task (src/lib/data/steps.ts), so 100,000 names never
  // hold the main thread for long.
  {name: 'packages', path: '/packages/', jsCeilingKb: 136},
  {name: 'download', path: '/download/', jsCeilingKb: 146},
  {name: 'search', path: '/search/?q=conda', jsCeilingKb: 136},
  {name: 'style guide', path: '/style-guide/', jsCeilingKb: 154},
  {name: 'announcements', path: '/announcements/', jsCeilingKb: 139},
  {name: '404', path: '/this-page-does-not-exist/', jsCeilingKb: 130},
];

/** First-load budgets in bytes (gzip), for every page type (`jsCeilingKb` tightens the JavaScript one in CI). */
export const BUDGETS = {
  /** The target: first-load JavaScript on every page type. */
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
