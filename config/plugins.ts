import type {PluginConfig} from '@docusaurus/types';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import type {Options as BlogOptions} from '@docusaurus/plugin-content-blog';
import type {Options as RedirectOptions} from '@docusaurus/plugin-client-redirects';
import {EDIT_URL_BASE} from './site';
import {allRedirectPairs, derivedRedirects, explicitRedirects, REDIRECT_EXTENSIONS} from './redirects';
import {reverseMinutes} from '../sidebars/generators';
import hostRedirects, {type Options as HostRedirectOptions} from '../plugins/host-redirects';
import patchGuard from '../plugins/patch-guard/plugin';
import leanPrism from '../plugins/lean-prism';
import mermaidDiagrams from '../plugins/mermaid-diagrams';
import pageChunks from '../plugins/page-chunks';
import minutesIndex from '../plugins/minutes-index';
import homeData from '../plugins/home-data';
import remarkCodeBlocks from '../plugins/code-blocks/remark';
import remarkMermaidDiagrams from '../plugins/mermaid-diagrams/remark';
import leanRuntime, {type Options as LeanRuntimeOptions} from '../plugins/lean-runtime';
import leanBuild from '../plugins/lean-build';
import compileHints from '../plugins/compile-hints';
import searchPrepaint from '../plugins/search-prepaint';
import socialCards from '../plugins/social-cards';
import llmsTxt from '../plugins/llms-txt';
import deferredMdx, {type Options as DeferredMdxOptions} from '../plugins/deferred-mdx';
import meetingCalendar from '../plugins/meeting-calendar';
import notFoundRoutes from '../plugins/not-found-routes';
import svgSprite from '../plugins/svg-sprite';

/**
 * Markdown plugins of every content plugin (docs, community, blog, news, pages): `mermaid` fences
 * become the site's diagram component before Docusaurus's own plugins run, and the other fences
 * the site's code block.
 */
export const markdownPlugins = {
  beforeDefaultRemarkPlugins: [remarkMermaidDiagrams],
  remarkPlugins: [remarkCodeBlocks],
};

/** Options shared by both docs instances. */
export const commonDocsOptions = {
  ...markdownPlugins,
  editUrl: EDIT_URL_BASE,
  showLastUpdateTime: true,
  onInlineTags: 'throw',
} satisfies DocsOptions;

/** The main docs instance (/docs/), configured through the classic preset. */
export const docsOptions: DocsOptions = {
  ...commonDocsOptions,
  path: 'docs',
  routeBasePath: 'docs',
  sidebarPath: './sidebars/docs.ts',
  breadcrumbs: true,
  tags: 'tags.yml',
  lastVersion: 'current',
  versions: {current: {label: 'Next'}},
};

const BLOG_DESCRIPTION = 'Stories and deep dives from the conda-forge community.';
const NEWS_DESCRIPTION = 'Announcements that affect conda-forge users and maintainers.';

function feed(title: string, description: string): BlogOptions['feedOptions'] {
  return {type: ['rss', 'atom'], title, description, copyright: `conda-forge contributors`, language: 'en'};
}

/** The blog (/blog/), configured through the classic preset. */
export const blogOptions: BlogOptions = {
  ...markdownPlugins,
  path: 'blog',
  routeBasePath: 'blog',
  // Title (also the list pages' h1, src/theme/BlogListPage) and meta description of the list pages.
  blogTitle: 'Blog',
  blogDescription: BLOG_DESCRIPTION,
  showReadingTime: true,
  postsPerPage: 10,
  blogSidebarCount: 10,
  blogSidebarTitle: 'Recent posts',
  authorsMapPath: 'authors.yml',
  tags: 'tags.yml',
  onInlineTags: 'throw',
  onInlineAuthors: 'throw',
  onUntruncatedBlogPosts: 'throw',
  editUrl: EDIT_URL_BASE,
  feedOptions: feed('conda-forge blog', BLOG_DESCRIPTION),
};

/** The second docs instance: the community area (/community/). */
const communityDocs: PluginConfig = [
  'content-docs',
  {
    ...commonDocsOptions,
    id: 'community',
    path: 'community',
    routeBasePath: 'community',
    sidebarPath: './sidebars/community.ts',
    breadcrumbs: false,
    tags: 'tags.yml',
    sidebarItemsGenerator: reverseMinutes,
  } satisfies DocsOptions,
];

/** The second blog: short announcements (/news/). */
const news: PluginConfig = [
  'content-blog',
  {
    ...markdownPlugins,
    id: 'news',
    path: 'news',
    routeBasePath: 'news',
    blogTitle: 'News',
    blogDescription: NEWS_DESCRIPTION,
    showReadingTime: false,
    postsPerPage: 10,
    blogSidebarCount: 10,
    blogSidebarTitle: 'Latest announcements',
    onUntruncatedBlogPosts: 'throw',
    onInlineAuthors: 'ignore',
    editUrl: EDIT_URL_BASE,
    feedOptions: feed('conda-forge news', NEWS_DESCRIPTION),
  } satisfies BlogOptions,
];

const clientRedirects: PluginConfig = [
  'client-redirects',
  {
    fromExtensions: [...REDIRECT_EXTENSIONS],
    redirects: explicitRedirects,
    createRedirects: (existingPath: string) => {
      const from = derivedRedirects(existingPath);
      return from.length > 0 ? from : undefined;
    },
  } satisfies RedirectOptions,
];

export const plugins: PluginConfig[] = [
  communityDocs,
  news,
  clientRedirects,
  [hostRedirects, {redirects: allRedirectPairs} satisfies HostRedirectOptions],
  leanPrism,
  mermaidDiagrams,
  pageChunks,
  minutesIndex,
  homeData,
  [
    leanRuntime,
    {
      omitDocPathPrefixes: ['/community/minutes/'],
      deferRoutes: String.raw`^/community/minutes/\d{4}-\d{2}-\d{2}/$`,
    } satisfies LeanRuntimeOptions,
  ],
  [
    deferredMdx,
    {
      contentDirs: ['docs', 'community', 'blog', 'news', 'src/pages'],
      minSourceBytes: 6000,
    } satisfies DeferredMdxOptions,
  ],
  leanBuild,
  compileHints,
  searchPrepaint,
  socialCards,
  llmsTxt,
  meetingCalendar,
  notFoundRoutes,
  svgSprite,
  // Last: checks the built output for every patch above (and config/ssrTemplate.ts).
  patchGuard,
];
