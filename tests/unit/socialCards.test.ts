import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {inflateSync} from 'node:zlib';
import {cardKey, fitLine, fitTitle, wrapText, type Measure} from '../../plugins/social-cards/layout';
import {
  cardHeadSource,
  cardHeadTags,
  cardHeadTemplate,
  cardPageOf,
  cardTitle,
  cleanText,
  decodeEntities,
  metaContent,
  sectionOf,
  socialCardPath,
  type CardSite,
} from '../../plugins/social-cards/head';
import {readDesign, rootProperty, SECTIONS, TITLE_LADDER} from '../../plugins/social-cards/design';
import {adler32, BandEncoder, encodeIndexedPng, pngSize, rawRows} from '../../plugins/social-cards/png';
import {rasterize} from '../../plugins/social-cards/raster';
import {namedCard, readHead} from '../../plugins/social-cards/index';
import {CardPainter} from '../../plugins/social-cards/painter';

/** Every character is `size / 2` pixels wide: widths are easy to reason about. */
const halfEm: Measure = (text, size) => [...text].length * (size / 2);

test('card paths follow the route, one file per page, never outside the card folder', () => {
  assert.equal(socialCardPath('/'), '/img/social/index.png');
  assert.equal(socialCardPath('/docs/user/faq/'), '/img/social/docs/user/faq.png');
  assert.equal(socialCardPath('/docs/'), '/img/social/docs.png');
  assert.equal(socialCardPath('/404.html'), '/img/social/404.png');
  assert.equal(socialCardPath('/../../etc/passwd'), '/img/social/etc/passwd.png');
  assert.equal(socialCardPath('/blog/tags/a b&c/'), '/img/social/blog/tags/a-b-c.png');
});

test('a title wraps at word boundaries within the width', () => {
  // 10 px a character at size 20: 100 px hold 10 characters.
  assert.deepEqual(wrapText('conda forge builds packages for everyone', 20, halfEm, 100), [
    'conda',
    'forge',
    'builds',
    'packages',
    'for',
    'everyone',
  ]);
  assert.deepEqual(wrapText('a bc def ghij', 20, halfEm, 100), ['a bc def', 'ghij']);
  // A word wider than the line is cut into pieces that fit.
  assert.deepEqual(wrapText('abcdefghijklmnopqrstuvwxy', 20, halfEm, 100), ['abcdefghij', 'klmnopqrst', 'uvwxy']);
  assert.deepEqual(wrapText('   ', 20, halfEm, 100), []);
});

test('the title takes the largest size at which it fits that size’s line count', () => {
  const ladder = [
    {size: 40, lineHeight: 48, maxLines: 1},
    {size: 20, lineHeight: 24, maxLines: 2},
  ];
  assert.deepEqual(fitTitle('short', ladder, halfEm, 100), {
    size: 40,
    lineHeight: 48,
    lines: ['short'],
    truncated: false,
  });
  assert.deepEqual(fitTitle('a longer title', ladder, halfEm, 100), {
    size: 20,
    lineHeight: 24,
    lines: ['a longer', 'title'],
    truncated: false,
  });
  // Too long for the last rung: its first lines, the last one ending with an ellipsis, within the width.
  const cut = fitTitle('one two three four five six seven eight nine ten', ladder, halfEm, 100);
  assert.equal(cut.truncated, true);
  assert.equal(cut.lines.length, 2);
  assert.match(cut.lines[1], /…$/);
  for (const line of cut.lines) assert.ok(halfEm(line, 20) <= 100, line);
  assert.equal(fitLine('Docs · Maintainer documentation', 20, halfEm, 100).length <= 10, true);
  assert.equal(fitLine('Docs', 20, halfEm, 100), 'Docs');
});

test('the real ladder fits every real title length of the site within the card', () => {
  // Inter Bold averages about 0.6 em a character; the longest titles of the site have 84.
  const inter: Measure = (text, size) => [...text].length * size * 0.6;
  const layout = fitTitle('x'.repeat(10).concat(' ').repeat(8).trim(), TITLE_LADDER, inter, 1040);
  assert.equal(layout.truncated, false);
  const last = TITLE_LADDER[TITLE_LADDER.length - 1];
  assert.ok(last.maxLines * last.lineHeight <= 520 - 266, 'the last rung fits the title box');
});

