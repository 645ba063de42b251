/**
 * Colour contrast of the theme, checked from its sources: the code highlighting themes
 * (config/prism.ts) and the palette variables of src/css/custom.css. WCAG 2.2 AA asks for 4.5:1
 * for text and 3:1 for focus indicators and other non-text contrast.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {codeThemeDark, codeThemeLight} from '../../config/prism';

type RGB = [number, number, number];

function parseColour(value: string): {rgb: RGB; alpha: number} {
  const hex = value.trim().match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
    return {rgb: [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as RGB, alpha: 1};
  }
  const fn = value.trim().match(/^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/i);
  if (fn) return {rgb: [Number(fn[1]), Number(fn[2]), Number(fn[3])], alpha: fn[4] === undefined ? 1 : Number(fn[4])};
  throw new Error(`not a colour: ${value}`);
}

/** A translucent colour painted over an opaque one. */
function over(top: string, bottom: string): string {
  const {rgb, alpha} = parseColour(top);
  const base = parseColour(bottom).rgb;
  const mixed = rgb.map((c, i) => Math.round(c * alpha + base[i] * (1 - alpha)));
  return `rgb(${mixed.join(', ')})`;
}

function luminance(colour: string): number {
  const [r, g, b] = parseColour(colour).rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Custom properties of one rule block of custom.css, with var() references resolved. */
function cssVariables(selector: string, inherited: Record<string, string> = {}): Record<string, string> {
  const css = readFileSync('src/css/custom.css', 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const start = css.indexOf(`${selector} {`);
  assert.ok(start >= 0, `custom.css has a ${selector} block`);
  const block = css.slice(start, css.indexOf('}', start));
  const own = Object.fromEntries([...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
  const all = {...inherited, ...own};
  const resolve = (value: string): string =>
    value.replace(/var\((--[\w-]+)\)/g, (_, name: string) => resolve(all[name] ?? ''));
  return Object.fromEntries(Object.entries(all).map(([k, v]) => [k, resolve(v)]));
}

function cssHasBlock(selector: string): boolean {
  return readFileSync('src/css/custom.css', 'utf8').includes(`${selector} {`);
}

test('contrast(): known pairs give the WCAG ratios', () => {
  assert.equal(contrast('#000000', '#ffffff').toFixed(2), '21.00');
  assert.equal(contrast('#777777', '#ffffff').toFixed(2), '4.48');
  assert.equal(contrast('#ffffff', '#777777'), contrast('#777777', '#ffffff'));
  assert.equal(over('rgba(0, 0, 0, 0.5)', '#ffffff'), 'rgb(128, 128, 128)');
});

for (const [mode, theme, selector] of [
  ['light', codeThemeLight, ':root'],
  ['dark', codeThemeDark, "[data-theme='dark']"],
] as const) {
  test(`code tokens of the ${mode} theme reach 4.5:1 on the code background and on highlighted lines`, () => {
    const root = cssVariables(':root');
    const vars = selector === ':root' ? root : cssVariables(selector, root);
    const background = theme.plain.backgroundColor!;
    const highlighted = over(vars['--docusaurus-highlighted-code-line-bg'], background);
    const failures: string[] = [];
    const colours = [
      {types: ['plain'], color: theme.plain.color!},
      ...theme.styles.map((s) => ({types: s.types, color: s.style.color})),
    ];
    for (const {types, color} of colours) {
      if (!color) continue;
      for (const bg of [background, highlighted]) {
        const ratio = contrast(color, bg);
        if (ratio < 4.5) failures.push(`${types.join('/')} ${color} on ${bg}: ${ratio.toFixed(2)}`);
      }
    }
    assert.deepEqual(failures, []);
  });
}

test('palette pairs of custom.css: links, primary buttons and focus rings pass AA in both modes', () => {
  const light = cssVariables(':root');
  const dark = cssVariables("[data-theme='dark']", light);
  const lightButton = cssVariables('.button--primary', light);
  const darkButton = cssVariables("[data-theme='dark'] .button--primary", dark);
  // Backgrounds the site puts text on: pages, raised surfaces, inline code (Infima's tints).
  const lightBackgrounds = ['#ffffff', '#f6f8fa', over('rgba(0, 0, 0, 0.05)', '#ffffff')];
  const darkBackgrounds = [
    dark['--ifm-background-color'],
    dark['--ifm-background-surface-color'],
    '#2b2b2d',
    over('rgba(255, 255, 255, 0.1)', dark['--ifm-background-color']),
  ];
  const checks: Array<[string, string, string, number]> = [
    ...lightBackgrounds.map((bg): [string, string, string, number] => [
      'light link',
      light['--ifm-color-primary'],
      bg,
      4.5,
    ]),
    ...darkBackgrounds.map((bg): [string, string, string, number] => ['dark link', dark['--ifm-link-color'], bg, 4.5]),
    ...darkBackgrounds.map((bg): [string, string, string, number] => [
      'dark link hover',
      dark['--ifm-link-hover-color'],
      bg,
      4.5,
    ]),
    // Active sidebar items: Infima's 5 % white row, on the page and on the mobile panel.
    [
      'dark active sidebar item',
      dark['--ifm-menu-color-active'],
      over('rgba(255, 255, 255, 0.05)', dark['--ifm-background-color']),
      4.5,
    ],
    [
      'dark active panel item',
      dark['--ifm-menu-color-active'],
      over('rgba(255, 255, 255, 0.05)', dark['--ifm-background-surface-color']),
      4.5,
    ],
    ['light primary button', '#ffffff', lightButton['--ifm-button-background-color'], 4.5],
    ['dark primary button', darkButton['--ifm-button-color'], darkButton['--ifm-button-background-color'], 4.5],
    ['light focus ring', light['--ifm-color-primary'], '#ffffff', 3],
    ['dark focus ring', dark['--ifm-color-primary'], dark['--ifm-background-color'], 3],
  ];
  // Infima badges: ink of `.badge` (or of the variant) on the variant's background.
  const badge = cssVariables('.badge', light);
  for (const variant of ['primary', 'secondary', 'info', 'success', 'warning', 'danger']) {
    for (const [mode, palette, prefix] of [
      ['light', light, ''],
      ['dark', dark, "[data-theme='dark'] "],
    ] as const) {
      const own = cssVariables(`.badge--${variant}`, palette);
      const darkOwn =
        prefix && cssHasBlock(`${prefix}.badge--${variant}`)
          ? cssVariables(`${prefix}.badge--${variant}`, palette)
          : {};
      const ink = darkOwn['--ifm-badge-color'] ?? own['--ifm-badge-color'] ?? badge['--ifm-badge-color'];
      const background = own['--ifm-badge-background-color'] ?? palette['--ifm-color-primary'];
      checks.push([`${mode} ${variant} badge`, ink, background, 4.5]);
    }
  }
  const failures = checks
    .filter(([, fg, bg, min]) => contrast(fg, bg) < min)
    .map(([what, fg, bg]) => `${what}: ${fg} on ${bg} = ${contrast(fg, bg).toFixed(2)}`);
  assert.deepEqual(failures, []);
});
