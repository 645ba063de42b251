import {rasterize, type PathCommand} from '../social-cards/raster';
import {encodeRgbaPng} from '../social-cards/png';

/**
 * The favicon as an ICO of PNGs, drawn from `static/img/favicon.svg` (the one source of its
 * shape and colours). Chromium's renderer rasterises an SVG favicon as an SVG document of its
 * own, on the main thread, once the page has loaded: 30–200 ms of work at Lighthouse's 4x CPU
 * slowdown on every page, most of it blocking time. A PNG costs a decode of a few hundred bytes.
 *
 * `npm run favicon` writes `static/img/favicon.ico`; `tests/unit/favicon.test.ts` fails when
 * the committed file no longer shows what the SVG draws.
 */

/** The sizes in the ICO: browser tabs at one, two and three device pixels per CSS pixel. */
export const FAVICON_SIZES = [16, 32, 48] as const;

/** One filled shape of the SVG: its outline in the viewBox's units and its colour. */
export interface Shape {
  commands: PathCommand[];
  rgb: readonly [number, number, number];
}

/** Bézier weight of a quarter circle's control points. */
const KAPPA = 0.5523;

function attributes(tag: string): Map<string, string> {
  return new Map([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

function colour(fill: string | undefined, where: string): readonly [number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(fill ?? '')?.[1];
  if (!hex) throw new Error(`favicon: ${where} needs a fill of six hex digits (found ${JSON.stringify(fill)})`);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return [r, g, b];
}

/** A rectangle with optional rounded corners (`rx`) as a closed outline. */
function rectangle(x: number, y: number, w: number, h: number, r: number): PathCommand[] {
  const k = r * (1 - KAPPA);
  const corner = (x1: number, y1: number, x2: number, y2: number, ex: number, ey: number): PathCommand => ({
    type: 'C',
    x1,
    y1,
    x2,
    y2,
    x: ex,
    y: ey,
  });
  return [
    {type: 'M', x: x + r, y},
    {type: 'L', x: x + w - r, y},
    corner(x + w - k, y, x + w, y + k, x + w, y + r),
    {type: 'L', x: x + w, y: y + h - r},
    corner(x + w, y + h - k, x + w - k, y + h, x + w - r, y + h),
    {type: 'L', x: x + r, y: y + h},
    corner(x + k, y + h, x, y + h - k, x, y + h - r),
    {type: 'L', x, y: y + r},
    corner(x, y + k, x + k, y, x + r, y),
    {type: 'Z'},
  ];
}

/** Arguments each path command takes. */
const ARITY: Record<string, number> = {M: 2, L: 2, H: 1, V: 1, C: 6, Z: 0};

/**
 * The commands of a path's `d` attribute, absolute: moves, lines (with `H` and `V`), cubic curves
 * and closes, relative or absolute, with repeated arguments. Other commands stop the build.
 */
export function pathCommands(d: string): PathCommand[] {
  const tokens = d.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  const out: PathCommand[] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let i = 0;
  let letter = '';
  while (i < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[i])) letter = tokens[i++];
    const upper = letter.toUpperCase();
    if (!(upper in ARITY)) throw new Error(`favicon: the path command "${letter}" is not supported (M, L, H, V, C, Z)`);
    const relative = letter !== upper;
    const args = tokens.slice(i, i + ARITY[upper]).map(Number);
    if (args.length !== ARITY[upper] || args.some(Number.isNaN))
      throw new Error(`favicon: the path command "${letter}" lacks arguments`);
    i += ARITY[upper];
    const dx = relative ? x : 0;
    const dy = relative ? y : 0;
    switch (upper) {
      case 'M':
        x = startX = args[0] + dx;
        y = startY = args[1] + dy;
        out.push({type: 'M', x, y});
        letter = relative ? 'l' : 'L'; // further pairs after a move are lines
        break;
      case 'L':
      case 'H':
      case 'V':
        if (upper !== 'V') x = args[0] + dx;
        if (upper !== 'H') y = args[upper === 'V' ? 0 : 1] + dy;
        out.push({type: 'L', x, y});
        break;
      case 'C':
        out.push({
          type: 'C',
          x1: args[0] + dx,
          y1: args[1] + dy,
          x2: args[2] + dx,
          y2: args[3] + dy,
          x: args[4] + dx,
          y: args[5] + dy,
        });
        x = args[4] + dx;
        y = args[5] + dy;
        break;
      default:
        out.push({type: 'Z'});
        x = startX;
        y = startY;
        if (i < tokens.length && !/[a-zA-Z]/.test(tokens[i])) throw new Error('favicon: numbers after a close');
    }
  }
  return out;
}

/** The SVG's square viewBox side and its shapes, in document order. */
export function readFavicon(svg: string): {side: number; shapes: Shape[]} {
  const viewBox = /<svg\b[^>]*\bviewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg);
  if (!viewBox || viewBox[1] !== viewBox[2]) throw new Error('favicon: the SVG needs a square viewBox starting at 0 0');
  const shapes: Shape[] = [];
  for (const [tag, name] of svg.matchAll(/<(rect|path)\b[^>]*>/g)) {
    const a = attributes(tag);
    if (a.has('transform') || a.has('stroke'))
      throw new Error(`favicon: <${name}> with a transform or stroke is not supported`);
    const commands =
      name === 'rect'
        ? rectangle(
            Number(a.get('x') ?? 0),
            Number(a.get('y') ?? 0),
            Number(a.get('width')),
            Number(a.get('height')),
            Number(a.get('rx') ?? 0),
          )
        : pathCommands(a.get('d') ?? '');
    shapes.push({commands, rgb: colour(a.get('fill'), `<${name}>`)});
  }
  const other = /<(?!\/|svg\b|rect\b|path\b|\?)(\w+)/.exec(svg);
  if (other) throw new Error(`favicon: <${other[1]}> is not supported (only <rect> and <path> with a fill)`);
  if (shapes.length === 0) throw new Error('favicon: the SVG draws nothing');
  return {side: Number(viewBox[1]), shapes};
}