test('card titles drop the site title and decode entities; the home page shows the tagline', () => {
  const site = 'conda-forge | community-driven packaging for conda';
  assert.equal(cardTitle(`FAQ | ${site}`, site), 'FAQ');
  assert.equal(cardTitle(`4 docs tagged with &quot;advanced&quot; | ${site}`, site), '4 docs tagged with "advanced"');
  assert.equal(cardTitle(site, site), 'Community-driven packaging for conda');
  assert.equal(cardTitle('  A\n\ttitle  ', site), 'A title');
  assert.equal(decodeEntities('&amp;&lt;&#x27;&#39;&gt;&bogus;'), "&<''>&bogus;");
  assert.equal([...cleanText('x'.repeat(500), 300)].length, 300);
});

test('sections come from the longest matching route prefix', () => {
  assert.equal(sectionOf('/docs/maintainer/adding_pkgs/', SECTIONS), 'Docs · Maintainer documentation');
  assert.equal(sectionOf('/docs/glossary/', SECTIONS), 'Docs');
  assert.equal(sectionOf('/community/minutes/2024-01-17/', SECTIONS), 'Community · Core meeting minutes');
  assert.equal(sectionOf('/news/page/2/', SECTIONS), 'News');
  assert.equal(sectionOf('/', SECTIONS), '');
});

test('the cache key changes with the title, the section and the design version, and only with them', () => {
  const key = cardKey('FAQ', 'Docs', 'v1');
  assert.match(key, /^[0-9a-f]{24}$/);
  assert.equal(cardKey('FAQ', 'Docs', 'v1'), key);
  assert.notEqual(cardKey('FAQ ', 'Docs', 'v1'), key);
  assert.notEqual(cardKey('FAQ', 'News', 'v1'), key);
  assert.notEqual(cardKey('FAQ', 'Docs', 'v2'), key);
  // No ambiguity between where the title ends and the section begins.
  assert.notEqual(cardKey('a', 'bc', 'v1'), cardKey('ab', 'c', 'v1'));
});

