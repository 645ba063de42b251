import {cpSync, existsSync, mkdirSync, readdirSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {patchOn} from '../patch-guard/switches';
import {PatchError} from '../patch-guard/index.cjs';
import {replacement} from '../patch-guard/patches';

const require = createRequire(__filename);

/** Where the theme's loader lives; the production bundles get ./loadMermaid.ts instead. */
export const THEME_LOADER = replacement('mermaid-prebuilt', 'lib/client/loadMermaid.js');

/** Mermaid's own browser build: an ES module and the chunks it imports by relative path. */
export interface MermaidDist {
  version: string;
  /** node_modules/mermaid/dist */
  dir: string;
  /** Files to publish, relative to `dir`. */
  files: string[];
}

export function mermaidDist(): MermaidDist {
  const packageJson = require.resolve('mermaid/package.json');
  const {version} = JSON.parse(readFileSync(packageJson, 'utf8')) as {version: string};
  const dir = path.join(path.dirname(packageJson), 'dist');
  const entry = 'mermaid.esm.min.mjs';
  const chunks = 'chunks/mermaid.esm.min';
  if (!existsSync(path.join(dir, entry)) || !existsSync(path.join(dir, chunks))) {
    throw new PatchError('mermaid-prebuilt', dir, `mermaid ${version} no longer ships ${entry} and ${chunks}/`);
  }
  const files = [
    entry,
    ...readdirSync(path.join(dir, chunks))
      .filter((name) => name.endsWith('.mjs'))
      .map((name) => `${chunks}/${name}`),
  ];
  return {version, dir, files};
}

/** The site path the browser imports Mermaid from (versioned, so it can be cached for good). */
export function mermaidEntryPath(baseUrl: string, version: string): string {
  return `${baseUrl}vendor/mermaid/${version}/mermaid.esm.min.mjs`;
}

/**
 * Diagrams from Mermaid's prebuilt browser build instead of a bundled copy.
 *
 * @docusaurus/theme-mermaid renders diagrams in the browser with `import('mermaid')`, so the
 * bundler parses, transforms and minifies Mermaid and everything it depends on (d3, cytoscape,
 * KaTeX, its Langium parsers…: about 5.5 MB of source) in both the browser and the server build,
 * on every build, for the three pages that have a diagram. Mermaid already ships that code
 * minified as ES modules (`dist/mermaid.esm.min.mjs` and its chunks). In production builds this
 * plugin
 * 1. replaces the theme's `loadMermaid` module with ./loadMermaid.ts, which imports that entry
 *    from the site at run time (the bundler leaves the import alone);
 * 2. copies the entry and its chunks to `vendor/mermaid/<version>/` of the build after it.
 * The theme's Mermaid component, its config (`themeConfig.mermaid`) and its colour-mode handling
 * are unchanged; the development server keeps the bundled copy. plugins/patch-guard checks the
 * real output: no Mermaid code in the bundles, and the entry the browser imports is published.
 */
export default function mermaidPrebuilt(context: LoadContext): Plugin {
  // Off in development, and when switched off to measure it (../patch-guard/switches.ts).
  const production = process.env.NODE_ENV === 'production' && patchOn('mermaid-prebuilt');
  const dist = mermaidDist();
  const entryPath = mermaidEntryPath(context.baseUrl, dist.version);
  return {
    name: 'mermaid-prebuilt',
    configureWebpack(_config, _isServer, {currentBundler}) {
      if (!production) return {};
      const {DefinePlugin, NormalModuleReplacementPlugin} = currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(THEME_LOADER, path.join(__dirname, 'loadMermaid.ts')),
          new DefinePlugin({__CF_MERMAID_ENTRY__: JSON.stringify(entryPath)}),
        ],
      };
    },
    // Synchronous on purpose: plugins' postBuild hooks start in order, so the files are in place
    // before plugins/patch-guard (listed last) checks them.
    async postBuild({outDir}) {
      if (!production) return;
      const target = path.join(outDir, path.dirname(entryPath.slice(context.baseUrl.length)));
      for (const file of dist.files) {
        mkdirSync(path.dirname(path.join(target, file)), {recursive: true});
        cpSync(path.join(dist.dir, file), path.join(target, file));
      }
    },
  };
}
