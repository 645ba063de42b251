/**
 * End-to-end harness: serves ./build on a free localhost port (scripts/serve.mjs) and drives
 * Debian's Chromium with playwright-core. Every request that leaves localhost is answered from
 * fixtures (see `fixtures` option) or aborted: tests never touch the network.
 */
import {chromium, type Browser, type BrowserContext, type Page, type Route} from 'playwright-core';
import {existsSync} from 'node:fs';
import type {Server} from 'node:http';
import {startServer} from '../../scripts/serve.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** A fixture answers one external URL (matched by a predicate or prefix). */
export interface Fixture {
  match: string | RegExp | ((url: URL) => boolean);
  handle: (route: Route, url: URL) => Promise<void> | void;
}

export interface Site {
  baseUrl: string;
  browser: Browser;
  /** A fresh context + page; page errors are collected into `errors`. */
  open: (options?: OpenOptions) => Promise<Opened>;
  close: () => Promise<void>;
}

export interface OpenOptions {
  viewport?: {width: number; height: number};
  fixtures?: Fixture[];
  colorScheme?: 'light' | 'dark';
}

export interface Opened {
  context: BrowserContext;
  page: Page;
  errors: Error[];
  /** External URLs that were requested (answered or aborted). */
  external: string[];
}

function matches(fixture: Fixture, url: URL): boolean {
  const {match} = fixture;
  if (typeof match === 'string') return url.href.startsWith(match);
  if (match instanceof RegExp) return match.test(url.href);
  return match(url);
}

export async function startSite(): Promise<Site> {
  if (!existsSync('build/index.html')) throw new Error('No production build: run `npm run build` first.');
  const {server, url} = (await startServer({dir: 'build', port: 0})) as {server: Server; url: string};
  const browser = await chromium.launch({executablePath: CHROMIUM, args: FLAGS, headless: true});
  const base = new URL(url);

  const open = async ({viewport = {width: 1280, height: 900}, fixtures = [], colorScheme}: OpenOptions = {}) => {
    const context = await browser.newContext({viewport, colorScheme, serviceWorkers: 'block'});
    const errors: Error[] = [];
    const external: string[] = [];
    await context.route('**/*', async (route) => {
      const target = new URL(route.request().url());
      if (target.host === base.host || target.protocol === 'data:' || target.protocol === 'blob:') {
        return route.fallback();
      }
      external.push(target.href);
      const fixture = fixtures.find((f) => matches(f, target));
      if (fixture) return fixture.handle(route, target);
      return route.abort('blockedbyclient');
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error));
    return {context, page, errors, external};
  };

  return {
    baseUrl: url,
    browser,
    open,
    close: async () => {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** JSON fixture helper. */
export function json(body: unknown, status = 200): Fixture['handle'] {
  return (route) => route.fulfill({status, contentType: 'application/json', body: JSON.stringify(body)});
}

/** Wait until hydration is done (Docusaurus marks the html element). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
}

/** Routes listed in the build's sitemap, as paths. */
export async function sitemapRoutes(): Promise<string[]> {
  const {readFile} = await import('node:fs/promises');
  const xml = await readFile('build/sitemap.xml', 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}
