/**
 * Accessibility sweep: axe's WCAG 2.2 A/AA rules over every page of the sitemap, in light and dark
 * mode, as its server-rendered HTML (what a reader gets before any script runs).
 *
 * How it stays within the test-time budget: pages of one kind (docs, community pages, minutes,
 * blog and news posts) share one layout and one stylesheet, so their Markdown bodies are checked
 * side by side. A batch loads one real page of the kind and appends the `.markdown` body of up to
 * BATCH - 1 others under it, each in a wrapper that names its page (ids prefixed, so references
 * stay unique); axe runs once over the batch and every finding is reported against the page it
 * belongs to. Pages of no kind, or without a Markdown body, are checked one by one. A first test
 * proves the attribution: markup planted in one appended body is reported against that page only.
 *
 * Hydrated pages, and what only scripts render (code-block buttons, live cards, the search modal,
 * the mobile menu), are checked per page type by a11y.test.ts.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {sitemapRoutes, startSite, type Site} from './harness';
import {AXE_SOURCE, WCAG_TAGS} from './axe';

/** Rules whose verdict depends on the colours, run again in dark mode. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/** Pages per document. */
const BATCH = 25;
/** Pages checked at the same time (one browser, one tab each). */
const WORKERS = 2;

interface Finding {
  page: string;
  mode: 'light' | 'dark';
  rule: string;
  impact: string;
  help: string;
  target: string;
}

interface CheckResult {
  findings: Finding[];
  /** Appended pages that have no Markdown body: they are checked one by one. */
  missing: string[];
  /**
   * Rules axe evaluated per mode (passed, failed, incomplete or not applicable): a run that
   * checked nothing must not count as clean.
   */
  rules: {light: number; dark: number};
}

/** Pages that can share a document, by kind; null for pages checked alone. */
export function kindOf(route: string): string | null {
  if (/^\/community\/minutes\/\d{4}-\d{2}-\d{2}\/$/.test(route)) return 'minutes';
  if (/^\/(blog|news)\/\d{4}\/\d{2}\/\d{2}\/[^/]+\/$/.test(route)) return `${route.split('/')[1]} post`;
  // Tag lists have no Markdown body: in a batch they would send their whole batch back to be
  // checked page by page.
  if (/^\/docs\/(?!tags\/)./.test(route)) return 'docs';
  if (/^\/community\/(?!tags\/)./.test(route)) return 'community';
  return null;
}

/**
 * Runs in the page: appends the Markdown bodies of `others` under the page's own, then runs axe in
 * light mode (every WCAG rule) and dark mode (the colour rules) over <main>. `plant` adds a faint
 * text (#777: under 4.5:1 on both the light and the dark background) and an empty link to one appended body (the attribution test).
 */
async function checkInPage({
  others,
  tags,
  colourRules,
  plant,
}: {
  others: string[];
  tags: string[];
  colourRules: string[];
  plant?: string;
}): Promise<CheckResult> {
  // Colours are measured when they are final: no transition may be running.
  const still = document.createElement('style');
  still.textContent = '*,*::before,*::after{transition:none!important;animation:none!important}';
  document.head.append(still);
  const missing: string[] = [];
  // A host without a Markdown body (a tag list) is checked alone; its batch is queued again.
  let last = document.querySelector('main .markdown');
  const references = ['aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'for', 'headers'];
  // The pages are fetched all at once, and appended in their order.
  const pages = await Promise.all(others.map(async (route) => (await fetch(route)).text()));
  for (const [index, route] of others.entries()) {
    const body = new DOMParser().parseFromString(pages[index], 'text/html').querySelector('main .markdown');
    if (!body || !last) {
      missing.push(route);
      continue;
    }
    const prefix = `cf${index}-`;
    for (const element of body.querySelectorAll('[id]')) element.id = prefix + element.id;
    for (const name of references) {
      for (const element of body.querySelectorAll(`[${name}]`)) {
        const ids = (element.getAttribute(name) ?? '').split(/\s+/).filter(Boolean);
        element.setAttribute(name, ids.map((id) => prefix + id).join(' '));
      }
    }
    for (const link of body.querySelectorAll('a[href^="#"]')) {
      link.setAttribute('href', `#${prefix}${link.getAttribute('href')!.slice(1)}`);
    }
    if (route === plant) {
      body.insertAdjacentHTML('beforeend', '<p><span style="color:#777">faint</span> <a href="/docs/"></a></p>');
    }
    const wrapper = document.createElement('div');
    wrapper.dataset.cfPage = route;
    wrapper.append(document.importNode(body, true));
    last.after(wrapper);
    last = wrapper;
  }
  type Axe = typeof import('axe-core');
  const axe = (window as unknown as {axe: Axe}).axe;
  const findings: Finding[] = [];
  const rules = {light: 0, dark: 0};
  for (const mode of ['light', 'dark'] as const) {
    document.documentElement.setAttribute('data-theme', mode);
    const results = await axe.run(
      {include: [['main']]},
      {
        runOnly: mode === 'light' ? {type: 'tag', values: tags} : {type: 'rule', values: colourRules},
        resultTypes: ['violations'],
        elementRef: true,
      },
    );
    // A rule may be listed twice (some nodes passed, others could not be decided).
    const outcomes = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable];
    rules[mode] = new Set(outcomes.map((outcome) => outcome.id)).size;
    for (const violation of results.violations) {
      for (const node of violation.nodes) {
        const element = node.element as HTMLElement | undefined;
        findings.push({
          page: element?.closest<HTMLElement>('[data-cf-page]')?.dataset.cfPage ?? location.pathname,
          mode,
          rule: violation.id,
          impact: violation.impact ?? '',
          help: violation.help,
          target: node.target.join(' '),
        });
      }
    }
  }
  return {findings, missing, rules};
}

