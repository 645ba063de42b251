/**
 * axe-core for the e2e tests: its source and the WCAG 2.2 A/AA rules every check runs, and
 * `mainViolations` for the tests that check one page in a given state (a bot note open, every
 * source down…). The sweeps of a11y.test.ts and a11ySweep.test.ts load axe once per tab.
 */
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Page} from 'playwright-core';

/** axe-core's browser script. */
export const AXE_SOURCE = readFileSync(
  createRequire(path.resolve('package.json')).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The WCAG 2.2 A and AA rules. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The violations axe finds in `<main>`, one line each (rule, then up to five of its elements);
 * only violations are asked for, so axe need not describe every passing node of a long table.
 */
export async function mainViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({content: AXE_SOURCE});
  return page.evaluate(async (tags) => {
    const {axe} = window as unknown as {
      axe: {
        run: (
          context: unknown,
          options: unknown,
        ) => Promise<{violations: Array<{id: string; nodes: Array<{target: string[]}>}>}>;
      };
    };
    const result = await axe.run({include: ['main']}, {runOnly: tags, resultTypes: ['violations']});
    return result.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
  }, WCAG_TAGS);
}
