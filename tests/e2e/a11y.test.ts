/**
 * Accessibility gate: axe-core's WCAG 2.2 A/AA rules on every page type, in light and dark mode,
 * after hydration and after live cards have reached their final state. External requests are
 * aborted by the harness, so live pages show their error states here.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Page} from 'playwright-core';
import type {AxeResults, Result} from 'axe-core';
import {hydrated, startSite, type Opened, type Site} from './harness';

const AXE_SCRIPT = createRequire(path.resolve('package.json')).resolve('axe-core/axe.min.js');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
type Mode = 'light' | 'dark';

/** One route per page type of the site. */
const PAGES: Array<{type: string; route: string; status?: number}> = [
  {type: 'home', route: '/'},
  {type: 'docs page', route: '/docs/user/faq/'},
  {type: 'how-to page', route: '/docs/how-to/basics/'},
  {type: 'blog list', route: '/blog/'},
  {type: 'blog post', route: '/blog/2025/10/09/python-314/'},
  {type: 'news list', route: '/news/'},
  {type: 'news post', route: '/news/2025/10/15/conda-forge-discourse-read-only/'},
  {type: 'meeting minutes', route: '/community/minutes/2025-10-29/'},
  {type: 'community page', route: '/community/governance/'},
  {type: 'status', route: '/status/'},
  {type: 'migration details', route: '/status/migration/?name=python314'},
  {type: 'packages', route: '/packages/'},
  {type: 'download', route: '/download/'},
  {type: 'search page', route: '/search/?q=conda'},
  {type: 'style guide', route: '/style-guide/'},
  {type: 'announcements', route: '/announcements/'},
  {type: 'not-found page', route: '/no/such/page/', status: 404},
];

let site: Site;
const opened = new Map<Mode, Opened>();
before(async () => {
  site = await startSite();
  for (const mode of ['light', 'dark'] as const) {
    const tab = await site.open({colorScheme: mode});
    // The site ignores the system preference: the stored choice selects the mode.
    await tab.context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    opened.set(mode, tab);
  }
});
after(() => site.close());

/**
 * Waits until live content has settled: no request in flight and no card still showing its
 * loading message (role=status "Loading …") or marked busy.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      ![...document.querySelectorAll('[role="status"]')].some((el) => /^\s*Loading\b/.test(el.textContent ?? '')),
    undefined,
    {timeout: 15_000},
  );
  // Let the last state change paint (transitions of the theme are short).
  await page.waitForTimeout(300);
}

async function runAxe(page: Page): Promise<AxeResults> {
  await page.addScriptTag({path: AXE_SCRIPT});
  return page.evaluate(
    (tags) =>
      (window as unknown as {axe: typeof import('axe-core')}).axe.run(document, {
        runOnly: {type: 'tag', values: tags},
        resultTypes: ['violations'],
      }),
    WCAG_TAGS,
  );
}

/** A violation as a few readable lines: rule, impact, help, then each target with its finding. */
export function describeViolation(violation: Result): string {
  const nodes = violation.nodes.slice(0, 8).map((node) => {
    const finding = [...node.any, ...node.all, ...node.none][0]?.message ?? '';
    return `    ${node.target.join(' ')}${finding ? ` — ${finding}` : ''}`;
  });
  const more = violation.nodes.length > 8 ? [`    … and ${violation.nodes.length - 8} more`] : [];
  return [`  ${violation.id} (${violation.impact}): ${violation.help} [${violation.helpUrl}]`, ...nodes, ...more].join('\n');
}

for (const {type, route, status = 200} of PAGES) {
  test(`axe WCAG 2.2 AA: ${type} ${route} has no violations in light and dark mode`, async () => {
    const report: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      const {page} = opened.get(mode)!;
      const response = await page.goto(site.baseUrl + route);
      assert.equal(response?.status(), status, `${route} answers ${status}`);
      await hydrated(page);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), mode);
      await settled(page);
      const {violations, passes} = await runAxe(page);
      // A run that checked nothing (axe not injected, empty page) must not count as clean.
      assert.ok(passes.length >= 10, `axe checked ${route} in ${mode} mode (${passes.length} rules passed)`);
      if (violations.length) report.push(`${mode} mode, ${route}:\n${violations.map(describeViolation).join('\n')}`);
    }
    assert.equal(report.length, 0, `axe found violations:\n${report.join('\n')}`);
  });
}
