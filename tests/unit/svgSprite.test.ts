import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {inflateSync} from 'node:zlib';
import {spriteIcon, symbolOf, SYMBOLS} from '../../plugins/svg-sprite/symbols';
import {spriteMarkup} from '../../plugins/svg-sprite';
import {CHEVRON_SIZE, chevronCss, chevronPng} from '../../plugins/svg-sprite/chevron';
import {navbar} from '../../config/navbar';
import {FAVICON_SIZES, faviconPixels} from '../../plugins/svg-sprite/favicon';
import config from '../../docusaurus.config';

const SITE = process.cwd();

test('symbolOf: the viewBox and content of one <svg>, its ids prefixed, one fill made currentColor', () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>
    <path stroke="url(#g)" d="M0 0h8"/><use href="#g"/><path fill="#123456" d="M0 8h8"/></svg>\n`;
  const symbol = symbolOf(svg, {id: 'cf-x', file: 'x.svg', currentColor: '#123456'});
  assert.match(symbol, /^<symbol id="cf-x" viewBox="0 0 8 8"><defs>/);
  assert.match(symbol, /id="cf-x-g"/);
  assert.match(symbol, /stroke="url\(#cf-x-g\)"/);
  assert.match(symbol, /<use href="#cf-x-g"\/>/);
  assert.doesNotMatch(symbol, /"g"|#g\)/);
  assert.match(symbol, /<path fill="currentColor" d="M0 8h8"\/><\/symbol>$/);
  assert.doesNotMatch(symbol, /xmlns/);
});

test('symbolOf: a file that is not one <svg> with a viewBox, or lacks the fill to replace, stops the build', () => {
  assert.throws(
    () => symbolOf('<svg><path/></svg>', {id: 'a', file: 'a.svg'}),
    /a\.svg is not one <svg> with a viewBox/,
  );
  assert.throws(() => symbolOf('<p>no</p>', {id: 'a', file: 'a.svg'}), /not one <svg>/);
  const twoFills = '<svg viewBox="0 0 1 1"><path fill="#111111"/><path fill="#111111"/></svg>';
  assert.throws(
    () => symbolOf(twoFills, {id: 'a', file: 'a.svg', currentColor: '#111111'}),
    /a\.svg has 2 fill="#111111" where one was to become currentColor/,
  );
  assert.throws(
    () => symbolOf('<svg viewBox="0 0 1 1"><path/></svg>', {id: 'a', file: 'a.svg', currentColor: '#111111'}),
    /has 0 fill/,
  );
});

test('the sprite holds every symbol the site names, read from its file; the anvil keeps its sparks', () => {
  const sprite = spriteMarkup(SITE);
  for (const {id} of Object.values(SYMBOLS)) {
    assert.equal(sprite.split(`<symbol id="${id}" `).length - 1, 1, `${id} once`);
  }
  const anvil = /<symbol id="cf-logo" [^>]*>([\s\S]*?)<\/symbol>/.exec(sprite)![1];
  assert.match(anvil, /fill="currentColor"/);
  assert.match(anvil, /stroke="url\(#cf-logo-spark\)"/);
  assert.match(anvil, /<linearGradient id="cf-logo-spark"/);
  // Font Awesome's icons keep their licence comment.
  assert.match(sprite, /<symbol id="cf-icon-github" viewBox="0 0 512 512"><!--! Font Awesome Free/);
});

test("the navbar's logo file is the sprite's anvil, and the anvil's colours are those of the two logo files", () => {
  assert.equal(`static/${navbar.logo?.src}`, SYMBOLS.logo.file);
  const fillOf = (file: string) =>
    [...readFileSync(file, 'utf8').matchAll(/<path[^>]*\bfill="(#[0-9a-f]{6})"/gi)].map((m) => m[1].toLowerCase());
  const light = fillOf(SYMBOLS.logo.file);
  const dark = fillOf(`static/${navbar.logo?.srcDark}`);
  assert.deepEqual(light, [SYMBOLS.logo.currentColor.toLowerCase()], 'the light file has one filled path, the anvil');
  assert.equal(dark.length, 1);
  const css = readFileSync('src/theme/Logo/styles.module.css', 'utf8');
  const colour = (hex: string) => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex);
  const lightCss = /^\.mark \{[^}]*\bcolor: (#[0-9a-f]+);/m.exec(css)?.[1];
  const darkCss = /^\[data-theme='dark'\] \.mark \{[^}]*\bcolor: (#[0-9a-f]+);/m.exec(css)?.[1];
  assert.equal(colour(lightCss!), light[0]);
  assert.equal(colour(darkCss!), dark[0]);
});

test('spriteIcon: an <svg> of the class that names its symbol and is hidden from readers', () => {
  assert.equal(
    spriteIcon('github', 'navbar-icon-link__icon'),
    '<svg class="navbar-icon-link__icon" aria-hidden="true" focusable="false"><use href="#cf-icon-github"></use></svg>',
  );
  const items = JSON.stringify(navbar.items);
  assert.match(items, /href=\\"#cf-icon-github\\"/);
  assert.match(items, /href=\\"#cf-icon-zulip\\"/);
  assert.doesNotMatch(items, /<path/, 'no icon paths in the navbar config (the client bundle carries it)');
});

/** A PNG's header fields and its pixels' rows (filter bytes removed), for the encoder's plain output. */
function decodePng(file: Buffer): {width: number; height: number; colourType: number; rows: Buffer[]} {
  assert.deepEqual([...file.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let at = 8;
  let width = 0;
  let height = 0;
  let colourType = -1;
  const data: Buffer[] = [];
  while (at < file.length) {
    const length = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    const body = file.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') [width, height, colourType] = [body.readUInt32BE(0), body.readUInt32BE(4), body[9]];
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * ({4: 2, 6: 4} as Record<number, number>)[colourType] + 1;
  const rows = Array.from({length: height}, (_, y) => {
    assert.equal(raw[y * stride], 0, 'no row filter');
    return raw.subarray(y * stride + 1, (y + 1) * stride);
  });
  return {width, height, colourType, rows};
}

test("Infima's chevron as a PNG: an upward chevron, black at half opacity, symmetric, sharp at 2x", async () => {
  const png = decodePng(await chevronPng());
  assert.deepEqual([png.width, png.height, png.colourType], [CHEVRON_SIZE, CHEVRON_SIZE, 4]);
  const unit = CHEVRON_SIZE / 24;
  const alpha = (x: number, y: number) => png.rows[Math.floor(y * unit)][Math.floor(x * unit) * 2 + 1];
  const grey = (x: number, y: number) => png.rows[Math.floor(y * unit)][Math.floor(x * unit) * 2];
  // On the stroke: the apex and both arms; half opacity, black.
  for (const [x, y] of [
    [12, 9.4],
    [8.5, 13.5],
    [15.5, 13.5],
  ]) {
    assert.ok(Math.abs(alpha(x, y) - 128) <= 1, `stroke at ${x},${y}: ${alpha(x, y)}`);
    assert.equal(grey(x, y), 0);
  }
  // Off it: inside the "^", above the apex, beside the arms, the corners.
  for (const [x, y] of [
    [12, 13.5],
    [12, 6],
    [3, 13],
    [21, 13],
    [0, 0],
    [23.9, 23.9],
  ]) {
    assert.equal(alpha(x, y), 0, `clear at ${x},${y}`);
  }
  for (const row of png.rows) {
    for (let x = 0; x < CHEVRON_SIZE; x++) {
      assert.ok(Math.abs(row[x * 2 + 1] - row[(CHEVRON_SIZE - 1 - x) * 2 + 1]) <= 2, 'mirror-symmetric');
    }
  }
  const css = await chevronCss();
  assert.match(css, /^:root\{--ifm-menu-link-sublist-icon:url\("data:image\/png;base64,[A-Za-z0-9+/=]+"\)\}\n$/);
  assert.ok(css.length < 2000, `a small data URL (${css.length} characters)`);
});

test('favicon: an SVG that is not square stops `npm run favicon`', async () => {
  await assert.rejects(
    faviconPixels(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 4"><rect width="8" height="4" fill="#000000"/></svg>',
      16,
    ),
    /must be square/,
  );
});

test("favicon: static/img/favicon.ico is the config's favicon and shows what favicon.svg draws (else: npm run favicon)", async () => {
  assert.equal(config.favicon, 'img/favicon.ico');
  const svg = readFileSync(`${SITE}/static/img/favicon.svg`, 'utf8');
  const ico = readFileSync(`${SITE}/static/img/favicon.ico`);
  assert.deepEqual([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)], [0, 1, FAVICON_SIZES.length]);
  for (const [i, size] of FAVICON_SIZES.entries()) {
    const entry = 6 + 16 * i;
    assert.deepEqual([ico[entry], ico[entry + 1], ico.readUInt16LE(entry + 6)], [size, size, 32]);
    const png = decodePng(
      ico.subarray(ico.readUInt32LE(entry + 12), ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8)),
    );
    assert.deepEqual([png.width, png.height, png.colourType], [size, size, 6]);
    const expected = await faviconPixels(svg, size);
    const drawn = Buffer.concat(png.rows);
    const off = drawn.findIndex((value, at) => Math.abs(value - expected[at]) > 2);
    assert.equal(off, -1, `favicon.ico at ${size} px differs from favicon.svg at byte ${off}: run npm run favicon`);
  }
  // What the pixels are: the corner transparent (rounded), the middle of the edge the tile's
  // orange, the anvil's waist white.
  const px = await faviconPixels(svg, 32);
  const at = (x: number, y: number) => [...px.subarray((y * 32 + x) * 4, (y * 32 + x) * 4 + 4)];
  assert.equal(at(0, 0)[3], 0);
  assert.deepEqual(at(16, 1), [0xb3, 0x44, 0x00, 255]);
  assert.deepEqual(at(16, 16), [255, 255, 255, 255]);
});
