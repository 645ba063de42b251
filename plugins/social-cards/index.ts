import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import {copyFile, link, mkdir, open, readdir, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {GEOMETRY, readDesign, SECTIONS, TITLE_LADDER, type Design} from './design';
import {cardPageOf, metaContent, SOCIAL_CARD_DIR, socialCardPath, type CardPage, type CardSite} from './head';
import {cardKey} from './layout';
import {CardPainter, designInputFiles} from './painter';

/** Where drawn cards are kept between builds, one folder per design version. */
export const CACHE_DIR = 'node_modules/.cache/social-cards';

/** The modules whose code decides what a card looks like: any change to them draws every card anew. */
const DRAWING_MODULES = ['design.ts', 'head.ts', 'layout.ts', 'painter.ts', 'png.ts', 'raster.ts'].map((file) =>
  path.join(path.dirname(__filename), file),
);

/**
 * A hash of everything a card's look depends on besides its text: the colours and logo read from
 * the site, the geometry, the font files, the renderer's version and the drawing code itself.
 */
export function designVersion(design: Design): string {
  const hash = createHash('sha256').update(JSON.stringify({design, GEOMETRY, TITLE_LADDER}));
  for (const file of [...DRAWING_MODULES, ...designInputFiles()]) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** The HTML file a route was written to (trailingSlash: true; `/404.html` is a file). */
export function htmlFileOf(outDir: string, route: string): string {
  return route.endsWith('.html') ? path.join(outDir, route) : path.join(outDir, route, 'index.html');
}

/** How much of a page is read first: every page's head fits, with room to spare. */
const HEAD_BYTES = 32 * 1024;

/** What comes before `</head>` in `html`, or null when it has none. */
function beforeHeadEnd(html: string): string | null {
  const end = html.indexOf('</head>');
  return end === -1 ? null : html.slice(0, end);
}

/** A built page's `<head>` (up to `</head>`): its first bytes, or the whole file when the head is longer. */
export async function readHead(file: string): Promise<string> {
  const handle = await open(file);
  let head: string | null;
  try {
    const buffer = Buffer.allocUnsafe(HEAD_BYTES);
    const {bytesRead} = await handle.read(buffer, 0, HEAD_BYTES, 0);
    // A multi-byte character cut at the end of the buffer only touches text after </head>.
    head = beforeHeadEnd(buffer.subarray(0, bytesRead).toString('utf8'));
  } finally {
    await handle.close();
  }
  if (head !== null) return head;
  const whole = await readFile(file, 'utf8');
  return beforeHeadEnd(whole) ?? whole;
}

/**
 * The card a built page's head names, checked against its route: the page (to draw its card),
 * null when it names an image of its own, or an error when the page template did not tag it as its
 * route says it should (no card tags, or another page's card).
 */
export function namedCard(route: string, head: string, site: CardSite): CardPage | null {
  const named = metaContent(head, 'og:image');
  const expected = `${site.url}${socialCardPath(route)}`;
  if (named === undefined) {
    throw new Error(`${route}: the page names no social card (the page template adds the tags: config/ssrTemplate.ts)`);
  }
  if (named === expected) return cardPageOf(route, head, site);
  if (named.startsWith(`${site.url}${SOCIAL_CARD_DIR}`)) {
    throw new Error(`${route}: the page names the card ${named}, but its route gives ${expected}`);
  }
  return null;
}

/**
 * Puts `from` at `to` as a hard link (no bytes copied; the build and the cache share the file),
 * or as a copy where links are not possible (another file system). An existing `to` is kept: in
 * the cache, a file of that name has the same content.
 */
async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
    await copyFile(from, to);
  }
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({length: Math.min(limit, items.length)}, worker));
}

/**
 * Gives every page a social card: a 1200×630 PNG with the page's title and section on the site's
 * design, at `/img/social/<route>.png`, named in the page's head as `og:image` and
 * `twitter:image` (the theme already asks for a large card). The page template writes those tags
 * while each page is rendered (./head.ts, config/ssrTemplate.ts), not React: every page would
 * otherwise carry the code for them, and crawlers read the HTML only. After the build, this
 * plugin reads each page's head, checks that it names the card its route gives, and draws the
 * cards from the titles found there. Cards are kept in
 * node_modules/.cache/social-cards/<design version>/ by a hash of their text, so a rebuild draws
 * only the cards whose title, section or design changed. A page that sets its own `image` in
 * front matter keeps it.
 */
