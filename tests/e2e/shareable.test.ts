/**
 * Shared links and machine readers (plugins/social-cards, plugins/llms-txt), on the served build:
 * every page names a social card that exists as a 1200×630 PNG; /llms.txt lists the docs with
 * one-line descriptions; each docs page's Markdown copy is served as Markdown.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {hydrated, sitemapRoutes, startSite, type Site} from './harness';
import {metaContent} from '../../plugins/social-cards/head';
import {pngSize} from '../../plugins/social-cards/png';

let site: Site;
before(async () => {
  site = await startSite();
});
after(() => site.close());

const ORIGIN = 'https://conda-forge.org';

/** Runs `check` over `items`, eight at a time. */
async function each<T>(items: T[], check: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await check(item);
  };
  await Promise.all(Array.from({length: 8}, worker));
}

test('every page names its own social card, a 1200×630 PNG that the site serves', async () => {
  const routes = [...(await sitemapRoutes()), '/404.html'];
  assert.ok(routes.length > 300, `expected the whole site, got ${routes.length} routes`);
  const failures: string[] = [];
  const cards = new Map<string, string>();
  await each(routes, async (route) => {
    const html = await (await fetch(site.baseUrl + route)).text();
    const image = metaContent(html, 'og:image');
    if (!image?.startsWith(`${ORIGIN}/img/social/`) || !image.endsWith('.png')) {
      failures.push(`${route}: og:image ${image ?? 'missing'}`);
      return;
    }
    if (metaContent(html, 'twitter:image') !== image) failures.push(`${route}: twitter:image is not the card`);
    if (metaContent(html, 'twitter:card') !== 'summary_large_image') failures.push(`${route}: twitter:card`);
    if (metaContent(html, 'og:image:width') !== '1200' || metaContent(html, 'og:image:height') !== '630') {
      failures.push(`${route}: og:image size not announced`);
    }
    const response = await fetch(site.baseUrl + image.slice(ORIGIN.length));
    const body = new Uint8Array(await response.arrayBuffer());
    if (response.status !== 200 || response.headers.get('content-type') !== 'image/png') {
      failures.push(`${route}: ${image} answers ${response.status} ${response.headers.get('content-type')}`);
      return;
    }
    const size = pngSize(body);
    if (size?.width !== 1200 || size.height !== 630) failures.push(`${route}: card is ${JSON.stringify(size)}`);
    const other = cards.get(image);
    if (other) failures.push(`${route} and ${other} share ${image}`);
    cards.set(image, route);
  });
  assert.deepEqual(failures.sort(), []);
});

test('a card shows its own page: pages with different titles get different images', async () => {
  const bytes = async (path: string) => Buffer.from(await (await fetch(site.baseUrl + path)).arrayBuffer());
  const faq = await bytes('/img/social/docs/user/faq.png');
  const glossary = await bytes('/img/social/docs/glossary.png');
  assert.notDeepEqual(faq, glossary);
  // The list pages of the news share a title and section, and so the drawing.
  assert.deepEqual(await bytes('/img/social/news/page/2.png'), await bytes('/img/social/news/page/3.png'));
});

test('the card tags stay once in the head after the page hydrates', async () => {
  // The tags are written into the built HTML, outside the head manager's own tags: hydration must
  // neither drop them nor add a second image.
  const {page, errors, context} = await site.open();
  await page.goto(site.baseUrl + '/docs/user/faq/');
  await hydrated(page);
  const image = page.locator('head meta[property="og:image"]');
  assert.equal(await image.count(), 1);
  assert.equal(await image.getAttribute('content'), `${ORIGIN}/img/social/docs/user/faq.png`);
  assert.equal(await page.locator('head meta[name="twitter:image"]').count(), 1);
  assert.equal(await page.locator('head meta[name="twitter:card"]').getAttribute('content'), 'summary_large_image');
  assert.deepEqual(errors, []);
  await context.close();
});

test('/llms.txt lists the docs, each with a one-line description, linking to Markdown that is served', async () => {
  const response = await fetch(site.baseUrl + '/llms.txt');
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
  const text = await response.text();
  assert.match(text, /^# conda-forge\n\n> \S/);
  for (const heading of [
    '## Docs',
    '## User Documentation',
    '## Maintainer Documentation',
    '## How-to guides',
    '## Optional',
  ]) {
    assert.ok(text.includes(`\n${heading}\n`), heading);
  }
  assert.match(
    text,
    /\n- \[FAQ\]\(https:\/\/conda-forge\.org\/docs\/user\/faq\.md\): Answers to the questions [^\n]+\n/,
  );
  const links = [...text.matchAll(/^- \[[^\]]+\]\((https:\/\/conda-forge\.org\/[^)]+)\)(: .+)?$/gm)];
  assert.ok(links.length > 200, `${links.length} links`);
  const docsLinks = links.filter(([, url]) => url.startsWith(`${ORIGIN}/docs/`));
  assert.ok(docsLinks.length > 40, `${docsLinks.length} docs links`);
  assert.ok(
    docsLinks.every(([, , description]) => description !== undefined),
    'every docs page has a description',
  );
  const failures: string[] = [];
  await each(
    links.map(([, url]) => url),
    async (url) => {
      const page = await fetch(site.baseUrl + url.slice(ORIGIN.length));
      if (page.status !== 200 || page.headers.get('content-type') !== 'text/markdown; charset=utf-8') {
        failures.push(`${url}: ${page.status} ${page.headers.get('content-type')}`);
      }
      await page.arrayBuffer();
    },
  );
  assert.deepEqual(failures, []);
});

test('a docs page is served as Markdown at its address plus .md, made from its source', async () => {
  const faq = await fetch(site.baseUrl + '/docs/user/faq.md');
  assert.equal(faq.status, 200);
  assert.equal(faq.headers.get('content-type'), 'text/markdown; charset=utf-8');
  const text = await faq.text();
  assert.match(text, /^# FAQ\n/);
  assert.doesNotMatch(text, /^---$/m, 'no front matter');
  // A tabbed MDX page: imports and components are gone, each tab's text follows its label.
  const tabs = await (await fetch(site.baseUrl + '/docs/how-to/basics/populate-dependencies.md')).text();
  assert.doesNotMatch(tabs, /^import |<\/?Tabs|<\/?TabItem/m);
  assert.match(tabs, /\*\*meta\.yaml\*\*\n\n```yaml\n/);
  assert.match(
    tabs,
    /\]\(https:\/\/conda-forge\.org\/docs\/[^)]+\.md(#[^)]*)?\)/,
    'links lead to other Markdown pages',
  );
  // A category page's card list becomes a list of its pages.
  const maintainer = await (await fetch(site.baseUrl + '/docs/maintainer.md')).text();
  assert.match(
    maintainer,
    /^- \[Infrastructure\]\(https:\/\/conda-forge\.org\/docs\/maintainer\/infrastructure\.md\): /m,
  );
  assert.doesNotMatch(maintainer, /DocCardList/);
  // Every docs page of the sitemap has its copy.
  const docsRoutes = (await sitemapRoutes()).filter(
    (route) => route.startsWith('/docs/') && !route.startsWith('/docs/tags/'),
  );
  const missing: string[] = [];
  await each(docsRoutes, async (route) => {
    const response = await fetch(`${site.baseUrl}${route.replace(/\/$/, '')}.md`);
    if (response.status !== 200) missing.push(route);
    await response.arrayBuffer();
  });
  assert.deepEqual(missing, []);
});
