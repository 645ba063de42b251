/**
 * The home page: what a first visit sees in the first screen (the install command with its copy
 * button, the newest news), the contributing cards' destinations and the supporters' credits, at
 * desktop and phone width in both colour modes.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import type {Page} from 'playwright-core';
import {hydrated, startSite, type Site} from './harness';
import {installCommand} from '../../src/lib/download/index';
import {FISCAL_SPONSOR, SUPPORTER_GROUPS} from '../../src/lib/home/supporters';
import {LINKS} from '../../config/links';

let site: Site;
before(async () => {
  site = await startSite();
});
after(() => site.close());

const MODES = ['light', 'dark'] as const;
const DESKTOP = {width: 1440, height: 900};
const PHONE = {width: 390, height: 844};

/** Opens the home page in a colour mode, hydrated. */
async function home(viewport: {width: number; height: number}, mode: 'light' | 'dark') {
  const opened = await site.open({viewport, colorScheme: mode});
  await opened.context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
  await opened.context.addInitScript({content: 'globalThis.__name ??= (fn) => fn;'});
  await opened.page.goto(site.baseUrl + '/');
  await hydrated(opened.page);
  assert.equal(await opened.page.evaluate(() => document.documentElement.dataset.theme), mode);
  return opened;
}

/** The two newest posts of news/, read from the files: date, title and the path the blog gives them. */
function newestNews(): Array<{date: string; title: string; path: string}> {
  return readdirSync('news')
    .filter((name) => /^\d{4}-\d{2}-\d{2}-.+\.mdx?$/.test(name))
    .sort()
    .reverse()
    .slice(0, 2)
    .map((name) => {
      const [, date, slug] = /^(\d{4}-\d{2}-\d{2})-(.+)\.mdx?$/.exec(name)!;
      const source = readFileSync(`news/${name}`, 'utf8');
      const title = /^title:\s*"?(.*?)"?\s*$/m.exec(source)![1];
      return {date, title, path: `/news/${date.replaceAll('-', '/')}/${slug}/`};
    });
}

