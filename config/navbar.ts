import type {Navbar} from '@docusaurus/theme-common';
import {LINKS} from './site';

/** The top navigation bar: seven sections on the left, external links and tools on the right. */
export const navbar: Navbar = {
  title: '',
  hideOnScroll: true,
  logo: {
    alt: 'conda-forge anvil logo without text',
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
    {href: LINKS.donate, label: 'Donate', position: 'right'},
    {
      href: LINKS.github,
      position: 'right',
      className: 'navbar-icon-link navbar-icon-link--github',
      'aria-label': 'conda-forge on GitHub',
    },
    {
      href: LINKS.zulip,
      position: 'right',
      className: 'navbar-icon-link navbar-icon-link--zulip',
      'aria-label': 'conda-forge chat on Zulip',
    },
    {type: 'search', position: 'right'},
  ],
};