test('the design is read from the site stylesheet and logo', () => {
  const design = readDesign(process.cwd());
  assert.match(design.primary, /^#[0-9a-f]{6}$/);
  assert.equal(design.gradient.length, 2);
  assert.match(design.logoSvg, /<svg/);
  assert.equal(rootProperty(':root {\n  --a: #123456;\n  --ab: red;\n}', '--a'), '#123456');
  assert.throws(() => rootProperty(':root { --b: 1; }', '--a'), /--a is not set/);
});

const SITE: CardSite = {
  url: 'https://conda-forge.org',
  title: 'conda-forge | community-driven packaging for conda',
  sections: SECTIONS,
};

/** The meta tags the theme renders into a page's head (`it.metaAttributes`), for a route and a title. */
const themeMeta = (route: string, title: string, extra = '') =>
  `<title data-rh="true">${title} | ${SITE.title}</title><meta data-rh="true" property="og:url" content="${SITE.url}${route}"/>` +
  `<meta data-rh="true" property="og:title" content="${title} | ${SITE.title}"/>${extra}`;

test('a page names the card of its title and section; a page with an image of its own keeps it', () => {
  const tags = cardHeadTags(themeMeta('/docs/user/tipsandtricks/', 'Tips &amp; tricks'), SITE);
  const url = 'https://conda-forge.org/img/social/docs/user/tipsandtricks.png';
  assert.equal(metaContent(tags, 'og:image'), url);
  assert.equal(metaContent(tags, 'twitter:image'), url);
  assert.equal(metaContent(tags, 'og:image:width'), '1200');
  assert.equal(metaContent(tags, 'og:image:height'), '630');
  assert.equal(metaContent(tags, 'og:image:alt'), 'Tips & tricks (Docs · User documentation), conda-forge');
  assert.match(tags, /twitter:image:alt" content="Tips &amp; tricks[^"]*">$/);
  assert.deepEqual(
    cardPageOf('/docs/user/tipsandtricks/', themeMeta('/docs/user/tipsandtricks/', 'Tips &amp; tricks'), SITE),
    {
      route: '/docs/user/tipsandtricks/',
      image: '/img/social/docs/user/tipsandtricks.png',
      title: 'Tips & tricks',
      section: 'Docs · User documentation',
    },
  );
  // The 404 page's og:url ends in `.html/`.
  assert.equal(
    metaContent(cardHeadTags(themeMeta('/404.html/', 'Page Not Found'), SITE), 'og:image'),
    `${SITE.url}/img/social/404.png`,
  );
  // The home page's title is the site title alone; <title> serves when there is no og:title.
  const home = `<title>${SITE.title}</title><meta property="og:url" content="${SITE.url}/">`;
  assert.equal(
    metaContent(cardHeadTags(home, SITE), 'og:image:alt'),
    'Community-driven packaging for conda, conda-forge',
  );
  assert.equal(
    cardHeadTags(themeMeta('/docs/user/faq/', 'FAQ', '<meta property="og:image" content="https://x.org/a.png">'), SITE),
    '',
  );
  assert.throws(() => cardHeadTags(`<meta property="og:url" content="${SITE.url}/x/">`, SITE), /no title/);
  assert.throws(
    () => cardHeadTags(themeMeta('/x/', 'X').replace(SITE.url, 'https://example.org'), SITE),
    /og:url \(https:\/\/example\.org\/x\/\) is not an address on/,
  );
  assert.throws(() => cardHeadTags('<title>X</title>', SITE), /og:url \(none\)/);
  assert.equal(
    metaContent('<meta name=twitter:card content=summary_large_image>', 'twitter:card'),
    'summary_large_image',
  );
});

test('the page template runs its own copy of the card functions, which gives the same tags', async () => {
  const eta = await import('eta');
  // As Docusaurus renders a page: Eta, whitespace removed.
  const render = eta.compile(cardHeadTemplate(SITE), {rmWhitespace: true});
  const routes = [
    '/',
    '/docs/user/faq/',
    '/404.html/',
    '/community/minutes/2024-01-17/',
    '/blog/2025/10/09/python-314/',
    '/x/ü/',
  ];
  for (const route of routes) {
    const meta = themeMeta(route, `A &quot;title&quot; with &amp; ${'long '.repeat(route.length * 10)}`);
    assert.equal(render({metaAttributes: [meta]}, eta.defaultConfig), cardHeadTags(meta, SITE), route);
  }
  // The copy stands alone: nothing it calls comes from outside its own text.
  const standalone = new Function(`${cardHeadSource()}\nreturn cardHeadTags;`)() as typeof cardHeadTags;
  assert.equal(standalone(themeMeta('/docs/', 'Docs'), SITE), cardHeadTags(themeMeta('/docs/', 'Docs'), SITE));
  // Two Eta blocks, each closed once: nothing in the code ends a block early.
  assert.equal(cardHeadTemplate(SITE).split('%>').length, 3);
});

test('after the build, each page must name the card its route gives', async () => {
  const head = (route: string, extra = '') => `<html><head>${themeMeta(route, 'FAQ')}${extra}`;
  const tagged = (route: string) => head(route, cardHeadTags(themeMeta(route, 'FAQ'), SITE));
  assert.equal(namedCard('/docs/user/faq/', tagged('/docs/user/faq/'), SITE)?.image, '/img/social/docs/user/faq.png');
  assert.equal(namedCard('/404.html', tagged('/404.html/'), SITE)?.image, '/img/social/404.png');
  assert.equal(namedCard('/x/', head('/x/', '<meta property="og:image" content="https://x.org/a.png">'), SITE), null);
  assert.throws(() => namedCard('/x/', head('/x/'), SITE), /\/x\/: the page names no social card/);
  assert.throws(
    () => namedCard('/y/', tagged('/x/'), SITE),
    /names the card https:\/\/conda-forge\.org\/img\/social\/x\.png, but its route gives/,
  );
  // Only the head is read; a head longer than the first read is read whole.
  const {mkdtemp, writeFile, rm} = await import('node:fs/promises');
  const os = await import('node:os');
  const path = await import('node:path');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'social-head-'));
  try {
    await writeFile(path.join(dir, 'short.html'), `<head><title>ä</title></head><body>${'x'.repeat(100_000)}</body>`);
    assert.equal(await readHead(path.join(dir, 'short.html')), '<head><title>ä</title>');
    const long = `<head><meta name="x" content="${'é'.repeat(40_000)}"></head><body></body>`;
    await writeFile(path.join(dir, 'long.html'), long);
    assert.equal(await readHead(path.join(dir, 'long.html')), long.slice(0, long.indexOf('</head>')));
  } finally {
    await rm(dir, {recursive: true, force: true});
  }
});

