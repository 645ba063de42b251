import {readFileSync} from 'node:fs';
import {mkdir, writeFile} from 'node:fs/promises';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {SPRITE_ATTRIBUTES, SYMBOLS, symbolOf} from './symbols';
import {chevronCss} from './chevron';

/** The file of a symbol: a package's (resolved from this project) or the site's own. */
export function symbolFile(file: string, siteDir: string): string {
  return file.startsWith('@')
    ? createRequire(path.join(siteDir, 'package.json')).resolve(file)
    : path.join(siteDir, file);
}

/** Every symbol of the sprite, read from its file. */
export function spriteMarkup(siteDir: string): string {
  return Object.values(SYMBOLS)
    .map((symbol) => symbolOf(readFileSync(symbolFile(symbol.file, siteDir), 'utf8'), symbol))
    .join('');
}

export interface Options {
  /** Whether Infima's chevron becomes a PNG (default true; the benchmark's stock twin keeps Infima's). */
  chevron?: boolean;
}

/**
 * The site's icons without SVG images: puts the SVG sprite (./symbols.ts) at the start of every
 * page's body, through the plugin API's `injectHtmlTags`, as the classic theme does with its own
 * sprite; and gives Infima's chevron a PNG in place of its SVG data URL (./chevron.ts), in a
 * stylesheet loaded after Infima's.
 */
export default function svgSprite(context: LoadContext, pluginOptions?: unknown): Plugin {
  const options = (pluginOptions ?? {}) as Options;
  // Read once, at start-up: a broken file stops the build before anything is bundled.
  const innerHTML = spriteMarkup(context.siteDir);
  const sprite: Plugin = {
    name: 'svg-sprite',
    injectHtmlTags() {
      return {preBodyTags: [{tagName: 'svg', attributes: {...SPRITE_ATTRIBUTES}, innerHTML}]};
    },
  };
  if (options.chevron === false) return sprite;
  const dir = path.join(context.generatedFilesDir, 'svg-sprite');
  const stylesheet = path.join(dir, 'chevron.css');
  return {
    ...sprite,
    async loadContent() {
      await mkdir(dir, {recursive: true});
      await writeFile(stylesheet, await chevronCss());
    },
    getClientModules: () => [stylesheet],
  };
}
