import type {Navbar} from '@docusaurus/theme-common';
import {LINKS} from './site';
import {spriteIcon, SYMBOLS} from '../plugins/svg-sprite/symbols';

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
  // The anvil: the site draws this file inline from its SVG sprite (src/theme/Logo,
  // plugins/svg-sprite); `srcDark` is the same anvil in white, for the theme's own logo.
  logo: {
    // The wordmark next to it names the link: the anvil itself is decorative.
    alt: '',
    src: SYMBOLS.logo.file.replace(/^static\//, ''),
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
      html: spriteIcon('github', 'navbar-icon-link__icon') + iconLabel('GitHub'),
      'aria-label': 'conda-forge on GitHub',
    },
    {
      href: LINKS.zulip,
      position: 'right',
      className: 'navbar-icon-link navbar-icon-link--zulip',
      html: spriteIcon('zulip', 'navbar-icon-link__icon') + iconLabel('Zulip chat'),
      'aria-label': 'conda-forge Zulip chat',
    },
    {type: 'search', position: 'right'},
  ],
};
