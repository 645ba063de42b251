import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {spriteIcon, symbolOf, SYMBOLS} from '../../plugins/svg-sprite/symbols';
import {spriteMarkup} from '../../plugins/svg-sprite';
import {navbar} from '../../config/navbar';

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