function scaled(commands: readonly PathCommand[], k: number): PathCommand[] {
  return commands.map((c) => {
    switch (c.type) {
      case 'Z':
        return c;
      case 'C':
        return {...c, x1: c.x1 * k, y1: c.y1 * k, x2: c.x2 * k, y2: c.y2 * k, x: c.x * k, y: c.y * k};
      case 'Q':
        return {...c, x1: c.x1 * k, y1: c.y1 * k, x: c.x * k, y: c.y * k};
      default:
        return {...c, x: c.x * k, y: c.y * k};
    }
  });
}

/** The favicon's RGBA pixels at `size`×`size`: each shape painted over the ones before it. */
export function faviconPixels(svg: string, size: number): Uint8Array {
  const {side, shapes} = readFavicon(svg);
  const rgba = new Uint8Array(size * size * 4);
  for (const shape of shapes) {
    const coverage = rasterize(scaled(shape.commands, size / side), size, size);
    for (let p = 0; p < coverage.length; p++) {
      const a = coverage[p] / 255;
      if (a === 0) continue;
      const below = rgba[p * 4 + 3] / 255;
      const out = a + below * (1 - a);
      for (let c = 0; c < 3; c++)
        rgba[p * 4 + c] = Math.round((shape.rgb[c] * a + rgba[p * 4 + c] * below * (1 - a)) / out);
      rgba[p * 4 + 3] = Math.round(out * 255);
    }
  }
  return rgba;
}

/** An ICO file holding one PNG per size (the format every browser reads for `favicon.ico`). */
export async function faviconIco(svg: string, sizes: readonly number[] = FAVICON_SIZES): Promise<Buffer> {
  const pngs = await Promise.all(sizes.map((size) => encodeRgbaPng(size, size, faviconPixels(svg, size))));
  const head = Buffer.alloc(6 + 16 * sizes.length);
  head.writeUInt16LE(1, 2); // type: icon
  head.writeUInt16LE(sizes.length, 4);
  let offset = head.length;
  sizes.forEach((size, i) => {
    const entry = 6 + 16 * i;
    head[entry] = size % 256; // 0 stands for 256
    head[entry + 1] = size % 256;
    head.writeUInt16LE(1, entry + 4); // colour planes
    head.writeUInt16LE(32, entry + 6); // bits a pixel
    head.writeUInt32LE(pngs[i].length, entry + 8);
    head.writeUInt32LE(offset, entry + 12);
    offset += pngs[i].length;
  });
  return Buffer.concat([head, ...pngs]);
}
