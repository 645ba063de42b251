/**
 * The look of the social cards: the site's own colours and logo, read from the files the site is
 * styled with (src/css/custom.css and static/img/logo.svg) so that a change of the palette or the
 * anvil shows on the next build's cards, and the geometry of a 1200×630 card.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Section} from './head';
import type {TitleStep} from './layout';

export {CARD_HEIGHT, CARD_WIDTH} from './head';

export interface Design {
  /** Light-mode primary (`--ifm-color-primary` of `:root`): the section label. */
  primary: string;
  /** The two stops of `--cf-gradient`: the band along the top. */
  gradient: [string, string];
  /** The anvil (static/img/logo.svg), as SVG markup. */
  logoSvg: string;
  /** Title and wordmark ink: the anvil's own colour. */
  ink: string;
  /** The footer's quieter ink (Infima's emphasis-700, 7.4:1 on white). */
  muted: string;
  background: string;
}

/** Geometry, in card pixels. */
export const GEOMETRY = {
  margin: 80,
  band: 14,
  logo: {x: 80, y: 60, size: 64},
  wordmark: {x: 158, baseline: 107, size: 40},
  section: {baseline: 222, size: 32},
  title: {top: 266, bottom: 520},
  rule: {y: 548, height: 2, color: '#e3e3e3'},
  footer: {baseline: 592, size: 26},
} as const;

/**
 * Rows `[top, bottom)` of the card where the section label and title are set: everything else is
 * the same on every card (see BandEncoder in ./png.ts). Glyphs outside it stop the build.
 */
export const TEXT_BAND: readonly [top: number, bottom: number] = [150, 540];

/** The title's sizes, largest first: a short title is set big, a long one smaller on more lines. */
export const TITLE_LADDER: readonly TitleStep[] = [
  {size: 72, lineHeight: 84, maxLines: 2},
  {size: 64, lineHeight: 76, maxLines: 3},
  {size: 54, lineHeight: 63, maxLines: 4},
];

export const FOOTER_TEXT = 'conda-forge.org';

/** The section label of each part of the site (longest prefix wins; the home page has none). */
export const SECTIONS: readonly Section[] = [
  {prefix: '/docs/', label: 'Docs'},
  {prefix: '/docs/user/', label: 'Docs · User documentation'},
  {prefix: '/docs/maintainer/', label: 'Docs · Maintainer documentation'},
  {prefix: '/docs/how-to/', label: 'Docs · How-to guides'},
  {prefix: '/docs/tutorials/', label: 'Docs · Tutorials'},
  {prefix: '/docs/tags/', label: 'Docs · Tags'},
  {prefix: '/community/', label: 'Community'},
  {prefix: '/community/minutes/', label: 'Community · Core meeting minutes'},
  {prefix: '/community/tags/', label: 'Community · Tags'},
  {prefix: '/blog/', label: 'Blog'},
  {prefix: '/news/', label: 'News'},
  {prefix: '/status/', label: 'Status'},
  {prefix: '/packages/', label: 'Packages'},
  {prefix: '/download/', label: 'Download'},
  {prefix: '/search/', label: 'Search'},
  {prefix: '/style-guide/', label: 'Style guide'},
  {prefix: '/announcements/', label: 'Announcements'},
];

/** The value of a custom property in the `:root` block of a stylesheet. */
export function rootProperty(css: string, name: string): string {
  const root = /(?:^|\n)\s*:root\s*\{([^}]*)\}/.exec(css)?.[1];
  if (root === undefined) throw new Error('social-cards: no :root block in the site stylesheet');
  const escaped = name.replace(/[-]/g, '\\-');
  const value = new RegExp(`(?:^|[;\\s])${escaped}\\s*:\\s*([^;]+);`).exec(root)?.[1].trim();
  if (!value) throw new Error(`social-cards: ${name} is not set in :root of the site stylesheet`);
  return value;
}

const HEX = /#[0-9a-f]{6}\b/gi;

/** Reads the design from the site's files (paths relative to `siteDir`). */
export function readDesign(siteDir: string): Design {
  const css = readFileSync(path.join(siteDir, 'src/css/custom.css'), 'utf8');
  const primary = rootProperty(css, '--ifm-color-primary');
  const stops = rootProperty(css, '--cf-gradient').match(HEX);
  if (!/^#[0-9a-f]{6}$/i.test(primary) || !stops || stops.length < 2) {
    throw new Error('social-cards: --ifm-color-primary or --cf-gradient is not in the #rrggbb form the cards read');
  }
  const logoSvg = readFileSync(path.join(siteDir, 'static/img/logo.svg'), 'utf8');
  const ink = /<path[^>]*\bfill="(#[0-9a-f]{6})"/i.exec(logoSvg)?.[1];
  if (!ink) throw new Error('social-cards: static/img/logo.svg has no filled path to take the ink colour from');
  return {
    primary: primary.toLowerCase(),
    gradient: [stops[0].toLowerCase(), stops[stops.length - 1].toLowerCase()],
    logoSvg,
    ink: ink.toLowerCase(),
    muted: '#525860',
    background: '#ffffff',
  };
}
