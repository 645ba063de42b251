import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import type {Navbar} from '@docusaurus/theme-common';
import {LINKS} from './site';

const load = createRequire(__filename);

/**
 * A Font Awesome icon (`brands/github`) as inline SVG, read from the @fortawesome/fontawesome-free
 * package with its licence comment, filled with the link's colour. Inline, not a CSS mask: each
 * mask image is an SVG document of its own, and decoding the two took 75-105 ms of one task at 4x
 * CPU on every phone page, when the mobile panel's links were first styled
 * (reports/2026-11-29-no-intl.md).
 */
function icon(name: string): string {
  const svg = readFileSync(load.resolve(`@fortawesome/fontawesome-free/svgs/${name}.svg`), 'utf8').trim();
  if (!/^<svg [^>]*viewBox="[^"]+"[^>]*>[\s\S]*<\/svg>$/.test(svg)) {
    throw new Error(`config/navbar.ts: @fortawesome/fontawesome-free/svgs/${name}.svg is not one <svg> with a viewBox`);
  }
  return svg.replace('<svg ', '<svg class="navbar-icon-link__icon" aria-hidden="true" focusable="false" ');
}

/**
 * The label of an icon link: hidden in the desktop bar, where the icon stands alone, and shown
 * next to the icon in the mobile panel (src/css/custom.css).
 */
const iconLabel = (text: string) => `<span class="navbar-icon-link__label">${text}</span>`;

/**
 * The top navigation bar: the anvil with the wordmark, seven sections on the left, external links
 * and tools on the right.
 */
export const navbar: Navbar = {
  title: 'conda-forge',
  hideOnScroll: true,
  logo: {
    // The wordmark next to it names the link: the anvil itself is decorative.
    alt: '',
    src: 'img/logo.svg',
    srcDark: 'img/logo-dark.svg',
    width: 32,
    height: 32,
  },
  items: [
    {to: '/docs/', label: 'Docs', position: 'left', activeBasePath: '/docs/'},
    {to: '/community/', label: 'Community', position: 'left', activeBasePath: '/community/'},
    {to: '/news/', label: 'News', position: 'left'},
    {to: '/blog/', label: 'Blog', position: 'left'},
    {to: '/status/', label: 'Status', position: 'left'},
    {to: '/packages/', label: 'Packages', position: 'left'},
    {to: '/download/', label: 'Download', position: 'left'},
    {
      // Named by its text, which is shown beside a new-tab mark in wide bars; from 997 to 1239 px
      // the text gives way to a heart (src/css/custom.css, "Navbar widths").
      href: LINKS.donate,
      position: 'right',
      className: 'navbar-donate',
      // The theme's new-tab mark (its SVG sprite), which it adds to `label` links but not to `html` ones.
      html:
        '<span class="navbar-donate__label">Donate</span>' +
        '<svg class="navbar-donate__new-tab" width="13.5" height="13.5" aria-label="(opens in new tab)">' +
        '<use href="#theme-svg-external-link"></use></svg>',
    },
    {
      href: LINKS.github,
      position: 'right',
      className: 'navbar-icon-link navbar-icon-link--github',
      html: icon('brands/github') + iconLabel('GitHub'),
      'aria-label': 'conda-forge on GitHub',
    },
    {
      href: LINKS.zulip,
      position: 'right',
      className: 'navbar-icon-link navbar-icon-link--zulip',
      html: icon('solid/comments') + iconLabel('Zulip chat'),
      'aria-label': 'conda-forge Zulip chat',
    },
    {type: 'search', position: 'right'},
  ],
};
