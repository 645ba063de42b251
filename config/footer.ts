import type {Footer} from '@docusaurus/theme-common';
import {COPYRIGHT_YEAR, LINKS} from './site';

/** The footer: four link groups and the copyright line. */
export const footer: Footer = {
  style: 'dark',
  links: [
    {
      title: 'Docs',
      items: [
        {label: 'Getting started', to: '/docs/'},
        {label: 'User docs', to: '/docs/user/'},
        {label: 'Maintainer docs', to: '/docs/maintainer/'},
        {label: 'CFEPs', to: '/community/cfep/'},
        {label: 'Reorganized docs', to: '/docs/diataxis/'},
      ],
    },
    {
      title: 'Community',
      items: [
        {label: 'About conda-forge', to: '/community/'},
        {label: 'Governance', to: '/community/governance/'},
        {label: 'Meeting minutes', to: '/community/minutes/'},
        {label: 'Get in touch', to: '/community/getting-in-touch/'},
      ],
    },
    {
      title: 'Stay up-to-date',
      items: [
        {label: 'News', to: '/news/archive/'},
        {label: 'Blog', to: '/blog/archive/'},
        {label: 'Status', to: '/status/'},
        {label: 'Bluesky', href: LINKS.bluesky},
      ],
    },
    {
      title: 'Resources',
      items: [
        // Also under "Stay up-to-date": the spec lists the status page in both groups.
        {label: 'Status', to: '/status/'},
        {label: 'Style guide', to: '/style-guide/'},
        {label: 'GitHub', href: LINKS.github},
        {label: 'Zulip', href: LINKS.zulip},
        {label: 'Stack Overflow', href: LINKS.stackOverflow},
      ],
    },
  ],
  copyright: `Copyright © ${COPYRIGHT_YEAR} conda-forge · Built with Docusaurus`,
};