test('palette PNGs carry their size and rows, and decode to what was written', async () => {
  const raw = rawRows(3, 2);
  raw.set([0, 1, 0, 1], 0);
  raw.set([0, 0, 1, 0], 4);
  const png = await encodeIndexedPng(
    3,
    2,
    [
      [255, 255, 255],
      [0, 0, 0],
    ],
    raw,
  );
  assert.deepEqual(pngSize(png), {width: 3, height: 2});
  const idat = png.indexOf('IDAT');
  const length = png.readUInt32BE(idat - 4);
  assert.deepEqual(inflateSync(png.subarray(idat + 4, idat + 4 + length)), raw);
  assert.equal(pngSize(Buffer.from('not a png at all, but long enough')), null);
  await assert.rejects(encodeIndexedPng(3, 2, [], raw), /palette/);
});

/** The raw rows inside a PNG file (inflateSync checks the zlib stream's Adler-32 too). */
function rowsOf(png: Buffer): Buffer {
  const idat = png.indexOf('IDAT');
  return inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
}

test('an image that differs only in a band of rows encodes to the same rows as a whole-image PNG', async () => {
  const [width, height] = [7, 9];
  const background = rawRows(width, height);
  for (let i = 0; i < background.length; i++) if (i % (width + 1) !== 0) background[i] = (i * 7) % 5;
  const palette: [number, number, number][] = Array.from({length: 5}, (_, i) => [i * 50, 0, 0]);
  const encoder = new BandEncoder(width, height, palette, background, 3, 6);
  const band = encoder.band();
  const delta = encoder.delta();
  const expected = Buffer.from(background);
  for (const [x, y, value] of [
    [0, 3, 4],
    [6, 5, 1],
    [2, 4, 3],
  ]) {
    const at = (y - 3) * (width + 1) + 1 + x;
    delta.change(encoder.bandStart + at, band[at], value);
    band[at] = value;
    expected[y * (width + 1) + 1 + x] = value;
  }
  const png = await encoder.encode(band, delta);
  assert.deepEqual(rowsOf(png), expected);
  assert.deepEqual(rowsOf(await encodeIndexedPng(width, height, palette, expected)), expected);
  assert.deepEqual(adler32(Buffer.from('Wikipedia')), {a: 0x398, b: 0x11e6});
  assert.throws(() => new BandEncoder(width, height, palette, background, 6, 3), /band/);
});

test('the rasteriser covers a shape by its area, with partial pixels on its edges', () => {
  // A 2×2 square from (1,1) and a half-pixel-wide band from x = 3.5.
  const square = rasterize(
    [
      {type: 'M', x: 1, y: 1},
      {type: 'L', x: 3, y: 1},
      {type: 'L', x: 3, y: 3},
      {type: 'L', x: 1, y: 3},
      {type: 'Z'},
      {type: 'M', x: 3.5, y: 0},
      {type: 'L', x: 4, y: 0},
      {type: 'L', x: 4, y: 4},
      {type: 'L', x: 3.5, y: 4},
      {type: 'Z'},
    ],
    6,
    4,
  );
  const row = (y: number) => [...square.subarray(y * 6, y * 6 + 6)];
  assert.deepEqual(row(0), [0, 0, 0, 128, 0, 0]);
  assert.deepEqual(row(1), [0, 255, 255, 128, 0, 0]);
  assert.deepEqual(row(2), [0, 255, 255, 128, 0, 0]);
  // A curve fills close to its true area: a quarter disc of radius 8 covers π·64/4 ≈ 50.3 pixels.
  const r = 8;
  const k = 0.5523 * r;
  const quarter = rasterize(
    [
      {type: 'M', x: 0, y: 0},
      {type: 'L', x: r, y: 0},
      {type: 'C', x1: r, y1: k, x2: k, y2: r, x: 0, y: r},
      {type: 'Z'},
    ],
    10,
    10,
  );
  const area = quarter.reduce((sum, value) => sum + value / 255, 0);
  assert.ok(Math.abs(area - (Math.PI * r * r) / 4) < 0.5, `area ${area}`);
});

test('a card is a 1200×630 PNG with the title set on the design; equal text gives equal bytes', async () => {
  const painter = await CardPainter.create(readDesign(process.cwd()));
  const long = painter.layout(
    'How to use a pinned dependency that differs from the global pinning across every platform and every build',
    'Docs · How-to guides',
  );
  const short = painter.layout('FAQ', 'Docs');
  assert.ok(long.title.lines.length >= 2 && long.title.size < TITLE_LADDER[0].size);
  assert.deepEqual(short.title.lines, ['FAQ']);
  // The layout keeps every glyph inside the card's margins.
  for (const run of long.runs) for (const glyph of run.glyphs) assert.ok(glyph.x >= 80 && glyph.x < 1120);
  const png = await painter.paint(long);
  assert.deepEqual(pngSize(png), {width: 1200, height: 630});
  assert.equal(rowsOf(png).length, 1201 * 630);
  assert.deepEqual(await painter.paint(long), png);
  assert.notDeepEqual(await painter.paint(short), png);
});

