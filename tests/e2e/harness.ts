/**
 * End-to-end harness: serves ./build on a free localhost port (scripts/serve.mjs) and drives
 * Debian's Chromium with playwright-core. Every request that leaves localhost is answered from
 * fixtures (see `fixtures` option) or aborted: tests never touch the network.
 *
 * Console guard: every uncaught page error and every `console.error` of every page opened through
 * the harness is recorded on the site — React's hydration mismatches and Docusaurus's
 * `onRecoverableError` reports arrive as `console.error`, as do React's warnings — and
 * `site.close()` (each test file's `after` hook) throws with the list of errors and their URLs if
 * any of them was not expected. A test that provokes an error on purpose says so with
 * `open({expectPageErrors: {because, match}})`. Not recorded: Chromium's "Failed to load
 * resource" lines for requests to other hosts, which the harness itself answers with fixtures
 * or aborts (what the page does then is what the tests assert), and the 404 status of an
 * unknown path's own document; any other failed request to the site itself is recorded.
 */
import {chromium, type Browser, type BrowserContext, type Page, type Route} from 'playwright-core';
import {existsSync} from 'node:fs';
import type {Server} from 'node:http';
import {setTimeout as delay} from 'node:timers/promises';
import {startServer} from '../../scripts/serve.mjs';
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from '../../scripts/chromium';

/** A fixture answers one external URL (matched by a predicate or prefix). */
export interface Fixture {
  match: string | RegExp | ((url: URL) => boolean);
  handle: (route: Route, url: URL) => Promise<void> | void;
}

export interface Site {
  baseUrl: string;
  browser: Browser;
  /** A fresh context + page; page errors are collected into `errors` and into `pageErrors`. */
  open: (options?: OpenOptions) => Promise<Opened>;
  /** Every uncaught page error seen so far, from every page opened through `open`. */
  pageErrors: PageErrorRecord[];
  /** Closes browser and server, then throws if an unexpected page error happened anywhere. */
  close: () => Promise<void>;
}

/** Opt-out of the console guard for the pages of one `open()` call. */
export interface ExpectedPageErrors {
  /** Why the test expects errors; shown in the guard's report. Must not be empty. */
  because: string;
  /** Only errors whose message matches are expected; any other error still fails the run. */
  match: RegExp;
}

export interface OpenOptions {
  viewport?: {width: number; height: number};
  fixtures?: Fixture[];
  colorScheme?: 'light' | 'dark';
  expectPageErrors?: ExpectedPageErrors;
}

export interface PageErrorRecord {
  /** An uncaught exception, or a `console.error` / React warning. */
  kind: 'pageerror' | 'console';
  url: string;
  message: string;
  stack?: string;
  /** The `because` of the opt-out that covered this error, if one did. */
  expectedBecause?: string;
}

export interface Opened {
  context: BrowserContext;
  page: Page;
  errors: Error[];
  /** External URLs that were requested (answered or aborted). */
  external: string[];
}

export function matches(fixture: Fixture, url: URL): boolean {
  const {match} = fixture;
  if (typeof match === 'string') return url.href.startsWith(match);
  if (match instanceof RegExp) return match.test(url.href);
  return match(url);
}

/**
 * Routes every request of a context: the site's own (and data:/blob: URLs) go through, any other
 * host gets the first matching fixture's answer or is aborted. Used by the harness and the benchmark.
 */
export async function routeFixtures(
  context: BrowserContext,
  siteHost: string,
  fixtures: Fixture[],
  onExternal?: (url: URL) => void,
): Promise<void> {
  await context.route('**/*', async (route: Route) => {
    const target = new URL(route.request().url());
    if (target.host === siteHost || target.protocol === 'data:' || target.protocol === 'blob:') {
      return route.fallback();
    }
    onExternal?.(target);
    const fixture = fixtures.find((f) => matches(f, target));
    if (fixture) return fixture.handle(route, target);
    return route.abort('blockedbyclient');
  });
}

export async function startSite(): Promise<Site> {
  if (!existsSync('build/index.html')) throw new Error('No production build: run `npm run build` first.');
  const {server, url} = (await startServer({dir: 'build', port: 0})) as {server: Server; url: string};
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true});
  const base = new URL(url);

  const pageErrors: PageErrorRecord[] = [];

  const open = async ({
    viewport = {width: 1280, height: 900},
    fixtures = [],
    colorScheme,
    expectPageErrors,
  }: OpenOptions = {}) => {
    if (expectPageErrors && !expectPageErrors.because.trim()) {
      throw new Error('expectPageErrors needs a `because` that says why the errors are expected');
    }
    const context = await browser.newContext({viewport, colorScheme, serviceWorkers: 'block'});
    const errors: Error[] = [];
    const external: string[] = [];
    // Every page of the context (the first one and any popup it opens) is watched.
    const watched = new WeakSet<Page>();
    const watch = (page: Page) => {
      if (watched.has(page)) return;
      watched.add(page);
      const record = (kind: PageErrorRecord['kind'], message: string, stack?: string) => {
        const expected = expectPageErrors?.match.test(message);
        pageErrors.push({
          kind,
          url: page.url(),
          message,
          stack,
          ...(expected ? {expectedBecause: expectPageErrors!.because} : {}),
        });
      };
      page.on('pageerror', (error) => {
        errors.push(error);
        record('pageerror', error.message, error.stack);
      });
      page.on('console', (message) => {
        const text = message.text();
        const reactWarning = message.type() === 'warning' && /^Warning: /.test(text);
        if (message.type() !== 'error' && !reactWarning) return;
        if (/^Failed to load resource/.test(text)) {
          if (isExternal(message.location().url, base)) return;
          // The document of an unknown path answers 404 by design (the not-found page).
          if (/status of 404/.test(text) && message.location().url === page.url()) return;
        }
        record(
          'console',
          text,
          message.location().url ? `    at ${message.location().url}:${message.location().lineNumber}` : undefined,
        );
      });
    };
    context.on('page', watch);
    await routeFixtures(context, base.host, fixtures, (target) => external.push(target.href));
    const page = await context.newPage();
    watch(page);
    return {context, page, errors, external};
  };

  return {
    baseUrl: url,
    browser,
    open,
    pageErrors,
    close: async () => {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const report = pageErrorReport(pageErrors);
      if (report) throw new Error(report);
    },
  };
}

