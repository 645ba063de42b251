import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);

/** The version of a package as installed in the project, which the twin builds with too. */
function installed(name: string): string {
  return (require(`${name}/package.json`) as {version: string}).version;
}

/** What the stock twin (scripts/bench/stockTwin.config.ts) leaves out or stubs, printed by the benchmark. */
export const STUBS: readonly string[] = [
  'local plugins left out: lean-runtime, lean-prism, lean-build, compile-hints, code-blocks, deferred-mdx, page-chunks, mermaid-diagrams, host-redirects, search-prepaint, social-cards, llms-txt, meeting-calendar, not-found-routes, patch-guard (stock highlights every code block with prism-react-renderer, draws diagrams with @docusaurus/theme-mermaid, which bundles Mermaid, and runs PostCSS with postcss-preset-env)',
  "svg-sprite plugin kept without its chevron: the navbar's icon links name its symbols (the twin's logo stays the theme's two images, its chevron Infima's SVG)",
  'minutes-index plugin stubbed with an empty map: the minutes archive lists dates without topics',
  'home-data plugin stubbed with the install command and no news: the home page shows no latest news',
  'src/theme left out: stock theme components (headings, blog lists, search bar, 404)',
  "code blocks: the classic theme's (Markdown fences without the project's remark plugin; src/components/CodeBlock replaced by the theme's CodeBlock in the React pages)",
  'navbar search item removed: stock has no Pagefind search bar; /search/ is built but finds nothing',
  'HTML template (config/ssrTemplate.ts), the first paint’s wait for the navbar (config/renderBlocking.ts) and client modules (path normaliser, page counter, idle prefetch) left out; the page counter (/js/count.js) is a deferred script tag, as a stock site adds one',
  `packages: this project’s installed versions, the same for both sites (React ${installed('react')}, Docusaurus ${installed('@docusaurus/core')})`,
  'no search index: the project’s Pagefind index time is reported apart from the build time',
];
