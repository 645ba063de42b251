/**
 * Checks of the real production output, one per local patch of what Docusaurus generates. The
 * `patch-guard` plugin runs them after every production build (a failing check fails the build),
 * and tests/e2e/buildOutput.test.ts runs them on `build/` too. Each check reads the emitted files,
 * not a hand-written copy, so an upstream change that makes a patch miss is caught the day it
 * lands: the patched code would be back in the output, or the expected shape gone.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {SPLIT_PAGES_FILE, type SplitPage} from '../deferred-mdx/pages';

/** The emitted browser JavaScript and one page's HTML, read once for all checks. */
export interface BuildOutput {
  /** The build folder. */
  outDir: string;
  /** Entry chunks (main, runtime): what every page loads. */
  entry: Map<string, string>;
  /** Every browser chunk, entry chunks included. */
  chunks: Map<string, string>;
  /** The home page's HTML. */
  homeHtml: string;
  /** HTML of pages with a code block in their source, by route. */
  codePages: Map<string, string>;
  /** Every stylesheet, by file name. */
  stylesheets: Map<string, string>;
  /** The pages deferred-mdx split (plugins/deferred-mdx/pages.ts), with their built HTML. */
  splitPages: (SplitPage & {html: string})[];
}

export interface OutputCheck {
  /** The patch point's id in ./patches.ts. */
  patch: string;
  /** For a point with several parts (the route table's), the part this check proves. */
  part?: string;
  /** What the check proves. */
  proves: string;
  /** Problems found (empty when the patch applied). */
  run: (output: BuildOutput) => string[];
}

export function findIn(files: Map<string, string>, pattern: RegExp): string[] {
  return [...files].filter(([, text]) => pattern.test(text)).map(([name]) => name);
}

