import path from 'node:path';
import {readFileSync} from 'node:fs';
import {availableParallelism} from 'node:os';
import type {Plugin} from '@docusaurus/types';
import {PatchError} from '../patch-guard/index.cjs';
import {patchOn} from '../patch-guard/switches';

/** The PostCSS plugin Docusaurus puts in every client CSS rule (bundler/lib/loaders/styleLoader.js). */
const DOCUSAURUS_POSTCSS_PLUGIN = /[\\/]postcss-preset-env[\\/]/;

interface PostCssOptions {
  [key: string]: unknown;
  plugins?: unknown[];
  config?: boolean;
}

/**
 * PostCSS options without postcss-preset-env (the Lightning CSS minimizer of Docusaurus Faster
 * lowers and prefixes for the browserslist targets already) and without the search for a PostCSS
 * config file, which postcss-loader repeats for every stylesheet. Plugins that other Docusaurus
 * plugins added through configurePostCss stay.
 */
export function leanPostCssOptions(options: PostCssOptions): PostCssOptions {
  const isPresetEnv = (plugin: unknown) => {
    const name = Array.isArray(plugin) ? plugin[0] : plugin;
    return typeof name === 'string' && DOCUSAURUS_POSTCSS_PLUGIN.test(name);
  };
  return {...options, config: false, plugins: (options.plugins ?? []).filter((plugin) => !isPresetEnv(plugin))};
}

/**
 * What is wrong with the JavaScript files of the server build, if anything: with its dynamic
 * imports eager, it is the one file Docusaurus loads to render the pages.
 */
export function serverFilesProblem(jsFiles: string[]): string | undefined {
  if (jsFiles.length === 1) return undefined;
  const listed = jsFiles.slice(0, 3).join(', ') + (jsFiles.length > 3 ? ', …' : '');
  return `lean-build: expected the server build to be one JavaScript file, found ${jsFiles.length} (${listed})`;
}

// The members the check uses, typed by shape: Docusaurus types a plugin's `apply` against webpack's
// Compiler, while the build runs Rspack's.
interface AssetsCompilation {
  errors: Error[];
  hooks: {
    processAssets: {
      tap: (options: {name: string; stage: number}, fn: (assets: Record<string, unknown>) => void) => void;
    };
  };
}
interface CheckedCompiler {
  webpack: {Compilation: {PROCESS_ASSETS_STAGE_REPORT: number}; WebpackError: new (message: string) => Error};
  hooks: {thisCompilation: {tap: (name: string, fn: (compilation: AssetsCompilation) => void) => void}};
}

/** Fails the server build unless it came out as one file (see leanBuild below). */
export class OneServerFile {
  apply(compiler: CheckedCompiler): void {
    const {Compilation, WebpackError} = compiler.webpack;
    compiler.hooks.thisCompilation.tap('lean-build', (compilation) => {
      compilation.hooks.processAssets.tap(
        {name: 'lean-build', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT},
        (assets) => {
          const problem = serverFilesProblem(Object.keys(assets).filter((name) => name.endsWith('.js')));
          if (problem) compilation.errors.push(new WebpackError(problem));
        },
      );
    });
  }
}

/** Docusaurus's switch that writes each page's HTML as rendered, without its HTML minifier. */
export const SKIP_MINIFIER_ENV = 'SKIP_HTML_MINIFICATION';
/** The patch name of the check that the switch still works. */
export const RAW_HTML_PATCH = 'lean-build/raw-html';

/**
 * Whether a page went through Docusaurus's HTML minifier, which drops the quotes around plain
 * attribute values, the `<html>` tag's `lang="en"` first of all. Throws when the page has no
 * `<html lang>` to tell by.
 */
