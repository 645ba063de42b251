/**
 * The site's icons as one SVG sprite, drawn once per page and used by reference
 * (`<svg><use href="#id"/></svg>`). An icon given as an image (`<img src="….svg">`, or a CSS
 * background or mask) costs Chromium an SVG document of its own: 20-85 ms of main-thread work
 * each at a 4x CPU slowdown, on every page, for the navbar's anvil alone (two images, one per
 * colour mode; reports/2026-11-29-sprite.md). A reference to a symbol in the page costs nothing
 * of the kind, and the markup stays out of the JavaScript bundle (the navbar items name a symbol
 * instead of carrying its paths).
 */
export interface SpriteSymbol {
  /** The symbol's id in the page (`#id`). */
  id: string;
  /** Where its SVG is read from: a package path (`pkg/file.svg`) or one relative to the site. */
  file: string;
  /** A fill colour of the file that becomes `currentColor`, so that CSS colours it per mode. */
  currentColor?: string;
}

/** The symbols the site uses: the navbar's anvil (its logo file) and the two icon links. */
export const SYMBOLS = {
  logo: {id: 'cf-logo', file: 'static/img/logo.svg', currentColor: '#1B1B1B'},
  github: {id: 'cf-icon-github', file: '@fortawesome/fontawesome-free/svgs/brands/github.svg'},
  zulip: {id: 'cf-icon-zulip', file: '@fortawesome/fontawesome-free/svgs/solid/comments.svg'},
} as const satisfies Record<string, SpriteSymbol>;

export type SymbolName = keyof typeof SYMBOLS;

/** An `<svg>` that shows a symbol of the sprite, sized by CSS through its class, hidden from readers. */
export function spriteIcon(name: SymbolName, className: string): string {
  return `<svg class="${className}" aria-hidden="true" focusable="false"><use href="#${SYMBOLS[name].id}"></use></svg>`;
}

/**
 * One SVG file as a `<symbol>`: its viewBox and content, its ids prefixed with the symbol's (so
 * that two files' ids cannot meet in a page) and, with `currentColor`, that fill replaced. Throws
 * when the file is not one `<svg>` with a viewBox, or the fill to replace is not there exactly once.
 */
export function symbolOf(svg: string, symbol: SpriteSymbol): string {
  const match = /^<svg\b([^>]*)>([\s\S]*)<\/svg>$/.exec(svg.trim());
  const viewBox = match && /\bviewBox="([^"]+)"/.exec(match[1])?.[1];
  if (!match || !viewBox) throw new Error(`svg-sprite: ${symbol.file} is not one <svg> with a viewBox`);
  let body = match[2];
  const ids = [...body.matchAll(/\bid="([^"]+)"/g)].map((found) => found[1]);
  for (const id of ids) {
    const prefixed = `${symbol.id}-${id}`;
    body = body
      .replaceAll(`id="${id}"`, `id="${prefixed}"`)
      .replaceAll(`url(#${id})`, `url(#${prefixed})`)
      .replaceAll(`href="#${id}"`, `href="#${prefixed}"`);
  }
  if (symbol.currentColor !== undefined) {
    const fill = `fill="${symbol.currentColor}"`;
    const count = body.split(fill).length - 1;
    if (count !== 1) {
      throw new Error(`svg-sprite: ${symbol.file} has ${count} ${fill} where one was to become currentColor`);
    }
    body = body.replace(fill, 'fill="currentColor"');
  }
  return `<symbol id="${symbol.id}" viewBox="${viewBox}">${body.trim()}</symbol>`;
}

/**
 * The attributes of the sprite's `<svg>`: it takes no room and is hidden from readers. Not
 * `display: none`, which would stop the anvil's gradient from painting where the symbol is used.
 */
export const SPRITE_ATTRIBUTES = {
  xmlns: 'http://www.w3.org/2000/svg',
  'aria-hidden': 'true',
  focusable: 'false',
  style: 'position:absolute;width:0;height:0;overflow:hidden',
} as const;
