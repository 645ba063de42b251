/**
 * The registry of patch points: every place where the site reaches into what Docusaurus, React
 * or the bundler generate or ship, instead of using their public APIs. One entry per point, with
 * what it replaces, what upstream code it depends on (package, version it was checked against,
 * source path), what it buys on this site, and when to delete it.
 *
 * Who reads it:
 * - the patch guard (./plugin.ts), at build start: every replaced module and alias below must
 *   still exist upstream, still be matched by its pattern and still export what the site's module
 *   replaces (./upstream.ts); and after the build, for its messages;
 * - the plugins, which take their module replacements' patterns from here (`replacement`);
 * - tests/unit/patchRegistry.test.ts, which fails when code raises a PatchError, runs an output
 *   check, replaces a module or aliases a path under an id this registry does not list, or when a
 *   listed point is no longer used;
 * - `npm run rehearse`, which reports the entries whose guards fired in a trial upgrade.
 *
 * Every guard message starts with `[id]`, the entry's id. docs-dev/performance.md explains the
 * registry; docs-dev/debugging.md lists the messages.
 *
 * "Buys" gives the figures measured when the point landed (reports/2026-11-start-up-figures.md,
 * reports/2026-11-26-build-time.md); "not measured" where no figure exists.
 */

/** Versions the entries were checked against; the registry test compares them with node_modules. */
export const CHECKED_AGAINST = {
  docusaurus: '3.10.2',
  react: '19.3.1',
  rspack: '1.7.12',
  tslib: '2.9.1',
  loadableSsrAddon: '1.0.3',
  pagefind: '1.6.0',
} as const;

/**
 * The common part of every deletion condition: issue #34's rule, with the gain measured by
 * `npm run bench` with the point switched off alone.
 */
export const GAIN_TOO_SMALL =
  'its measured gain is below all of 2 KB of first-load JavaScript, 20 ms of TBT on the longest docs page and 0.5 s of build';

export type PatchKind =
  /** a loader that rewrites a file Docusaurus generates (`.docusaurus/…`) or compiles */
  | 'generated-code'
  /** a module of an upstream package swapped for the site's own (NormalModuleReplacementPlugin) */
  | 'module-replacement'
  /** a bundler alias that points an upstream import at the site's own module */
  | 'alias'
  /** code that relies on an internal of React or Docusaurus at run time */
  | 'internal-api'
  /** a change to the bundler configuration or a build switch that Docusaurus does not document */
  | 'build-config'
  /** the HTML template derived from Docusaurus's own */
  | 'template';

/** One upstream file or API a patch point depends on. */
export interface Upstream {
  /** npm package, e.g. `@docusaurus/core`. */
  package: string;
  /** The version the entry was checked against (one of CHECKED_AGAINST). */
  version: string;
  /** Source path inside the package, or the API's name. */
  path: string;
  /** What the patch assumes about it. */
  assumes: string;
}

/**
 * A module the bundler gives the site's file in place of another (a NormalModuleReplacementPlugin
 * or a `resolve.alias`). The guard checks, at build start, that the replaced file still exists,
 * that the pattern still matches it (or the importer still imports the request), and that it still
 * exports the names below.
 */
export interface ReplacedModule {
  how: 'replacement' | 'alias';
  /** The replacement's pattern, or the alias's key. */
  match: RegExp | string;
  /**
   * What the pattern is tested against: the replaced file's resolved path (`resource`), or the
   * import request (`request`, e.g. `tslib`), which `importedBy` must still contain.
   */
  on: 'resource' | 'request';
  /** The replaced file: a package and a path inside it, or (package `.`) a file of this project. */
  replaces: {package: string; file: string};
  /** For `on: 'request'`: files that import it under that request (same shape as `replaces`). */
  importedBy?: {package: string; file: string; request: string}[];
  /** Names the replaced file exports and the site's module provides (`default` for a default export). */
  exports: string[];
  /** Whether the replaced file must export exactly these names (a new export would be missing). */
  exact: boolean;
  /** The site's module (repository-relative). */
  by: string;
  /** The bundles it applies to. */
  bundles: ('browser' | 'server')[];
}

/** The outcome of one `npm run rehearse` for an entry. */
export interface Rehearsal {
  date: string;
  /** The versions installed for it. */
  against: string;
  result: string;
}