let site: Site;
const tabs: Page[] = [];
before(async () => {
  site = await startSite();
  for (let i = 0; i < WORKERS; i++) {
    const {page, context} = await site.open();
    // The server-rendered HTML only: the site's scripts answer empty (the inline colour-mode
    // script of the page itself still runs).
    await context.route(/\/assets\/js\//, (route) =>
      route.fulfill({status: 200, contentType: 'text/javascript', body: ''}),
    );
    // tsx may wrap functions handed to page.evaluate in its `__name` helper.
    await context.addInitScript({content: 'globalThis.__name ??= (fn) => fn;'});
    // axe comes with every document, handed to the browser once (added to each page after it
    // loaded, its 650 KB crossed the DevTools protocol again for each of the ~75 documents).
    await context.addInitScript({content: AXE_SOURCE});
    tabs.push(page);
  }
});
after(() => site.close());

/** Loads `host`, appends `others`, runs axe. */
async function check(page: Page, host: string, others: string[], plant?: string): Promise<CheckResult> {
  const response = await page.goto(site.baseUrl + host);
  assert.equal(response?.status(), 200, host);
  const result = await page.evaluate(checkInPage, {others, tags: WCAG_TAGS, colourRules: COLOUR_RULES, plant});
  assert.ok(
    result.rules.light >= 50 && result.rules.dark === COLOUR_RULES.length,
    `axe evaluated its rules on ${host} (${JSON.stringify(result.rules)})`,
  );
  return result;
}

test('the sweep reports a finding against the page it belongs to, not against the batch', async () => {
  const minutes = (await sitemapRoutes()).filter((route) => kindOf(route) === 'minutes').slice(0, 4);
  const [host, ...others] = minutes;
  const {findings, missing} = await check(tabs[0], host, others, others[1]);
  assert.deepEqual(missing, []);
  const summary = findings.map((f) => `${f.page} ${f.mode} ${f.rule}`);
  // The faint text fails contrast in both modes, the empty link has no name; nothing else is found.
  assert.deepEqual(summary.sort(), [
    `${others[1]} dark color-contrast`,
    `${others[1]} light color-contrast`,
    `${others[1]} light link-name`,
  ]);
});

test('axe WCAG 2.2 AA over every page of the sitemap, in light and dark mode', async () => {
  const routes = await sitemapRoutes();
  const byKind = new Map<string, string[]>();
  const jobs: Array<{host: string; others: string[]}> = [];
  for (const route of routes) {
    const kind = kindOf(route);
    if (kind === null) jobs.push({host: route, others: []});
    else byKind.set(kind, [...(byKind.get(kind) ?? []), route]);
  }
  for (const pages of byKind.values()) {
    for (let i = 0; i < pages.length; i += BATCH) {
      const [host, ...others] = pages.slice(i, i + BATCH);
      jobs.push({host, others});
    }
  }
  // Batches first: a page without a Markdown body is queued again on its own.
  jobs.sort((a, b) => b.others.length - a.others.length);
  const checked = new Set<string>();
  const findings: Finding[] = [];
  const worker = async (page: Page) => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      const result = await check(page, job.host, job.others);
      findings.push(...result.findings);
      for (const route of [job.host, ...job.others]) if (!result.missing.includes(route)) checked.add(route);
      for (const route of result.missing) jobs.push({host: route, others: []});
    }
  };
  await Promise.all(tabs.map(worker));
  assert.deepEqual(
    routes.filter((route) => !checked.has(route)),
    [],
    'every page of the sitemap was checked',
  );
  const report = [
    ...new Set(findings.map((f) => `${f.page} (${f.mode}): ${f.rule} [${f.impact}] ${f.help} — ${f.target}`)),
  ];
  assert.deepEqual(report, [], `axe found ${report.length} violation(s)`);
});