test('the plugin draws each distinct card once, and a rebuild takes unchanged cards from the cache', async () => {
  const {mkdtemp, mkdir, writeFile, readdir, stat, cp, rm} = await import('node:fs/promises');
  const os = await import('node:os');
  const path = await import('node:path');
  const {default: socialCards, CACHE_DIR} = await import('../../plugins/social-cards/index');
  const siteDir = await mkdtemp(path.join(os.tmpdir(), 'social-cards-'));
  await cp('src/css/custom.css', path.join(siteDir, 'src/css/custom.css'));
  await cp('static/img/logo.svg', path.join(siteDir, 'static/img/logo.svg'));
  const outDir = path.join(siteDir, 'build');
  const siteConfig = {url: 'https://conda-forge.org', title: 'conda-forge | community-driven packaging for conda'};
  const page = async (route: string, title: string) => {
    const dir = path.join(outDir, route);
    await mkdir(dir, {recursive: true});
    const meta = themeMeta(route, title);
    await writeFile(path.join(dir, 'index.html'), `<head>${meta}${cardHeadTags(meta, SITE)}</head><body></body>`);
  };
  // What the build says, and which card texts it really painted (counted at the painter, so a
  // build that redraws everything while its log claims the cache is caught).
  const build = async () => {
    const plugin = socialCards({siteDir} as never);
    const log = console.log;
    const paint = CardPainter.prototype.paint;
    let said = '';
    const painted: string[] = [];
    console.log = (line: string) => (said += line);
    CardPainter.prototype.paint = function (this: CardPainter, text) {
      painted.push(text.title.lines.join(' '));
      return paint.call(this, text);
    };
    try {
      await plugin.postBuild!({
        outDir,
        routesPaths: ['/docs/a/', '/news/page/2/', '/news/page/3/'],
        siteConfig,
      } as never);
    } finally {
      console.log = log;
      CardPainter.prototype.paint = paint;
    }
    return {said, painted};
  };
  const cacheFiles = async () => {
    const root = path.join(siteDir, CACHE_DIR);
    const [version] = await readdir(root);
    const names = await readdir(path.join(root, version));
    return new Map(
      await Promise.all(
        names.map(async (name) => [name, (await stat(path.join(root, version, name))).mtimeMs] as const),
      ),
    );
  };
  try {
    await page('/docs/a/', 'First');
    await page('/news/page/2/', 'News');
    await page('/news/page/3/', 'News');
    const cold = await build();
    assert.match(cold.said, /3 pages, 2 cards \(2 drawn, 0 from the cache\)/);
    assert.equal(cold.painted.length, 2, 'a cold build paints each distinct card once');
    const first = await cacheFiles();
    assert.equal(first.size, 2, 'two distinct cards for three pages');
    for (const route of ['/docs/a/', '/news/page/2/', '/news/page/3/']) {
      const image = socialCardPath(route);
      assert.deepEqual(pngSize(readFileSync(path.join(outDir, image))), {width: 1200, height: 630});
      const html = readFileSync(path.join(outDir, route, 'index.html'), 'utf8');
      assert.equal(metaContent(html, 'og:image'), `https://conda-forge.org${image}`);
    }
    // A new build (Docusaurus empties build/ first) with one title changed: one card drawn, one reused.
    await rm(path.join(outDir, 'img'), {recursive: true});
    await page('/docs/a/', 'Second');
    await page('/news/page/2/', 'News');
    await page('/news/page/3/', 'News');
    const warm = await build();
    assert.match(warm.said, /3 pages, 2 cards \(1 drawn, 1 from the cache\)/);
    assert.deepEqual(warm.painted, ['Second'], 'a rebuild paints only the changed card');
    const second = await cacheFiles();
    assert.equal(second.size, 3);
    const reused = [...first].filter(([name, mtime]) => second.get(name) === mtime);
    assert.equal(reused.length, 2, 'the cards of the first build are untouched');
    assert.ok(existsSync(path.join(outDir, 'img/social/docs/a.png')));
  } finally {
    await rm(siteDir, {recursive: true, force: true});
  }
});
