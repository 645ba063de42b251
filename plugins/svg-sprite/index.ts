import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {SPRITE_ATTRIBUTES, SYMBOLS, symbolOf, type SpriteSymbol} from './symbols';

/** The file of a symbol: a package's (resolved from this project) or the site's own. */
export function symbolFile(file: string, siteDir: string): string {
  return file.startsWith('@')
    ? createRequire(path.join(siteDir, 'package.json')).resolve(file)
    : path.join(siteDir, file);
}

/** Every symbol of the sprite, read from its file. */
export function spriteMarkup(siteDir: string): string {
  const symbols = Object.values(SYMBOLS as Record<string, SpriteSymbol>).map((symbol) =>
    symbolOf(readFileSync(symbolFile(symbol.file, siteDir), 'utf8'), symbol),
  );
  return symbols.join('');
}

/**
 * Puts the site's SVG sprite (./symbols.ts) at the start of every page's body, through the
 * plugin API's `injectHtmlTags`, as the classic theme does with its own sprite.
 */
export default function svgSprite(context: LoadContext): Plugin {
  // Read once, at start-up: a broken file stops the build before anything is bundled.
  const innerHTML = spriteMarkup(context.siteDir);
  return {
    name: 'svg-sprite',
    injectHtmlTags() {
      return {preBodyTags: [{tagName: 'svg', attributes: {...SPRITE_ATTRIBUTES}, innerHTML}]};
    },
  };
}