export function isMinifiedHtml(html: string, file: string): boolean {
  const lang = /<html\b[^>]*?\slang=(["']?)/i.exec(html);
  if (!lang) throw new PatchError(RAW_HTML_PATCH, file, 'the page has no <html lang> to check');
  return lang[1] === '';
}

/**
 * Whether Docusaurus renders the pages in worker threads, the only place its switch is read (each
 * worker loads the minifier afresh; the main thread loaded it before any plugin ran). Docusaurus's
 * rule (core/lib/ssg/ssgExecutor.js): DOCUSAURUS_SSG_WORKER_THREAD_COUNT if set, else one thread
 * per 100 pages, at most one per CPU, and one thread renders in the main thread.
 */
export function rendersInWorkers(pageCount: number, cpuCount: number, env: NodeJS.ProcessEnv): boolean {
  const forced = env.DOCUSAURUS_SSG_WORKER_THREAD_COUNT;
  if (forced) return Number.parseInt(forced, 10) !== 1;
  return Math.min(Math.ceil(pageCount / 100), cpuCount) > 1;
}

/**
 * The check after a build: with the switch on and the pages rendered in workers, the home page
 * must have come out as rendered. Throws when it was minified all the same, the day Docusaurus
 * stops reading the switch.
 */
export function checkRawHtml(outDir: string, pageCount: number, cpuCount: number, env: NodeJS.ProcessEnv): void {
  if (env[SKIP_MINIFIER_ENV] !== 'true' || !rendersInWorkers(pageCount, cpuCount, env)) return;
  const file = path.join(outDir, 'index.html');
  if (isMinifiedHtml(readFileSync(file, 'utf8'), file)) {
    throw new PatchError(RAW_HTML_PATCH, file, `the page was minified although ${SKIP_MINIFIER_ENV}=true`);
  }
}

/**
 * Build-time work that stock Docusaurus repeats, through public plugin APIs.
 *
 * Stylesheets (`configurePostCss`): Docusaurus runs each stylesheet through postcss-loader with
 * postcss-preset-env (syntax lowering and vendor prefixes for the browserslist targets). In a cold
 * build's CPU profile that was ~1.7 s of the bundler's JavaScript thread: about half of it
 * postcss-loader looking for a PostCSS config file beside each stylesheet, the rest creating and
 * running preset-env. Here PostCSS runs without both; the Lightning CSS minimizer that Docusaurus
 * Faster runs on the production stylesheet (`lightningCssMinimizer`) lowers and prefixes for the
 * same targets. tests/e2e/buildOutput.test.ts checks the stylesheet that comes out.
 *
 * The server build (`configureWebpack`, Rspack's `dynamicImportMode`; the bundle is used only to
 * render the pages, then deleted) makes its dynamic imports eager: every module lands in the one
 * server bundle instead of one chunk per route. Stock Docusaurus already turns chunk splitting off
 * there, so each route's chunk carried its own copy of every
 * module it shares with other routes (code blocks, tabs, the highlighter): about 19 MB in 550 files
 * here, which the bundler wrote and each rendering worker read and compiled again. One file is
 * about 7.7 MB. Modules still run only when imported. The rendered pages are byte for byte the same;
 * the build fails if the server build is more than one JavaScript file.
 *
 * Each page's HTML is written as React and the template produce it (patch point
 * `lean-build/raw-html`: Docusaurus does not document the switch). Docusaurus's HTML minifier
 * (SWC, run on every page) mostly drops attribute quotes and whitespace, which gzip squeezes
 * anyway: over the site's 417 pages it saved 3.7% of the gzipped HTML (about 320 bytes a page),
 * for about 1 s of the page rendering's 4 s on this 2-core machine. `SKIP_HTML_MINIFICATION=false`
 * turns it back on; otherwise the build fails if the pages come out minified (checkRawHtml above).
 */
export default function leanBuild(): Plugin {
  // Read by each page-rendering worker when it loads the minifier; they start after the bundling.
  const rawHtml = patchOn(RAW_HTML_PATCH);
  if (rawHtml) process.env[SKIP_MINIFIER_ENV] ??= 'true';
  return {
    name: 'lean-build',
    postBuild({outDir, routesPaths}) {
      if (rawHtml) checkRawHtml(outDir, routesPaths.length, availableParallelism(), process.env);
    },
    configureWebpack(_config, isServer) {
      if (!isServer) return {};
      return {
        module: {parser: {javascript: {dynamicImportMode: 'eager'}}},
        plugins: [new OneServerFile()],
      };
    },
    configurePostCss(options) {
      return leanPostCssOptions(options as PostCssOptions) as typeof options;
    },
  };
}