/** Contrast ratio of two CSS colours (opaque rgb). */
function contrast(one: string, two: string): number {
  const lum = (colour: string) => {
    const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
      const s = Number(c) / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(one), lum(two)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}

const below = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

test('first screen: the install command with its copy button, and the two newest news with dates, in both modes', async () => {
  const news = newestNews();
  assert.equal(news.length, 2);
  for (const mode of MODES) {
    for (const viewport of [DESKTOP, PHONE]) {
      const {page, context, errors} = await home(viewport, mode);
      const at = `${viewport.width} px, ${mode}`;
      const install = page.locator('section[aria-labelledby="install-heading"]');
      assert.equal(await install.locator('pre code').innerText(), installCommand('Linux'), at);
      const copy = install.getByRole('button', {name: 'Copy command'});
      for (const [what, box] of [
        ['command', await below(page, 'section[aria-labelledby="install-heading"] pre')],
        ['copy button', (await copy.boundingBox())!],
      ] as const) {
        assert.ok(box.y + box.height <= viewport.height, `${what} ends at ${box.y + box.height} px (${at})`);
        assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, `${what} fits the width (${at})`);
      }
      assert.ok(
        await install.locator('pre').evaluate((pre) => pre.scrollWidth <= pre.clientWidth),
        `the command wraps rather than scrolls (${at})`,
      );
      assert.equal(await install.getByRole('link', {name: 'the download page'}).getAttribute('href'), '/download/');
      assert.match(await install.innerText(), /conda install -c conda-forge <package>/);

      const items = page.locator('section[aria-labelledby="news-heading"] li');
      assert.equal(await items.count(), 2, at);
      for (const [i, expected] of news.entries()) {
        const item = items.nth(i);
        assert.equal(await item.locator('time').getAttribute('datetime'), expected.date, at);
        assert.match(await item.locator('time').innerText(), /^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
        const link = item.getByRole('link');
        assert.equal(await link.innerText(), expected.title, at);
        assert.equal(await link.getAttribute('href'), expected.path, at);
        // Before the fold on a desktop screen, below the install command on a phone.
        if (viewport === DESKTOP) {
          const box = (await item.boundingBox())!;
          assert.ok(box.y + box.height <= viewport.height, `news ${i + 1} ends at ${box.y + box.height} px (${at})`);
        }
      }
      assert.ok(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `nothing scrolls sideways (${at})`,
      );
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

test('the install command’s button copies it, and the newest news opens', async () => {
  const {page, context, errors} = await home(DESKTOP, 'light');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: site.baseUrl});
  const install = page.locator('section[aria-labelledby="install-heading"]');
  await install.getByRole('button', {name: 'Copy command'}).click();
  await install.getByRole('button', {name: 'Copied'}).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), installCommand('Linux'));
  const [newest] = newestNews();
  await page.locator('section[aria-labelledby="news-heading"]').getByRole('link', {name: newest.title}).click();
  await page.waitForURL(site.baseUrl + newest.path);
  await page.getByRole('heading', {level: 1, name: newest.title}).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('contributing cards lead where they say, tell a package’s tracker from the website’s, and mark other sites', async () => {
  for (const [viewport, mode] of [
    [DESKTOP, 'light'],
    [PHONE, 'dark'],
  ] as const) {
    const {page, context, errors} = await home(viewport, mode);
    const section = page.locator('section[aria-labelledby="contributing-heading"]');
    const card = (title: string) => section.locator('li').filter({has: page.getByRole('heading', {name: title})});
    const hrefs = async (title: string) =>
      card(title)
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));

    assert.deepEqual(await hrefs('Add a recipe'), ['/docs/maintainer/adding_pkgs/', '/docs/tutorials/first-recipe/']);
    assert.deepEqual(await hrefs('Update a package'), ['/docs/maintainer/updating_pkgs/']);
    // "Report an issue": a package's problems go to its feedstock, the site's to the site's tracker.
    const report = card('Report an issue');
    const aPackage = report.locator('div').filter({has: page.getByRole('heading', {name: 'With a package'})});
    assert.match(await aPackage.innerText(), /feedstock/);
    assert.equal(await aPackage.getByRole('link', {name: 'Find its feedstock'}).getAttribute('href'), '/packages/');
    const website = report.locator('div').filter({has: page.getByRole('heading', {name: 'With this website'})});
    assert.equal(
      await website.getByRole('link', {name: 'Website issue tracker (opens in new tab)'}).getAttribute('href'),
      LINKS.websiteIssues,
    );
    // Every link to another site says so, to the eye (the arrow) and by name, and opens a new tab.
    let external = 0;
    for (const link of await section.getByRole('link').all()) {
      const href = (await link.getAttribute('href'))!;
      if (href.startsWith('/')) continue;
      external++;
      assert.match(href, /^https:\/\//);
      assert.equal(await link.getAttribute('target'), '_blank', href);
      assert.ok(await link.locator('svg').isVisible(), `the mark of ${href}`);
    }
    assert.equal(external, 2, 'the website tracker and the chat');
    assert.equal(await section.getByRole('link', {name: /\S \(opens in new tab\)$/}).count(), external);
    assert.deepEqual(errors, []);
    await context.close();
  }
  // The recipe guide is the site's own page.
  const {page, context} = await home(DESKTOP, 'light');
  await page.getByRole('link', {name: 'Guide: contributing packages'}).click();
  await page.waitForURL(/\/docs\/maintainer\/adding_pkgs\/$/);
  await page.getByRole('heading', {level: 1, name: 'Contributing packages'}).waitFor();
  await context.close();
});

test('supporters are credited by name in type, grouped as conda-forge groups them, legible in both modes', async () => {
  for (const mode of MODES) {
    for (const viewport of [DESKTOP, PHONE]) {
      const {page, context, errors} = await home(viewport, mode);
      const at = `${viewport.width} px, ${mode}`;
      const section = page.locator('section[aria-labelledby="supporters-heading"]');
      const sponsor = section.getByRole('link', {name: `${FISCAL_SPONSOR.name} (opens in new tab)`});
      assert.equal(await sponsor.getAttribute('href'), FISCAL_SPONSOR.url);
      assert.deepEqual(
        await section.locator('h3').allInnerTexts(),
        ['Financial support', 'Infrastructure support', 'Developer support'],
        at,
      );
      for (const group of SUPPORTER_GROUPS) {
        const region = section.getByRole('region', {name: group.title});
        const tiles = region.getByRole('link');
        // Every tile's facts in one call (one round trip per group, not five per tile).
        const shown = await tiles.evaluateAll((links) =>
          links.map((link) => {
            // The name is text, large and legible on its tile: not an image, not a small chip.
            const name = link.querySelector('span')!;
            let node: Element | null = name;
            while (node && /rgba\(.*, 0\)|transparent/.test(getComputedStyle(node).backgroundColor)) {
              node = node.parentElement;
            }
            const style = getComputedStyle(name);
            const box = link.getBoundingClientRect();
            return {
              href: link.getAttribute('href'),
              name: (name as HTMLElement).innerText,
              look: {
                size: parseFloat(style.fontSize),
                weight: Number(style.fontWeight),
                ink: style.color,
                ground: node ? getComputedStyle(node).backgroundColor : 'rgb(255, 255, 255)',
              },
              box: {width: box.width, height: box.height},
            };
          }),
        );
        assert.equal(shown.length, group.supporters.length, `${group.title} (${at})`);
        for (const [i, supporter] of group.supporters.entries()) {
          const {href, name, look, box} = shown[i];
          assert.equal(href, supporter.url);
          assert.equal(name, supporter.name);
          assert.ok(look.size >= 17 && look.weight >= 600, `${supporter.name}: ${JSON.stringify(look)} (${at})`);
          assert.ok(contrast(look.ink, look.ground) >= 4.5, `${supporter.name}: ${JSON.stringify(look)} (${at})`);
          assert.ok(box.height >= 44 && box.width >= 120, `${supporter.name}'s tile: ${box.width} × ${box.height}`);
        }
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});
