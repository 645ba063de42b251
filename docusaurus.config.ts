import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {BASE_URL, BUILD, GOATCOUNTER_ENDPOINT, parseJsonEnv, SITE_TITLE, SITE_URL} from './config/site';
import {blogOptions, docsOptions, markdownPlugins, plugins} from './config/plugins';
import {themeConfig} from './config/theme';
import {announcementResetScript} from './config/announcement';
import {shellRenderBlockingTag} from './config/renderBlocking';
import {searchConfig} from './config/search';
import {ssrTemplate} from './config/ssrTemplate';
import {pageCounterTag} from './src/lib/analytics/pageCounter';

const config: Config = {
  title: SITE_TITLE,
  tagline: '',
  favicon: 'img/favicon.ico',
  url: SITE_URL,
  baseUrl: BASE_URL,
  trailingSlash: true,
  organizationName: 'conda-forge',
  projectName: 'conda-forge.github.io',
  noIndex: BUILD.noIndex,

  // Broken links, anchors and Markdown links or images fail every build; duplicates only warn.
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'warn',
  markdown: {
    format: 'detect',
    hooks: {onBrokenMarkdownLinks: 'throw', onBrokenMarkdownImages: 'throw'},
  },

  future: {
    faster: true,
    // The v4 flags Faster needs; storage namespacing stays off so the colour mode is stored
    // under the plain key `theme`.
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
      useCssCascadeLayers: false,
      siteStorageNamespacing: false,
      fasterByDefault: true,
      mdx1CompatDisabledByDefault: false,
    },
    experimental_vcs: 'git-eager',
  },

  i18n: {defaultLocale: 'en', locales: ['en'], localeConfigs: {en: {htmlLang: 'en', direction: 'ltr'}}},

  headTags: [
    {tagName: 'script', attributes: {}, innerHTML: announcementResetScript},
    shellRenderBlockingTag,
    // The page counter: production builds only, and CF_ANALYTICS=false switches it off. The page
    // names it here; src/clientModules/pageCounter.ts loads it once the page has hydrated.
    ...(BUILD.production && BUILD.analytics ? [pageCounterTag(`${BASE_URL}js/count.js`, GOATCOUNTER_ENDPOINT)] : []),
  ],
  clientModules: ['./src/clientModules/normalisePath.ts', './src/clientModules/pageCounter.ts'],
  ssrTemplate,
  customFields: {dataSources: parseJsonEnv('CF_DATA_SOURCES'), search: searchConfig},

  presets: [
    [
      'classic',
      {
        docs: docsOptions,
        blog: blogOptions,
        pages: markdownPlugins,
        theme: {customCss: './src/css/custom.css'},
        sitemap: {lastmod: null, changefreq: null, priority: null},
      } satisfies Preset.Options,
    ],
  ],
  plugins,
  themeConfig,
};

export default config;
