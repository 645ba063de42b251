import type {ThemeConfig} from '@docusaurus/preset-classic';
import {navbar} from './navbar';
import {footer} from './footer';
import {announcementBar} from './announcement';
import {codeThemeDark, codeThemeLight, prismLanguages} from './prism';

export const themeConfig: ThemeConfig = {
  colorMode: {
    defaultMode: 'light',
    disableSwitch: false,
    respectPrefersColorScheme: false,
  },
  announcementBar,
  navbar,
  footer,
  docs: {
    sidebar: {autoCollapseCategories: true, hideable: true},
  },
  blog: {sidebar: {groupByYear: true}},
  tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
  prism: {
    theme: codeThemeLight,
    darkTheme: codeThemeDark,
    additionalLanguages: prismLanguages,
  },
  metadata: [{name: 'keywords', content: 'conda-forge, conda, packages, feedstock, recipes, miniforge'}],
};