/** The scripts a page's inline start script loads (config/ssrTemplate.ts), entry scripts first. */
export function startScripts(html: string): string[] {
  const list = /\}\)\((\["[^\]]*\])\)<\/script>\s*<\/body>/.exec(html);
  return list ? (JSON.parse(list[1]) as string[]) : [];
}

/** The text of a piece of HTML: tags and scripts out, the entities Markdown text uses decoded, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style|template)\b[^]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:amp|#38);/g, '&')
    .replace(/&(?:nbsp|#160);/g, ' ')
    .replace(/\s+/g, ' ');
}

/**
 * Where a split page's body ends up in its server HTML, judged by the last words of its body:
 * `in main` when they are inside `<main>`, where the search indexer and the first paint read
 * them; otherwise what went wrong.
 */
export function bodyPlacement(html: string, endPhrase: string): string {
  const start = html.search(/<main[\s>]/);
  const end = html.indexOf('</main>', start);
  if (start < 0 || end < 0) return 'the page has no <main> element';
  if (textOf(html.slice(start, end)).includes(endPhrase)) return 'in main';
  const outlined = /<template id="?B:/.test(html.slice(start, end)) && /<div hidden id="?S:/.test(html.slice(end));
  if (outlined && textOf(html.slice(end)).includes(endPhrase)) {
    return `the body was outlined by the server renderer: React wrote its Suspense boundary as a placeholder and the body ("${endPhrase}") after </main>, in a hidden element a script moves in, where the search indexer does not read it (is progressiveChunkSize still passed? plugins/deferred-mdx/renderToHtml.ts)`;
  }
  if (textOf(html).includes(endPhrase)) return `the end of its body ("${endPhrase}") is outside <main>`;
  return `the end of its body ("${endPhrase}") is not in the page`;
}

/** A registry entry of the browser build: `[()=>…then(n.bind(n,123))]`, an array of loaders. */
const REGISTRY_ENTRY = /\[\(\)=>(?:\w+\.e\("\d+"\)|Promise\.all\(\[[^\]]*\]\))\.then\(\w+\.bind\(\w+,\d+\)\)\]/g;
/** An entry of Docusaurus's own registry shape: `"8-hex":[()=>…,"path",id]`. */
const HASH_KEYED_ENTRY = /"[0-9a-f]{8}":\[\(\)=>/g;

export const OUTPUT_CHECKS: OutputCheck[] = [
  {
    patch: 'lean-runtime/route-table',
    part: 'registry',
    proves: 'the browser route registry is an array of chunk loaders, and the routes name their chunks by index',
    run: ({entry}) => {
      const text = [...entry.values()].join('\n');
      const problems: string[] = [];
      const entries = text.match(REGISTRY_ENTRY)?.length ?? 0;
      if (entries < 200) problems.push(`found ${entries} compact registry entries in the entry chunks`);
      const keyed = text.match(HASH_KEYED_ENTRY)?.length ?? 0;
      if (keyed > 0) problems.push(`${keyed} registry entries are still keyed by chunk name`);
      if (!/"\/community\/-[0-9a-f]+":\{"__comp":\d+/.test(text)) {
        problems.push("the routes' chunk names are not registry indices");
      }
      return problems;
    },
  },
  {
    patch: 'lean-runtime/trim-site-config',
    proves: "the browser's site config keeps what clients read and drops the build-only keys",
    run: ({entry}) => {
      const problems: string[] = [];
      if (findIn(entry, /tagline:"",/).length === 0) problems.push('the site config was not found in the entry chunks');
      for (const key of [
        'ssrTemplate',
        'onBrokenLinks',
        'onBrokenAnchors',
        'onDuplicateRoutes',
        'clientModules',
        'headTags',
      ]) {
        const files = findIn(entry, new RegExp(`\\b${key}\\b`));
        if (files.length > 0) problems.push(`build-only key "${key}" is in ${files.join(', ')}`);
      }
      for (const [what, pattern] of [
        ['code theme token styles', /styles:\[\{types:\[/],
        ['extra Prism languages', /\badditionalLanguages\b/],
      ] as const) {
        const files = findIn(entry, pattern);
        if (files.length > 0) problems.push(`${what} are in ${files.join(', ')}`);
      }
      return problems;
    },
  },
  {
    patch: 'lean-runtime/trim-global-data',
    proves: 'the global data in the entry chunks lists the docs but not the meeting minutes',
    run: ({entry}) => {
      const problems: string[] = [];
      if (findIn(entry, /"id":"governance","path":"\/community\/governance"/).length === 0) {
        problems.push('the community docs were not found in the global data');
      }
      const minutes = findIn(entry, /"id":"minutes\/\d{4}-\d{2}-\d{2}"/);
      if (minutes.length > 0) problems.push(`meeting minutes are still listed in ${minutes.join(', ')}`);
      return problems;
    },
  },
  {
    patch: 'lean-runtime/route-table',
    part: 'lazy components',
    proves: "the route table builds each route's component on first use, not all of them at start-up",
    run: ({entry}) => {
      const text = [...entry.values()].join('\n');
      const lazy = text.match(/get component\(\)\{return \w+\(this(?:,"[0-9a-f]+")?\)\}/g)?.length ?? 0;
      const eager = text.match(/component:\w+\("[^"]*","[0-9a-f]+"\)/g)?.length ?? 0;
      const problems: string[] = [];
      if (lazy < 100) problems.push(`found ${lazy} lazy route components in the entry chunks`);
      if (eager > 0) problems.push(`${eager} routes still build their component at start-up`);
      return problems;
    },
  },
  {
    patch: 'lean-runtime/route-table',
    part: 'deferred minutes',
    proves: "the meeting minutes' routes name no chunk in the entry chunks, and one other chunk names all of them",
    run: ({entry, chunks}) => {
      const minutesKey = /"\/community\/minutes\/\d{4}-\d{2}-\d{2}\/-[0-9a-f]+":\{/g;
      const problems: string[] = [];
      const inEntry = findIn(entry, new RegExp(minutesKey.source));
      if (inEntry.length > 0) problems.push(`meeting routes still name their chunks in ${inEntry.join(', ')}`);
      const installers = [...chunks].filter(
        ([name, text]) => !entry.has(name) && (text.match(minutesKey)?.length ?? 0) >= 200,
      );
      if (installers.length !== 1) problems.push(`${installers.length} chunks install the meeting routes (expected 1)`);
      return problems;
    },
  },
  {
    patch: 'lean-runtime/trim-version-props',
    proves:
      "the docs versions' props keep their sidebars but list no docs, and one chunk has the doc cards' descriptions",
    run: ({chunks}) => {
      const problems: string[] = [];
      // The versions' props are the chunks with sidebars (each page's own metadata keeps its description).
      const props = new Map([...chunks].filter(([, text]) => text.includes('"docsSidebars"')));
      if (findIn(props, /"docId":"getting-in-touch"/).length === 0) problems.push('no chunk has the community sidebar');
      const listed = [...props].filter(([, text]) => !text.includes('"docs":{}')).map(([name]) => name);
      if (listed.length > 0) problems.push(`versions still list their docs in ${listed.join(', ')}`);
      const cards = findIn(chunks, /"user\/introduction":"[^"]+"/);
      if (cards.length !== 1) problems.push(`${cards.length} chunks have the doc cards' descriptions (expected 1)`);
      return problems;
    },
  },
  {
    patch: 'lean-runtime/tslib-import-default',
    proves: 'the only tslib code in the browser is the one-helper shim',
    run: ({chunks, entry}) => {
      const problems: string[] = [];
      const full = findIn(chunks, /\b__(?:addDisposableResource|classPrivateFieldIn|disposeResources)\b/);
      if (full.length > 0) problems.push(`tslib's helpers are bundled in ${full.join(', ')}`);
      if (findIn(entry, /\b__importDefault\b/).length === 0) problems.push('the tslib shim is not in the entry chunks');
      return problems;
    },
  },
  {
    patch: 'lean-prism/highlighter',
    proves: "prism-react-renderer's grammar bundle is replaced by Prism's core, and no grammar starts with every page",
    run: ({chunks, entry}) => {
      const problems: string[] = [];
      const bundled = findIn(chunks, /languages\.(?:swift|kotlin|objectivec|reason|graphql)\s*=/);
      if (bundled.length > 0) problems.push(`grammars the site does not use are bundled in ${bundled.join(', ')}`);
      const eager = findIn(entry, /languages\.(?:yaml|bash|python|json|diff|batch)\s*=/);
      if (eager.length > 0) problems.push(`grammars are in the entry chunks ${eager.join(', ')}`);
      return problems;
    },
  },
  {
    patch: 'page-chunks/manifest',
    proves: "a page's start script lists its own chunks with the entry scripts, and every listed file exists",
    run: ({codePages, outDir}) => {
      const problems: string[] = [];
      for (const [route, html] of codePages) {
        const scripts = startScripts(html);
        const pageChunks = scripts.filter((src) => !/\/(?:runtime~)?main\.[0-9a-f]+\.js$/.test(src));
        if (pageChunks.length === 0) problems.push(`${route} lists no chunk of its own next to the entry scripts`);
        const missing = scripts.filter((src) => !existsSync(path.join(outDir, src)));
        if (missing.length > 0) problems.push(`${route} lists files the build does not have: ${missing.join(', ')}`);
      }
      return problems;
    },
  },
  {
    patch: 'deferred-mdx/split',
    proves:
      "every split page's body is in its server HTML inside <main> (where the search indexer reads it), to its last words, and its code is in a chunk of its own that the page's start script does not load",
    run: ({splitPages, chunks}) => {
      const problems: string[] = [];
      if (splitPages.length === 0) problems.push('no split page is listed (.docusaurus/deferred-mdx/split-pages.json)');
      for (const {route, html, endPhrase} of splitPages) {
        const placement = bodyPlacement(html, endPhrase);
        if (placement !== 'in main') problems.push(`${route}: ${placement}`);
        const first = new Set(startScripts(html).map((src) => path.basename(src)));
        const holders = [...chunks].filter(([, text]) => text.includes(endPhrase)).map(([name]) => name);
        if (holders.length === 0) problems.push(`${route}: no chunk holds its body ("${endPhrase}")`);
        const early = holders.filter((name) => first.has(name));
        if (early.length > 0) problems.push(`${route} loads its body before hydrating, in ${early.join(', ')}`);
      }
      return problems;
    },
  },
];

/** Pages whose Markdown has fenced code: the checks look at their built HTML. */
const CODE_PAGES = ['/docs/user/tipsandtricks/', '/docs/maintainer/adding_pkgs/'];

/**
 * The build's output; `generatedFilesDir` is Docusaurus's `.docusaurus/` (by default next to
 * `outDir`), where deferred-mdx lists the split pages.
 */
export function readBuildOutput(
  outDir: string,
  generatedFilesDir = path.join(path.dirname(path.resolve(outDir)), '.docusaurus'),
): BuildOutput {
  const jsDir = path.join(outDir, 'assets/js');
  const chunks = new Map<string, string>();
  for (const name of readdirSync(jsDir)) {
    if (name.endsWith('.js')) chunks.set(name, readFileSync(path.join(jsDir, name), 'utf8'));
  }
  const entry = new Map([...chunks].filter(([name]) => /^(main|runtime~main)\./.test(name)));
  const html = (route: string) => readFileSync(path.join(outDir, route, 'index.html'), 'utf8');
  const cssDir = path.join(outDir, 'assets/css');
  const stylesheets = new Map(
    readdirSync(cssDir)
      .filter((name) => name.endsWith('.css'))
      .map((name) => [name, readFileSync(path.join(cssDir, name), 'utf8')]),
  );
  return {
    stylesheets,
    outDir,
    entry,
    chunks,
    homeHtml: html('/'),
    codePages: new Map(CODE_PAGES.map((route) => [route, html(route)])),
    splitPages: splitPagesOf(generatedFilesDir).map((page) => ({...page, html: html(page.route)})),
  };
}

/** The split pages the deferred-mdx plugin listed in this build (none when the list is missing). */
function splitPagesOf(generatedFilesDir: string): SplitPage[] {
  const file = path.join(generatedFilesDir, SPLIT_PAGES_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SplitPage[]) : [];
}

/** Every problem of every check but those of switched-off points, each prefixed by its patch. */
export function checkBuildOutput(output: BuildOutput, off: ReadonlySet<string> = new Set()): string[] {
  return OUTPUT_CHECKS.filter((check) => !off.has(check.patch)).flatMap((check) =>
    check.run(output).map((problem) => `[${check.patch}] ${check.part ? `${check.part}: ` : ''}${problem}`),
  );
}