/**
 * What `npm run bench -- --ablate` measured with the point switched off alone (issue #34's rule):
 * each gain is "without it" minus "with it", so positive means the point saves that much.
 */
export interface Measured {
  date: string;
  /** The dated report with the whole table and the method. */
  report: string;
  /** The largest first-load JavaScript gain over the page types but the 404 page (KB gzip). */
  firstLoadKb: number;
  /** Main-thread CPU time saved on the longest docs page (ms, median of paired loads), when measured. */
  cpuMs?: number;
  /** Cold build seconds saved (median of paired builds), when measured in pairs. */
  buildSeconds?: number;
  /** The threshold it clears, in the ablation's words; empty when it clears none. */
  clears: string;
}

export interface PatchPoint {
  /** The name every guard message of this point starts with, in brackets. */
  id: string;
  kind: PatchKind;
  /** The site's files that make the patch (repository-relative; must exist). */
  files: string[];
  /** What upstream behaviour or code it replaces. */
  replaces: string;
  dependsOn: Upstream[];
  /** How a break shows: the guards and tests that catch it. */
  checkedBy: string;
  /** What it buys on this site, measured; "not measured" when no figure exists. */
  buys: string;
  /** The latest ablation's figures (every point the rule applies to has them). */
  measured?: Measured;
  /** The condition under which to delete it. */
  deleteWhen: string;
  /** Module replacements and aliases (kinds `module-replacement` and `alias`). */
  modules?: ReplacedModule[];
  /**
   * Points this one cannot go without: switching one of them off (CF_PATCHES_OFF, ./switches.ts)
   * switches this one off too (it works through them, or the site breaks with it alone).
   */
  requires?: string[];
  /**
   * Set for a point kept for a reason outside issue #34's rule on measured gains (what it makes
   * correct, or a target the rule's three measures do not see); the rule does not apply to it.
   */
  keptFor?: string;
  /**
   * For a point that relies on a behaviour at run time, which no guard can name by id: the pattern
   * by which code relies on it. Every listed file must match it, and no unlisted file may
   * (tests/unit/patchRegistry.test.ts).
   */
  usedBy?: RegExp;
  /** Set, with the reason, for a point that CF_PATCHES_OFF cannot leave out (it refuses it). */
  noSwitch?: string;
  rehearsals?: Rehearsal[];
}

const docusaurus = (pkg: string, path: string, assumes: string): Upstream => ({
  package: `@docusaurus/${pkg}`,
  version: CHECKED_AGAINST.docusaurus,
  path,
  assumes,
});
const react = (path: string, assumes: string): Upstream => ({
  package: 'react-dom',
  version: CHECKED_AGAINST.react,
  path,
  assumes,
});
const rspack = (path: string, assumes: string): Upstream => ({
  package: '@rspack/core',
  version: CHECKED_AGAINST.rspack,
  path,
  assumes,
});

const CODEGEN_ROUTES = 'lib/server/codegen/codegenRoutes.js';

/**
 * `npm run rehearse` against the newest Docusaurus canary this project's registry has for every
 * `@docusaurus/*` package it uses (4.0.0-canary-6822 exists for core alone), with the two fixes
 * the build needed before any patch point was reached: the `future.v4` flag
 * `removeLegacyPostBuildHeadAttribute` removed from the config (unknown to v4), and the search
 * hooks reading `useDocsContextualSearchTags` (v4's theme-common no longer exports
 * `useContextualSearchFilters`). The build then stopped at the patch guard's output checks, so the
 * e2e suite did not run. reports/2026-11-27-rehearsal-docusaurus-4-canary.md has the details.
 */
const canary = (result: string): Rehearsal[] => [
  {
    date: '2026-11-27',
    against:
      '@docusaurus/* 4.0.0-canary-6808, react and react-dom 19.3.1, @types/react 19.3.0, Node 24.21.0 (the canary requires Node 24)',
    result,
  },
];

