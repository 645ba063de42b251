/**
 * Mode-independent code colours (plugins/lean-prism/tokenStyles.ts): every token of the site's code
 * blocks, styled through the generated custom properties, must get exactly the colours, font style
 * and opacity its theme gives it (inner types winning, property by property), in light and in dark
 * mode. The CSS is resolved here as a browser resolves `var()` with fallbacks.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import type {CSSProperties} from 'react';
import {codeThemeDark, codeThemeLight, prismLanguages} from '../../config/prism';
import {grammarId, grammarImports} from '../../plugins/lean-prism/grammars';
import {toLines, type LineToken} from '../../plugins/lean-prism/client/tokens';
import {styledTypes, styleTable, tokenCss, tokenVarStyle, type PrismTheme} from '../../plugins/lean-prism/tokenStyles';
import {codeBlocks, pages} from '../helpers/content';

const require = createRequire(import.meta.url);
(globalThis as {Prism?: unknown}).Prism = {manual: true, disableWorkerMessageHandler: true};
const Prism = require('prismjs/components/prism-core');
require('prismjs/components/prism-markup');
for (const id of grammarImports(prismLanguages, prismLanguages)) require(`prismjs/components/prism-${id}`);

/** The custom properties a block of the generated CSS declares. */
function declared(css: string, selector: string): Map<string, string> {
  const start = css.indexOf(`${selector}{`);
  assert.ok(start >= 0, `no ${selector} block`);
  const body = css.slice(start + selector.length + 1, css.indexOf('}', start));
  return new Map(
    body
      .split(';')
      .filter(Boolean)
      .map((declaration) => {
        const at = declaration.indexOf(':');
        return [declaration.slice(0, at), declaration.slice(at + 1)] as [string, string];
      }),
  );
}

/** `var(--a,var(--b))` resolved against `vars`; undefined when nothing resolves (the property is unset). */
function resolve(value: string, vars: Map<string, string>): string | undefined {
  const match = /^var\((--[\w-]+)(?:,(.*))?\)$/.exec(value);
  if (!match) return value;
  const own = vars.get(match[1]);
  if (own !== undefined && own !== 'initial') return own;
  return match[2] === undefined ? undefined : resolve(match[2], vars);
}

/** The theme's rule for a token (as prism-react-renderer applies it): its types' styles merged in order. */
function expected(types: string[], theme: PrismTheme): CSSProperties {
  if (types.length === 1 && types[0] === 'plain') return {};
  const table = styleTable(theme);
  return Object.assign({}, ...types.map((type) => table[type]));
}

const css = tokenCss(codeThemeLight, codeThemeDark);
const light = declared(css, ':root');
const dark = new Map([...light, ...declared(css, "[data-theme='dark']")]);
const styled = styledTypes([codeThemeLight, codeThemeDark]);

function siteTokens(): LineToken[] {
  const tokens: LineToken[] = [];
  for (const file of pages) {
    for (const block of codeBlocks(readFileSync(file, 'utf8'))) {
      const id = grammarId(block.lang, prismLanguages);
      if (id) for (const line of toLines(Prism.tokenize(block.code, Prism.languages[id]))) tokens.push(...line);
    }
  }
  return tokens;
}

test('every token of the site gets its theme’s style in light and dark mode', () => {
  const tokens = siteTokens();
  assert.ok(tokens.length > 5000, `${tokens.length} tokens`);
  const seen = new Set<string>();
  for (const token of tokens) {
    const key = token.types.join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    const inline = tokenVarStyle(token.types, styled) as Record<string, string>;
    for (const [mode, vars, theme] of [
      ['light', light, codeThemeLight],
      ['dark', dark, codeThemeDark],
    ] as const) {
      const got: Record<string, string> = {};
      for (const [property, value] of Object.entries(inline)) {
        const resolved = resolve(value, vars);
        if (resolved !== undefined) got[property] = resolved;
      }
      const want = Object.fromEntries(Object.entries(expected(token.types, theme)).map(([k, v]) => [k, String(v)]));
      assert.deepEqual(got, want, `${mode}: ${key}`);
    }
  }
  // The combinations whose inner and outer types disagree are among them.
  for (const key of ['string variable', 'string variable punctuation', 'key atrule']) assert.ok(seen.has(key), key);
});

test('an inner type wins over an outer one, and a repeated type counts where it is innermost', () => {
  assert.deepEqual(tokenVarStyle(['string', 'variable'], styled), {
    color: 'var(--t-c-variable,var(--t-c-string))',
    fontStyle: 'var(--t-f-variable)',
  });
  assert.equal(
    (tokenVarStyle(['string', 'variable', 'string'], styled) as {color: string}).color,
    'var(--t-c-string,var(--t-c-variable))',
  );
  assert.deepEqual(tokenVarStyle(['plain'], styled), {});
});

test('the code block’s own colours override the inline copy the theme writes, per mode', () => {
  assert.match(
    css,
    /:root \.theme-code-block\{--prism-color:#393A34 !important;--prism-background-color:#f6f8fa !important;\}/i,
  );
  assert.match(css, /\[data-theme='dark'\] \.theme-code-block\{--prism-color:#F8F8F2 !important;/i);
});

test('a theme the stylesheet cannot express fails the build', () => {
  const withBorder: PrismTheme = {plain: {}, styles: [{types: ['comment'], style: {border: '1px solid'}}]};
  assert.throws(() => tokenCss(withBorder, codeThemeDark), /"border", unsupported/);
  const perLanguage: PrismTheme = {
    plain: {},
    styles: [{types: ['comment'], languages: ['yaml'], style: {color: 'red'}}],
  };
  assert.throws(() => tokenCss(codeThemeLight, perLanguage), /language-specific/);
});
