import path from 'node:path';
import {readFileSync} from 'node:fs';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** The loader that lowers and prefixes CSS here: Rspack's built-in Lightning CSS (Rust). */
export const LIGHTNING_CSS_LOADER = 'builtin:lightningcss-loader';

/** The PostCSS plugin Docusaurus puts in every client CSS rule (bundler/lib/loaders/styleLoader.js). */
const DOCUSAURUS_POSTCSS_PLUGIN = /[\\/]postcss-preset-env[\\/]/;

interface LoaderItem {
  loader?: string;
  options?: unknown;
}
interface RuleSetRule {
  use?: unknown;
  oneOf?: unknown[];
  rules?: unknown[];
}

/** The `use` lists of a bundler config's rules (nested `oneOf` and `rules` included). */
export function loaderLists(rules: unknown[]): LoaderItem[][] {
  const lists: LoaderItem[][] = [];
  const walk = (list: unknown[]) => {
    for (const rule of list as (RuleSetRule | null)[]) {
      if (!rule || typeof rule !== 'object') continue;
      if (Array.isArray(rule.use)) lists.push(rule.use as LoaderItem[]);
      if (rule.oneOf) walk(rule.oneOf);
      if (rule.rules) walk(rule.rules);
    }
  };
  walk(rules);
  return lists;
}

/**
 * Adds the Lightning CSS loader after every PostCSS loader (so it runs first: loaders run last to
 * first) and returns how many it found. Idempotent.
 */
export function addLightningCss(rules: unknown[], targets: string[]): number {
  let found = 0;
  for (const use of loaderLists(rules)) {
    const index = use.findIndex((item) => typeof item === 'object' && item?.loader?.includes('postcss-loader'));
    if (index === -1) continue;
    found++;
    if (use.some((item) => typeof item === 'object' && item?.loader === LIGHTNING_CSS_LOADER)) continue;
    use.splice(index + 1, 0, {loader: LIGHTNING_CSS_LOADER, options: {targets}});
  }
  return found;
}

interface PostCssOptions {
  [key: string]: unknown;
  plugins?: unknown[];
  config?: boolean;
}

/**
 * PostCSS options without Docusaurus's postcss-preset-env (Lightning CSS does its work) and without
 * the search for a PostCSS config file, which postcss-loader repeats for every stylesheet. Plugins
 * that other Docusaurus plugins added through configurePostCss stay. Throws when Docusaurus's
 * plugin is not there: the day it changes, this must be looked at again.
 */
export function leanPostCssOptions(options: PostCssOptions): PostCssOptions {
  const plugins = options.plugins ?? [];
  const isPresetEnv = (plugin: unknown) => {
    const name = Array.isArray(plugin) ? plugin[0] : plugin;
    return typeof name === 'string' && DOCUSAURUS_POSTCSS_PLUGIN.test(name);
  };
  if (!plugins.some(isPresetEnv)) {
    throw new Error(
      `lean-build: Docusaurus's PostCSS plugins changed (expected postcss-preset-env, found ${JSON.stringify(plugins)})`,
    );
  }
  return {...options, config: false, plugins: plugins.filter((plugin) => !isPresetEnv(plugin))};
}

/** The site's browser targets (package.json `browserslist`) for a build mode. */
export function browserTargets(siteDir: string, mode: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(siteDir, 'package.json'), 'utf8')) as {
    browserslist?: Record<string, string[]>;
  };
  const targets = pkg.browserslist?.[mode === 'production' ? 'production' : 'development'];
  if (!targets?.length) throw new Error(`lean-build: package.json has no browserslist for ${mode}`);
  return targets;
}

/**
 * Build-time work that stock Docusaurus repeats for every stylesheet of the browser bundle.
 *
 * Docusaurus runs each stylesheet through postcss-loader with postcss-preset-env (syntax lowering
 * and vendor prefixes for the browserslist targets). In a cold build's CPU profile that was ~1.7 s
 * of the bundler's JavaScript thread: about half of it postcss-loader looking for a PostCSS config
 * file beside each stylesheet (cosmiconfig), the rest creating and running preset-env. Here Rspack's
 * built-in Lightning CSS loader lowers and prefixes for the same targets, in Rust, and PostCSS
 * runs without preset-env and without the config search. css-loader (CSS modules) is unchanged.
 *
 * The build fails if no client CSS rule has a PostCSS loader or if Docusaurus's PostCSS plugins
 * change; patch-guard checks the stylesheet that comes out.
 */
export default function leanBuild(context: LoadContext): Plugin {
  return {
    name: 'lean-build',
    configureWebpack(config, isServer) {
      if (isServer) return {};
      const targets = browserTargets(context.siteDir, config.mode ?? 'production');
      if (addLightningCss(config.module?.rules ?? [], targets) === 0) {
        throw new Error('lean-build: found no PostCSS loader in the client CSS rules');
      }
      return {};
    },
    configurePostCss(options) {
      return leanPostCssOptions(options as PostCssOptions) as typeof options;
    },
  };
}
