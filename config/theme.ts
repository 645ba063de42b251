import type {ThemeConfig} from '@docusaurus/preset-classic';
import type {MermaidConfig} from 'mermaid';
import {navbar} from './navbar';
import {footer} from './footer';
import {announcementBar} from './announcement';
import {codeThemeDark, codeThemeLight, prismLanguages} from './prism';

/**
 * Mermaid colours come from the site's CSS custom properties, so diagrams follow light and dark
 * mode without a second theme. Only variables Mermaid passes through unchanged are mapped:
 * variables it derives other colours from must be real colour values, not `var()` references.
 */
const mermaidThemeVariables: MermaidConfig['themeVariables'] = {
  fontFamily: 'var(--ifm-font-family-base)',
  primaryBorderColor: 'var(--ifm-color-primary)',
  secondaryBorderColor: 'var(--ifm-color-emphasis-500)',
  secondaryTextColor: 'var(--ifm-font-color-base)',
  noteBorderColor: 'var(--ifm-color-emphasis-500)',
  textColor: 'var(--ifm-font-color-base)',
  errorBkgColor: 'var(--ifm-color-danger-contrast-background)',
  actorBkg: 'var(--ifm-background-surface-color)',
  actorTextColor: 'var(--ifm-font-color-base)',
  actorLineColor: 'var(--ifm-color-emphasis-600)',
  labelBoxBkgColor: 'var(--ifm-background-surface-color)',
};

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
  mermaid: {
    theme: {light: 'base', dark: 'base'},
    options: {themeVariables: mermaidThemeVariables},
  },
  metadata: [{name: 'keywords', content: 'conda-forge, conda, packages, feedstock, recipes, miniforge'}],
};