/**
 * The console guard's verdict: an empty string when every recorded page error was expected,
 * otherwise a report naming each unexpected error with the URL of the page it happened on.
 */
export function pageErrorReport(records: PageErrorRecord[]): string {
  const unexpected = records.filter((record) => !record.expectedBecause);
  if (unexpected.length === 0) return '';
  const lines = unexpected.map((record) => {
    const where = record.stack
      ?.split('\n')
      .find((line) => /^\s+at /.test(line))
      ?.trim();
    const kind = record.kind === 'console' ? 'console.error' : 'uncaught';
    return `- ${record.url}: [${kind}] ${record.message}${where ? ` (${where})` : ''}`;
  });
  return `Console guard: ${unexpected.length} page error(s):\n${lines.join('\n')}`;
}

/** Whether a console message's source URL is on another host than the site. */
function isExternal(url: string, base: URL): boolean {
  try {
    return new URL(url).host !== base.host;
  } catch {
    return false;
  }
}

/** JSON fixture helper. */
export function json(body: unknown, status = 200): Fixture['handle'] {
  return (route) => route.fulfill({status, contentType: 'application/json', body: JSON.stringify(body)});
}

/**
 * Wait until hydration is done: Docusaurus marks the html element, and no part that hydrates later
 * (a long Markdown page's body, src/components/DeferredHydration) is still waiting for its code.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.documentElement.getAttribute('data-has-hydrated') === 'true' &&
      !document.documentElement.hasAttribute('data-deferred-hydration'),
  );
}

/** The site's JavaScript chunks held back by holdScripts. */
export interface HeldScripts {
  /**
   * Resolves true once a chunk request has been held, false if none came within `ms`. Playwright
   * delivers the route event to the test when it can, which on a busy machine may be after the
   * answers to later calls: a test waits for it rather than sampling a counter.
   */
  wasHeld(ms?: number): Promise<boolean>;
  /** Lets every held request, and all later ones, through. */
  release(): void;
}

/** Holds back every request for the site's JavaScript chunks (or those `pattern` matches) until `release()`. */
export async function holdScripts(page: Page, pattern: RegExp = /\/assets\/js\/.+\.js$/): Promise<HeldScripts> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<boolean>((resolve) => (holding = () => resolve(true)));
  await page.route(pattern, async (route) => {
    holding();
    await released;
    await route.fallback();
  });
  return {release, wasHeld: (ms = 10_000) => Promise.race([held, delay(ms, false, {ref: false})])};
}

/** Routes listed in the build's sitemap, as paths. */
export async function sitemapRoutes(): Promise<string[]> {
  const {readFile} = await import('node:fs/promises');
  const xml = await readFile('build/sitemap.xml', 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/** An Intl formatter a page's scripts made, and whether the page had hydrated by then. */
export interface IntlFormatterRecord {
  name: string;
  hydrated: boolean;
}

/**
 * Starts recording the Intl formatters the page's scripts make (DateTimeFormat, NumberFormat,
 * RelativeTimeFormat, ListFormat, PluralRules, Collator), before it loads: a page's first one costs
 * a long task while ICU loads its data (src/lib/format/english.ts). A page's first
 * `localeCompare` builds a collator too, and is recorded as `localeCompare`
 * (src/lib/docs/breadcrumbs.ts).
 */
export async function recordIntlFormatters(page: Page): Promise<void> {
  await page.addInitScript(`
    window.__intlFormatters = [];
    const record = (name) => {
      const root = document.documentElement;
      const hydrated = root.getAttribute('data-has-hydrated') === 'true' && !root.hasAttribute('data-deferred-hydration');
      window.__intlFormatters.push({name, hydrated});
    };
    for (const name of ['DateTimeFormat', 'NumberFormat', 'RelativeTimeFormat', 'ListFormat', 'PluralRules', 'Collator']) {
      const Original = Intl[name];
      Intl[name] = function (...args) {
        record(name);
        return new Original(...args);
      };
    }
    const localeCompare = String.prototype.localeCompare;
    let compared = false;
    String.prototype.localeCompare = function (...args) {
      if (!compared) record('localeCompare');
      compared = true;
      return localeCompare.apply(this, args);
    };
  `);
}

/** The Intl formatters made so far on the current page (see recordIntlFormatters). */
export function intlFormatters(page: Page): Promise<IntlFormatterRecord[]> {
  return page.evaluate(() => (window as unknown as {__intlFormatters: IntlFormatterRecord[]}).__intlFormatters);
}

/** Starts recording the page's layout shifts (not those right after input), before it loads. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(`
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts.push(entry.value);
    }).observe({type: 'layout-shift', buffered: true});
  `);
}

/** The layout shifts recorded so far (see recordLayoutShifts). */
export function layoutShifts(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as {__shifts: number[]}).__shifts);
}
