/**
 * First-load measurement: what a page fetches before it has hydrated (the document plus every
 * same-origin resource requested before Docusaurus marks the page hydrated), with gzip sizes
 * computed from the files of the build. Used by the benchmark and by the size-budget tests.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import type {BrowserContext, Page} from 'playwright-core';

/**
 * The search runtime (Pagefind's own scripts), counted apart from the site's JavaScript: the search
 * page starts it from <head> on purpose when its URL has a query (src/lib/search/pagefind.ts,
 * pagefindBootScript), so its results do not wait for the page's scripts. It runs in its worker,
 * not in hydration.
 */
export const SEARCH_RUNTIME = /^\/pagefind\/[^/]+\.js$/;

export interface FirstLoad {
  /** gzip bytes by kind; `js` is the site's JavaScript, without the search runtime */
  js: number;
  /** gzip bytes of the search runtime's scripts (SEARCH_RUNTIME) loaded before hydration */
  searchRuntime: number;
  css: number;
  html: number;
  other: number;
  /** number of requests up to hydration, the document included */
  requests: number;
  /** the JavaScript files, for diagnosis */
  scripts: string[];
}

/** Records the moment the html element gets data-has-hydrated; call once per context. */
export async function recordHydration(context: BrowserContext): Promise<void> {
  // A string, not a function: tsx would wrap a function with helpers the page does not have.
  await context.addInitScript(`
    (() => {
      // The html element may not exist yet when this runs: observe the whole document.
      new MutationObserver(() => {
        const root = document.documentElement;
        if (window.cfHydratedAt === undefined && root && root.getAttribute('data-has-hydrated') === 'true') {
          window.cfHydratedAt = performance.now();
          // A user-timing mark too, for traces (./cpuBlocking.ts).
          performance.mark('cf-hydrated');
        }
      }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-has-hydrated']});
    })();
  `);
}

const gzipCache = new Map<string, number>();

/** gzip size of a build file (default zlib level, what static hosts commonly serve). */
export function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file)).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** Maps a same-origin URL path to its file in the build directory. */
export function buildFile(buildDir: string, pathname: string): string {
  const decoded = decodeURIComponent(pathname);
  return path.join(buildDir, decoded.endsWith('/') ? `${decoded}index.html` : decoded);
}

/** Loads `url` in `page` (whose context ran recordHydration) and measures its first load. */
export async function measureFirstLoad(page: Page, url: string, buildDir = 'build'): Promise<FirstLoad> {
  // Link prefetches (rel=prefetch, sent with `Sec-Purpose: prefetch`) are for the next page.
  const prefetched = new Set<string>();
  const onRequest = (request: import('playwright-core').Request) => {
    if (/prefetch/i.test(request.headers()['sec-purpose'] ?? request.headers()['purpose'] ?? ''))
      prefetched.add(request.url());
  };
  page.on('request', onRequest);
  const response = await page.goto(url);
  await page.waitForFunction(() => (window as unknown as {cfHydratedAt?: number}).cfHydratedAt !== undefined);
  const origin = new URL(url).origin;
  const entries = await page.evaluate(() => {
    const at = (window as unknown as {cfHydratedAt: number}).cfHydratedAt;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= at)
      .map((e) => ({name: e.name, initiator: (e as PerformanceResourceTiming).initiatorType}));
  });
  page.off('request', onRequest);
  // A prefetch is a `link` entry; the same file loaded for this page shows up as a `script` entry.
  const unique = [
    ...new Set(entries.filter((e) => !(e.initiator === 'link' && prefetched.has(e.name))).map((e) => e.name)),
  ];
  const result: FirstLoad = {js: 0, searchRuntime: 0, css: 0, html: 0, other: 0, requests: 1, scripts: []};
  const documentPath = new URL(response?.url() ?? url).pathname;
  result.html =
    response?.status() === 404
      ? gzipSize(path.join(buildDir, '404.html'))
      : gzipSize(buildFile(buildDir, documentPath));
  for (const name of unique) {
    const target = new URL(name);
    if (target.origin !== origin) continue;
    result.requests++;
    const file = buildFile(buildDir, target.pathname);
    let size = 0;
    try {
      size = gzipSize(file);
    } catch {
      continue;
    }
    if (SEARCH_RUNTIME.test(target.pathname)) {
      result.searchRuntime += size;
      result.scripts.push(`${target.pathname} ${(size / 1024).toFixed(1)} KB (search runtime)`);
    } else if (file.endsWith('.js')) {
      result.js += size;
      result.scripts.push(`${target.pathname} ${(size / 1024).toFixed(1)} KB`);
    } else if (file.endsWith('.css')) result.css += size;
    else result.other += size;
  }
  return result;
}
