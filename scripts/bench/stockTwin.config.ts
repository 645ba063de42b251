/**
 * The stock twin's Docusaurus config (`npm run bench -- --compare-stock`, scripts/bench/stockTwin.ts).
 *
 * Same content, sidebars, options, navbar, footer, CSS and pages as the project, built the way a
 * stock Docusaurus site would build it: the classic preset and the stock plugins only, Faster on,
 * and none of the project's local plugins, theme components, client modules or HTML template.
 * Whatever had to be stubbed for it to build is listed in STUBS, and the benchmark prints that list.
 */
import path from 'node:path';
import type {Config, LoadContext, PluginConfig} from '@docusaurus/types';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import type {Options as BlogOptions} from '@docusaurus/plugin-content-blog';
import type * as Preset from '@docusaurus/preset-classic';
import project from '../../docusaurus.config';
import {STUBS} from './stockTwinStubs';
import {PAGE_COUNTER_META} from '../../src/lib/analytics/pageCounter';
import {GOATCOUNTER_ENDPOINT} from '../../config/site';
import {installCommand} from '../../src/lib/download/index';
import {MERMAID_THEME_VARIABLES, MERMAID_THEMES} from '../../src/lib/mermaid/options';
import {shellRenderBlockingTag} from '../../config/renderBlocking';
import svgSprite from '../../plugins/svg-sprite';

/** The project folder: its content is read in place, so Git still knows every file's history. */
const ROOT = process.env.STOCK_TWIN_PROJECT;
if (!ROOT) throw new Error('stock twin: STOCK_TWIN_PROJECT must name the project folder');
const inProject = (relative: string) => path.resolve(ROOT, relative);

/** The options every content plugin (docs, blog, pages) shares, as far as the twin touches them. */
interface ContentOptions {
  [key: string]: unknown;
  path?: string;
  sidebarPath?: unknown;
  remarkPlugins?: unknown;
  beforeDefaultRemarkPlugins?: unknown;
}

/** A content plugin's options as stock sees them: no local remark plugins, paths into the project. */
function stockContent<T extends ContentOptions>(options: T): T {
  const {remarkPlugins: _remark, beforeDefaultRemarkPlugins: _beforeDefault, ...rest} = options;
  return {
    ...rest,
    ...(typeof rest.path === 'string' ? {path: inProject(rest.path)} : {}),
    ...(typeof rest.sidebarPath === 'string' ? {sidebarPath: inProject(rest.sidebarPath)} : {}),
  } as T;
}

/** The project's plugins named by string are Docusaurus's own; the imported ones are local. */
function stockPlugins(plugins: PluginConfig[]): PluginConfig[] {
  const kept: PluginConfig[] = [];
  for (const plugin of plugins) {
    if (typeof plugin === 'string') kept.push(plugin);
    else if (Array.isArray(plugin) && typeof plugin[0] === 'string') {
      const [name, options] = plugin;
      kept.push(name.startsWith('content-') ? [name, stockContent(options as ContentOptions)] : [name, options]);
    }
  }
  return kept;
}

/** The minutes archive reads its topics from the minutes-index plugin: stock gets an empty map. */
function minutesIndexStub(): PluginConfig {
  return () => ({
    name: 'minutes-index',
    async contentLoaded({actions}) {
      await actions.createData('minutes-gists.json', '{}');
    },
  });
}

/** The home page reads its news and install command from the home-data plugin: stock gets the command, no news. */
function homeDataStub(): PluginConfig {
  return () => ({
    name: 'home-data',
    async contentLoaded({actions}) {
      await actions.createData('home.json', JSON.stringify({news: [], installCommand: installCommand('Linux')}));
    },
  });
}

/** The React pages' code blocks (src/components/CodeBlock) drawn by the classic theme's code block. */
function stockCodeBlock(): PluginConfig {
  return () => ({
    name: 'stock-code-block',
    configureWebpack: (_config, _isServer, {currentBundler}) => ({
      plugins: [
        new currentBundler.instance.NormalModuleReplacementPlugin(
          /src[\\/]components[\\/]CodeBlock[\\/]index\.tsx$/,
          inProject('scripts/bench/stockCodeBlock.tsx'),
        ),
      ],
    }),
  });
}

const [[, presetOptions]] = project.presets as [[string, Preset.Options]];
const themeConfig = project.themeConfig as Preset.ThemeConfig;

const config: Config = {
  ...project,
  // Stock draws diagrams with Docusaurus's Mermaid theme (a dev dependency, for the twin only).
  markdown: {...project.markdown, mermaid: true},
  themes: ['@docusaurus/theme-mermaid'],
  // The project's HTML template and client modules are its own work, not stock's.
  ssrTemplate: undefined,
  clientModules: [],
  // The page counter the way a stock site adds one: a deferred script tag in every page, where
  // the project loads it from a client module once the page has hydrated.
  // The project's hold on the first paint (config/renderBlocking.ts) is its own work too.
  headTags: (project.headTags ?? []).filter(
    (tag) => tag.attributes?.name !== PAGE_COUNTER_META && tag !== shellRenderBlockingTag,
  ),
  scripts: project.headTags?.some((tag) => tag.attributes?.name === PAGE_COUNTER_META)
    ? [{src: '/js/count.js', defer: true, 'data-goatcounter': GOATCOUNTER_ENDPOINT}]
    : [],
  staticDirectories: [inProject('static')],
  presets: [
    [
      'classic',
      {
        docs: stockContent(presetOptions.docs as DocsOptions),
        blog: stockContent(presetOptions.blog as BlogOptions),
        pages: {path: inProject('src/pages')},
        theme: {customCss: inProject('src/css/custom.css')},
        sitemap: presetOptions.sitemap,
      } satisfies Preset.Options,
    ],
  ],
  plugins: [
    ...stockPlugins((project.plugins ?? []) as PluginConfig[]),
    minutesIndexStub(),
    homeDataStub(),
    stockCodeBlock(),
    // The navbar's icon links name symbols of the project's SVG sprite: the twin keeps the sprite
    // so that it shows the same icons (its logo stays the theme's two images, its chevron Infima's).
    (context: LoadContext) => svgSprite({...context, siteDir: inProject('.')}, {chevron: false}),
  ],
  themeConfig: {
    ...themeConfig,
    mermaid: {theme: {...MERMAID_THEMES}, options: {themeVariables: {...MERMAID_THEME_VARIABLES}}},
    navbar: {
      ...themeConfig.navbar,
      items: (themeConfig.navbar?.items ?? []).filter((item) => item.type !== 'search'),
    },
  },
  customFields: {...project.customFields, stockTwinStubs: STUBS},
};

export default config;