export const PATCH_POINTS: PatchPoint[] = [
  {
    id: 'lean-runtime/route-table',
    kind: 'generated-code',
    files: [
      'plugins/lean-runtime/compact-registry.cjs',
      'plugins/lean-runtime/compact-registry-loader.cjs',
      'plugins/lean-runtime/compact-chunk-names-loader.cjs',
      'plugins/lean-runtime/lazy-route-components.cjs',
      'plugins/lean-runtime/lazy-route-component.js',
      'plugins/lean-runtime/deferred-routes.cjs',
      'plugins/lean-runtime/deferred-routes-loader.cjs',
      'plugins/lean-runtime/deferred-routes.js',
      'plugins/lean-runtime/deferred-route-component.js',
    ],
    replaces:
      "The route table Docusaurus writes for the browser (codegenRoutes.js: `.docusaurus/registry.js`, `routes.js`, `routesChunkNames.json`), in three parts that rewrite the same generated files and cannot work apart. (1) The registry (an 8-hex key, a loader, the module path and its id per module) becomes an array of chunk loaders named by index, and the routes name chunks by those indices (compact-registry.cjs). (2) Each route's `component: ComponentCreator('/path/', 'hash')`, evaluated at start-up, becomes a getter that builds the component on first use (lazy-route-components.cjs). (3) The meeting minutes' entries (routes matching `deferRoutes`) leave the start-up registry and chunk names: an empty slot each, and one installer chunk, loaded when such a route is first preloaded, puts them back (deferred-routes.cjs). Until 29 November 2026 these were three entries of `lean-runtime/`: `compact-registry`, `lazy-route-components` and `deferred-routes`.",
    dependsOn: [
      docusaurus(
        'core',
        CODEGEN_ROUTES,
        'registry entries written as `"name": [() => import(/* webpackChunkName: "name" */ "path"), "path", require.resolveWeak("path")]`; `routesChunkNames.json` naming them; `.docusaurus/routes.js` writing `path: \'…\',` then `component: ComponentCreator(\'…\', \'hash\')` for the same path',
      ),
      docusaurus(
        'core',
        'lib/client/exports/ComponentCreator.js, lib/client/prefetch.js',
        'read the registry and chunk names by key at call time, so entries added later are found',
      ),
    ],
    checkedBy:
      'PatchError when a registry entry, a chunk name or a ComponentCreator call does not match, when no route matches the deferred pattern or the deferred routes have no module of their own; output checks: the entry chunks hold the compact registry and no hash-keyed entry, build no route component at start-up, and name no meeting route, with one installer chunk; tests/e2e/buildOutput.test.ts on the real generated files; e2e opens meetings from the list and from each other.',
    buys: "Registry: −10.5 KB gzip first-load JavaScript on every page (home 131 → 120.5 KB, 25 November 2026). Deferred minutes: −3.7 KB on every page but the minutes, which pay +0.8 KB for the installer (25 November 2026). Lazy components: about 70 ms of the main bundle's start-up on every page, unthrottled (source comment, not measured since).",
    measured: {
      date: '2026-11-27',
      report: 'reports/2026-11-27-patch-ablation.md',
      firstLoadKb: 21.1,
      clears:
        'first-load JS +21.1 KB without the registry part (with page-chunks/manifest, which goes off with it); the lazy components and deferred minutes +4.6 KB together, 3.8 KB of it the deferred minutes',
    },
    deleteWhen: `Docusaurus stops shipping module paths and hash keys in the browser's registry, builds route components on first use and splits its route registry by route itself, or ${GAIN_TOO_SMALL}.`,
    rehearsals: canary(
      "FIRED (registry part): the output check found 65 compact registry entries in the entry chunks (it expects over 200); the loaders ran without a PatchError, so the bundled registry's shape is what changed (the issue reports numeric chunk ids). The lazy components' and deferred minutes' loaders ran without a PatchError and their output checks passed.",
    ),
  },
  {
    id: 'lean-runtime/trim-version-props',
    kind: 'generated-code',
    files: ['plugins/lean-runtime/trim-version-props.cjs', 'src/theme/DocCardList/index.tsx', 'src/lib/docs/cards.ts'],
    replaces:
      "Each docs version's props (`…/p/*.json`): `version.docs` (every doc's id, title and description) is emptied; doc cards take their descriptions from `doc-descriptions.json`, in a chunk of their own (`DOC_CARDS_CHUNK`).",
    dependsOn: [
      docusaurus(
        'plugin-content-docs',
        'lib/props.js (toVersionMetadataProp)',
        'the props carry `docs` and `docsSidebars`',
      ),
      docusaurus(
        'theme-classic',
        'lib/theme/DocCard/, lib/theme/DocCardList/',
        "the only readers of a doc's description",
      ),
    ],
    checkedBy:
      "PatchError on a version without docs or sidebars; output check: the sidebars are kept, no version lists docs, one chunk holds the cards' descriptions; e2e: card descriptions on first load and after navigation.",
    buys: "−2.8 KB gzip on docs pages and −3.3 KB on community pages (two steps, 25 November 2026); with the minutes' descriptions gone, community pages had lost 12 KB earlier.",
    measured: {
      date: '2026-11-27',
      report: 'reports/2026-11-27-patch-ablation.md',
      firstLoadKb: 15.5,
      clears: 'first-load JS +15.5 KB without it on community pages, +2.8 KB on docs pages',
    },
    deleteWhen: `Docusaurus stops putting every doc's metadata in a version's props, or ${GAIN_TOO_SMALL}.`,
    rehearsals: canary(
      "held: its loader ran on the canary's generated files without a PatchError, and its output check passed.",
    ),
  },
  {
    id: 'lean-runtime/trim-site-config',
    kind: 'generated-code',
    // It leaves out `prism.additionalLanguages`, which only the theme's start-up module reads.
    requires: ['lean-prism/highlighter'],
    // With the theme's start-up module back and `additionalLanguages` gone, no page hydrated
    // (reports/2026-11-28-ablation-highlighter.md, first run); with both off, they do.
    files: ['plugins/lean-runtime/trim-site-config.cjs'],
    replaces:
      "The browser's copy of the site config (`.docusaurus/docusaurus.config.mjs`): build-only keys (plugin options, the HTML template, head tags…) and the code themes' token styles are left out.",
    dependsOn: [docusaurus('core', 'lib/server/codegen/codegen.js', 'the file is `export default {JSON};`')],
    checkedBy:
      'PatchError when the object does not parse or lacks the client keys; output check: no build-only key and no token styles in the entry chunks.',
    buys: 'Not measured on its own (it landed with the first start-up cuts, 21 November 2026).',
    measured: {
      date: '2026-11-27',
      report: 'reports/2026-11-27-patch-ablation.md',
      firstLoadKb: 2.6,
      clears: 'first-load JS +2.5 to 2.6 KB without it on every page',
    },
    deleteWhen: `Docusaurus ships a client-only site config, or ${GAIN_TOO_SMALL}.`,
    rehearsals: canary(
      "held: its loader ran on the canary's generated files without a PatchError, and its output check passed.",
    ),
  },
  {
    id: 'lean-runtime/trim-global-data',
    kind: 'generated-code',
    files: ['plugins/lean-runtime/trim-global-data.cjs'],
    replaces:
      "The docs plugins' global data (`globalData.json`): docs under `omitDocPathPrefixes` (the meeting minutes) are left out; no navbar item looks them up.",
    dependsOn: [docusaurus('plugin-content-docs', 'lib/globalData.js', 'each version lists its `docs` with `path`')],
    checkedBy:
      'PatchError when an instance, version or prefix is not found; output check: the entry chunks list no minutes.',
    buys: 'About 1.5 KB gzip on every page (source comment).',
    measured: {
      date: '2026-11-27',
      report: 'reports/2026-11-27-patch-ablation.md',
      firstLoadKb: 2.1,
      clears: 'first-load JS +2.1 KB without it on every page',
    },
    deleteWhen: `the site gets navbar items of type \`doc\` or \`docSidebar\`, or a version dropdown, which read the full list, or ${GAIN_TOO_SMALL}.`,
    rehearsals: canary(
      "held: its loader ran on the canary's generated files without a PatchError, and its output check passed.",
    ),
  },
  {
    id: 'lean-runtime/tslib-import-default',
    kind: 'module-replacement',
    files: ['plugins/lean-runtime/tslib-import-default.cjs'],
    replaces: 'All of tslib, required by `@docusaurus/utils-common`: the one helper it calls.',
    dependsOn: [
      docusaurus('utils-common', 'lib/index.js', 'requires `tslib` and calls only `__importDefault`'),
      {package: 'tslib', version: CHECKED_AGAINST.tslib, path: 'tslib.js', assumes: 'exports `__importDefault`'},
    ],
    checkedBy:
      'Build start: the importer still requires `tslib`; output check: no full tslib in any chunk, the shim in the main bundle.',
    buys: 'About 4 KB gzip on every page (source comment).',
    measured: {
      date: '2026-11-27',
      report: 'reports/2026-11-27-patch-ablation.md',
      firstLoadKb: 3.7,
      clears: 'first-load JS +3.6 to 3.7 KB without it on every page',
    },
    deleteWhen: `\`@docusaurus/utils-common\` is published as ES modules or without tslib, or ${GAIN_TOO_SMALL}.`,
    modules: [
      {
        how: 'replacement',
        match: /^tslib$/,
        on: 'request',
        replaces: {package: 'tslib', file: 'tslib.js'},
        importedBy: [{package: '@docusaurus/utils-common', file: 'lib/index.js', request: 'tslib'}],
        exports: ['__importDefault'],
        exact: false,
        by: 'plugins/lean-runtime/tslib-import-default.cjs',
        bundles: ['browser'],
      },
    ],
    rehearsals: canary(
      'held: the build-start check passed (the replaced file is where it was, matched, with the same exports), and its output check passed.',
    ),
  },
  {
    id: 'lean-prism/highlighter',
    kind: 'module-replacement',
    files: ['plugins/lean-prism/index.ts', 'plugins/lean-prism/client/noop.js'],
    replaces:
      "The classic theme's start-up client module that registers `additionalLanguages` with prism-react-renderer's Prism, which brings prism-react-renderer (Prism and about fifteen grammars) into the main bundle of every page: an empty module. The site's code block (src/components/CodeBlock) highlights with Prism's core and the site's grammars itself.",
    dependsOn: [
      docusaurus(
        'theme-classic',
        'lib/prism-include-languages.js',
        'a client module of every page that imports prism-react-renderer to register `additionalLanguages`; nothing else in the bundles imports prism-react-renderer',
      ),
    ],
    checkedBy:
      'Build start: the module exists, is matched and exports nothing; output check: no unused grammar anywhere, no grammar in the entry chunks.',
    buys: "prism-react-renderer's grammars out of every page's main bundle (with the theme's code block no longer used, this module is the only importer left).",
    measured: {
      date: '2026-11-28',
      report: 'reports/2026-11-28-ablation-highlighter.md',
      firstLoadKb: 35.6,
      clears:
        'first-load JS +35.6 KB without it on every page (with lean-runtime/trim-site-config, which goes off with it; about 2.6 KB of that is its own): the theme’s start-up module brings all of prism-react-renderer’s grammars into main.js',
    },
    deleteWhen: `the theme stops importing prism-react-renderer from a start-up module, or ${GAIN_TOO_SMALL}.`,
    modules: [
      {
        how: 'replacement',
        match: /theme-classic[\\/]lib[\\/]prism-include-languages\.js$/,
        on: 'resource',
        replaces: {package: '@docusaurus/theme-classic', file: 'lib/prism-include-languages.js'},
        exports: [],
        exact: true,
        by: 'plugins/lean-prism/client/noop.js',
        bundles: ['browser', 'server'],
      },
    ],
    rehearsals: canary(
      'held: the build-start check passed (the replaced file is where it was, matched, with the same exports), and its output check passed.',
    ),
  },
  {
    id: 'page-chunks/manifest',
    kind: 'generated-code',
    requires: ['lean-runtime/route-table'],
    files: ['plugins/page-chunks/index.ts', 'plugins/page-chunks/manifest.cjs'],
    replaces:
      "The SSR client manifest's keys: each registry module path is added as a key of its chunks, so a page's start script lists the page's own chunks.",
    dependsOn: [
      {
        package: 'react-loadable-ssr-addon-v5-slorber',
        version: CHECKED_AGAINST.loadableSsrAddon,
        path: 'lib/index.js',
        assumes: 'the client manifest is keyed by chunk name',
      },
      docusaurus(
        'core',
        'lib/ssg/ssgTemplate.js (getScriptsAndStylesheets)',
        'server rendering asks the manifest by module path',
      ),
    ],
    checkedBy:
      'PatchError when the manifest lacks origins or registry chunks; output check: pages list their own chunks, all present in the build.',
    buys: 'main.js no longer inserts a dozen `<script>` elements in its start-up task (about a third of that task on a docs page) and the chunks load a round trip earlier (25 November 2026); on the longest docs page, 87 ms of blocking time at 4× (40 paired loads, 27 November 2026).',
    measured: {
      date: '2026-11-27',
      report: 'reports/2026-11-27-ablation-unresolved.md',
      firstLoadKb: 0,
      cpuMs: 60,
      clears:
        "main-thread CPU +60 ms without it on the longest docs page (28 of 40 pairs), +30 ms up to hydration (29 of 40); blocking +87 ms at 4x (29 of 40), +280 ms at 10x (27 of 40); its other gain, the page's chunks requested with the entry scripts, is load time, which the rule does not measure",
    },
    deleteWhen: `Docusaurus's page template lists a page's own chunks (its manifest lookup works again), or ${GAIN_TOO_SMALL}.`,
    rehearsals: canary('held: the manifest step ran without a PatchError, and its output check passed.'),
  },
  {
    id: 'deferred-mdx/split',
    kind: 'generated-code',
    files: [
      'plugins/deferred-mdx/index.ts',
      'plugins/deferred-mdx/loader.cjs',
      'plugins/deferred-mdx/split.cjs',
      'plugins/deferred-mdx/pages.ts',
      'plugins/deferred-mdx/renderToHtml.ts',
      'plugins/deferred-mdx/bodies.cjs',
      'src/lib/render/deferredBody.ts',
    ],
    replaces:
      "A long Markdown page's compiled module, in the browser build: the page's facts stay in the route's module, its body becomes a chunk loaded after hydration; the server renders it whole inside a Suspense boundary. In the server build, Docusaurus's `renderToHtml` is replaced by the same render with `progressiveChunkSize: Infinity`, so React 19 writes that boundary in place instead of after `</main>`. A production build compiles each split page once: the body's request (`?cf-body`) is answered, in the loader's pitching phase, with the module the page was split from (plugins/deferred-mdx/bodies.cjs); that part uses only the bundler's documented loader API (it was the separate point `deferred-mdx/reuse` until 29 November 2026).",
    dependsOn: [
      docusaurus(
        'mdx-loader',
        'lib/loader.js',
        'one `export default function MDXContent`, and `frontMatter`, `contentTitle`, `toc` exported without reading the body',
      ),
      docusaurus(
        'core',
        'lib/client/renderToHtml.js',
        'exports `renderToHtml(app)`, which renders with `renderToPipeableStream` and resolves with the HTML once all is ready',
      ),
      rspack('top-level await', 'a module may await its body before it resolves'),
      react(
        'react-dom/server (renderToPipeableStream, option progressiveChunkSize)',
        "a completed Suspense boundary is written in place while the bytes flushed so far stay under `progressiveChunkSize`; above it React 19 outlines the boundary's content into a hidden element after `</main>` (12,800 bytes by default)",
      ),
    ],
    checkedBy:
      "Build start: renderToHtml.js exists and exports exactly `renderToHtml`; PatchError on any other compiled shape (tests/unit/deferredBody.test.ts); output check: every split page's body, to its last words, is inside `<main>` in the server HTML (\"the body was outlined by the server renderer\" otherwise), and in a chunk its start script does not load; after the build, each split page's body must have been answered from the split, or the build stops; tests/e2e/buildOutput.test.ts: the search index holds every split page's last words, and tests/e2e/search.test.ts finds the longest page by them; e2e: the body chunk loads after hydration, no body element is re-created.",
    buys: 'On React 19.3.1, against the split dropped (27 November 2026): first-load JavaScript of the longest docs page 180.7 → 159.4 KB, tips and tricks (docs) 167.1 → 158.9, rerender how-to 165.4 → 159.0, style guide 155.9 → 147.1; every other page +0.8 KB; cold build about 64 s against 58.6 s (one run each, shared machine). Compiling each split page once instead of twice: a cold build 3.1 s of CPU and 2.3 s of wall time shorter on an idle machine (medians of 5 pairs, reports/2026-11-27-ablation-build-pairs.md). On React 18 (26 November 2026): longest docs page 154.9 → 132.8 KB, tips and tricks 140.6 → 132.3, rerender how-to 139.6 → 132.3.',
    measured: {
      date: '2026-11-27',
      report: 'reports/2026-11-27-patch-ablation.md',
      firstLoadKb: 21.2,
      clears: 'first-load JS +21.2 KB without it on the longest docs page',
    },
    deleteWhen: `React or Docusaurus hydrate a page's body after the page by themselves, or ${GAIN_TOO_SMALL}.`,
    modules: [
      {
        how: 'replacement',
        match: /core[\\/]lib[\\/]client[\\/]renderToHtml\.js$/,
        on: 'resource',
        replaces: {package: '@docusaurus/core', file: 'lib/client/renderToHtml.js'},
        exports: ['renderToHtml'],
        exact: true,
        by: 'plugins/deferred-mdx/renderToHtml.ts',
        bundles: ['server'],
      },
    ],
    rehearsals: canary(
      "FIRED: /docs/user/tipsandtricks/ and /docs/maintainer/adding_pkgs/ render their body outside a Suspense boundary (React 19 moves a large boundary's content after `</main>`); the split itself ran without a PatchError. The replacement of `renderToHtml` came after this rehearsal.",
    ),
  },
  {
    id: 'deferred-hydration',
    kind: 'internal-api',
    requires: ['deferred-mdx/split'],
    files: ['src/components/DeferredHydration/index.tsx', 'src/lib/render/ancestorContexts.ts'],
    replaces:
      "React's discarding of a dehydrated boundary's HTML when a context above it changes (React 18's error #421; React 19 discards it silently and renders the body again once its code has loaded): every context above the body is provided again with its value at hydration until the body has hydrated.",
    dependsOn: [
      react(
        'fiber internals',
        "a class instance's `_reactInternals`; provider fibers with tag 10 whose `type` is the context (React 19; `type._context` in React 18); a suspended boundary stays dehydrated while no context above it changes, and a context change stops at a nested provider",
      ),
    ],
    checkedBy:
      "Throws when no provider is found; tests/e2e/content.test.ts fails when any element of the longest page's body is rendered anew by the time the body is live (React 19 logs nothing when it discards the body); unit tests of the walk.",
    buys: "Without it, React 19.3.1 throws the longest docs page's server body away after hydration and renders it again when its code arrives: 2,890 of the article's 3,221 elements created anew (tips and tricks 322 of 457, rerender how-to 170 of 259); with it, none (27 November 2026). Needed by deferred-mdx/split.",
    measured: {
      date: '2026-11-27',
      report: 'reports/2026-11-27-patch-ablation.md',
      firstLoadKb: 0,
      cpuMs: 161,
      clears:
        'main-thread CPU +161 ms without it on the longest docs page (5 of 5 pairs); blocking +275 ms at 4x, +1,284 ms at 10x',
    },
    deleteWhen: `deferred-mdx/split is deleted, or redesigned without a Suspense boundary that must not see context changes, or React keeps a dehydrated boundary's HTML through a context change, or ${GAIN_TOO_SMALL}.`,
    rehearsals: canary(
      'not reached: it is checked by the e2e tests, which did not run (the build stopped); its code compiled.',
    ),
  },
  {
    id: 'lean-build/raw-html',
    kind: 'build-config',
    files: ['plugins/lean-build/index.ts'],
    replaces: "Docusaurus's HTML minifier on every page: `SKIP_HTML_MINIFICATION=true` unless set.",
    dependsOn: [
      docusaurus('bundler', 'lib/minifyHtml.js', 'reads `SKIP_HTML_MINIFICATION` when a rendering worker loads it'),
      docusaurus('core', 'lib/ssg/ssgExecutor.js', 'its rule for rendering in worker threads'),
    ],
    checkedBy:
      'After the build: a minified home page although the switch is on and the pages were rendered in workers stops it (tests/unit/leanBuild.test.ts).',
    buys: 'About 1 s of page rendering (two cold builds each way: 3.1–3.5 s against 4.5–4.6 s), for 3.7% more gzipped HTML, about 320 bytes a page (26 November 2026).',
    measured: {
      date: '2026-11-27',
      report: 'reports/2026-11-27-ablation-build-pairs.md',
      firstLoadKb: 0,
      clears:
        'not resolved: on an idle machine, build +2.7 s of CPU without it, the HTML minifier back on every page (median of 5 pairs, 4 gained; 9 of 10 that day)',
    },
    deleteWhen: `Docusaurus stops minifying HTML by default, or the switch is gone (the minifier then stays), or ${GAIN_TOO_SMALL}.`,
    rehearsals: canary(
      'no error reported: its after-build guard runs beside the patch guard, whose failure may have hidden one.',
    ),
  },
  {
    id: 'react/keep-server-html',
    kind: 'internal-api',
    keptFor:
      'what it makes possible is measured by the size budgets and Lighthouse (no highlighter in any first load; the search page’s largest paint), not by the rule’s three measures',
    noSwitch:
      'the two components have no other way to keep the HTML they were served: without it they would need their code (Prism, the search runtime) before hydrating',
    files: ['src/components/CodeBlock/index.tsx', 'src/pages/search/_components/SearchPageShell/index.tsx'],
    // Hydrated with markup that may differ from what it was served, without a warning.
    usedBy: /dangerouslySetInnerHTML=\{\w+\}\s*suppressHydrationWarning/,
    replaces:
      "React's rendering of two elements' content while hydrating: each is hydrated with an empty `dangerouslySetInnerHTML`, so it keeps the HTML it was served: a code block its highlighted lines (written by the server), the search page its results (painted by the prepaint script before the entry scripts run, plugins/search-prepaint).",
    dependsOn: [
      react(
        'hydration',
        'an element hydrated with `dangerouslySetInnerHTML` keeps the content it has; React neither compares nor replaces inner HTML while hydrating (React documents no guarantee either way)',
      ),
    ],
    checkedBy:
      "e2e: tests/e2e/content.test.ts (no code line of the longest docs page re-created, in both modes; a block React renders from scratch writes its own lines), tests/e2e/search.test.ts (the painted region equals the page's own, no layout shift, no hydration error).",
    buys: "Code blocks: no highlighter in any page's first load and about 1,400 token spans fewer to hydrate on the longest docs page (25 November 2026). Search: the page's LCP 2.3 → 1.2 s and performance 98 → 100 at the default throttling (26 November 2026).",
    deleteWhen:
      'React compares or replaces inner HTML while hydrating (the e2e tests above fail), or neither component needs to keep what it was served.',
  },
  {
    id: 'pagefind-runtime',
    kind: 'generated-code',
    keptFor: 'correctness (issue #37): a failed index chunk shows an error with Retry, not "No results"',
    noSwitch: 'it rewrites the search runtime after the build, in the index step, which the ablation does not run',
    files: ['scripts/pagefindRuntime.ts', 'scripts/search-index.mts'],
    replaces:
      "Pagefind's runtime (build/pagefind/pagefind.js and pagefind-worker.js) swallows a failed index or filter chunk load with `.catch(()=>{})`; the index step removes that catch so the query rejects.",
    dependsOn: [
      {
        package: 'pagefind',
        version: CHECKED_AGAINST.pagefind,
        path: 'the written runtime files pagefind.js and pagefind-worker.js',
        assumes:
          'each loads index and filter chunks once, through `"load_index_chunk")).catch(()=>{})` and its filter twin',
      },
    ],
    checkedBy:
      'The index step throws, naming this entry, unless each runtime file holds each pattern exactly once; tests/unit/hostileInputs.test.ts (the rewrite and its failure) and the e2e test of a failed chunk in tests/e2e/hostile.test.ts.',
    buys: 'Correctness, not speed: a chunk that fails to load shows "the search could not be completed" with Retry instead of "No results".',
    deleteWhen:
      'Pagefind reports failed chunk loads itself (its runtime rejects the search), or the site stops using Pagefind.',
  },
];

/** The entry of an id; throws for an unknown one (a guard naming an unlisted point). */
export function patchPoint(id: string): PatchPoint {
  const entry = PATCH_POINTS.find((point) => point.id === id);
  if (!entry) throw new Error(`patch-guard: "${id}" is not in plugins/patch-guard/patches.ts`);
  return entry;
}

/** The pattern of an entry's module replacement that replaces `file` (the plugins' one source for it). */
export function replacement(id: string, file: string): RegExp {
  const module = patchPoint(id).modules?.find(
    (candidate) => candidate.how === 'replacement' && candidate.replaces.file === file,
  );
  if (!module || !(module.match instanceof RegExp)) {
    throw new Error(`patch-guard: "${id}" lists no module replacement of ${file}`);
  }
  return module.match;
}