export default function socialCards(context: LoadContext): Plugin {
  return {
    name: 'social-cards',
    async postBuild({outDir, routesPaths, siteConfig}) {
      const started = performance.now();
      const phases: string[] = [];
      let lap = started;
      const phase = (name: string) => {
        const now = performance.now();
        phases.push(`${name} ${((now - lap) / 1000).toFixed(1)} s`);
        lap = now;
      };
      const design = readDesign(context.siteDir);
      const version = designVersion(design);
      const cacheRoot = path.join(context.siteDir, CACHE_DIR);
      const cacheDir = path.join(cacheRoot, version);
      await mkdir(cacheDir, {recursive: true});
      // Cards of older designs are never used again.
      for (const entry of await readdir(cacheRoot)) {
        if (entry !== version) await rm(path.join(cacheRoot, entry), {recursive: true, force: true});
      }

      const problems: string[] = [];
      const pages: CardPage[] = [];
      const site: CardSite = {url: siteConfig.url, title: siteConfig.title, sections: SECTIONS};
      const routes = [...new Set(routesPaths)];
      await eachLimited(routes, 16, async (route) => {
        try {
          const page = namedCard(route, await readHead(htmlFileOf(outDir, route)), site);
          if (page) pages.push(page);
        } catch (error) {
          problems.push((error as Error).message);
        }
      });
      const byImage = new Map<string, string>();
      for (const page of pages) {
        const other = byImage.get(page.image);
        if (other !== undefined) problems.push(`${page.route} and ${other} would share the card ${page.image}`);
        byImage.set(page.image, page.route);
      }
      if (problems.length > 0) throw new Error(`social-cards:\n${problems.sort().join('\n')}`);

      // One drawing per distinct card text; the cache holds it across builds.
      const cards = new Map<string, {key: string; title: string; section: string; file: string}>();
      const keyOf = new Map<CardPage, string>();
      for (const page of pages) {
        const key = cardKey(page.title, page.section, version);
        keyOf.set(page, key);
        if (!cards.has(key)) {
          cards.set(key, {key, title: page.title, section: page.section, file: path.join(cacheDir, `${key}.png`)});
        }
      }
      const missing = [...cards.values()].filter((card) => !existsSync(card.file));
      phase('pages read');
      const pagesOf = new Map<string, CardPage[]>();
      for (const page of pages) pagesOf.set(keyOf.get(page)!, [...(pagesOf.get(keyOf.get(page)!) ?? []), page]);
      const madeDirs = new Map<string, Promise<unknown>>();
      const target = async (page: CardPage) => {
        const file = path.join(outDir, page.image);
        const dir = path.dirname(file);
        if (!madeDirs.has(dir)) madeDirs.set(dir, mkdir(dir, {recursive: true}));
        await madeDirs.get(dir);
        // A file left from an earlier build may be a link into the cache: never write through it.
        await rm(file, {force: true});
        return file;
      };
      const drawn = new Set<string>();
      if (missing.length > 0) {
        const painter = await CardPainter.create(design);
        const laidOut = missing.map((card) => ({card, text: painter.layout(card.title, card.section)}));
        painter.prepare();
        await eachLimited(laidOut, 4, async ({card, text}) => {
          const png = await painter.paint(text);
          // Written into the build, then linked into the cache: the cache only ever holds whole files.
          const first = await target(pagesOf.get(card.key)![0]);
          await writeFile(first, png);
          await linkOrCopy(first, card.file);
          drawn.add(first);
        });
      }
      phase('drawing');
      await eachLimited(
        pages.filter((page) => !drawn.has(path.join(outDir, page.image))),
        16,
        async (page) => linkOrCopy(cards.get(keyOf.get(page)!)!.file, await target(page)),
      );
      const absent = pages.filter((page) => !existsSync(path.join(outDir, page.image)));
      if (absent.length > 0) {
        throw new Error(`social-cards: no card written for ${absent.map((p) => p.route).join(', ')}`);
      }
      phase('cards linked');
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `[social-cards] ${pages.length} pages, ${cards.size} cards (${missing.length} drawn, ${cards.size - missing.length} from the cache) in ${seconds} s: ${phases.join(', ')}`,
      );
    },
  };
}
