import {rasterize, type PathCommand} from '../social-cards/raster';
import {encodeGreyAlphaPng} from '../social-cards/png';

/**
 * Infima's chevron (`--ifm-menu-link-sublist-icon`: the docs sidebar's category carets, the
 * phone's "On this page" button, the back-to-top button) is an SVG data URL, and so an SVG
 * document of its own on every page that shows one (about 45 ms of main-thread work at a 4x CPU
 * slowdown). Here it is a PNG data URL: the same shape (an upward chevron, black at half opacity,
 * on a 24-unit square that the rules scale to 2rem), drawn at twice that size so that it stays
 * sharp on screens of two device pixels per CSS pixel. Raster images cost a decode of a few
 * hundred bytes. Every rule that uses the icon keeps its size, turn and dark-mode filter.
 */

/** The chevron's outline in the icon's 24-unit square (y down): an upward "^" 12 units wide. */
const OUTLINE: ReadonlyArray<readonly [number, number]> = [
  [7.41, 15.41],
  [12, 10.83],
  [16.59, 15.41],
  [18, 14],
  [12, 8],
  [6, 14],
];

/** Pixels of the PNG's side: 2rem (32 CSS px) at 2 device pixels per CSS pixel. */
export const CHEVRON_SIZE = 64;

/** The chevron's opacity (Infima draws it in rgba(0, 0, 0, 0.5)). */
const OPACITY = 0.5;

/** The chevron as a PNG: black, its coverage times OPACITY as alpha. */
export async function chevronPng(size = CHEVRON_SIZE): Promise<Buffer> {
  const scale = size / 24;
  const commands: PathCommand[] = OUTLINE.map(([x, y], i) => ({type: i === 0 ? 'M' : 'L', x: x * scale, y: y * scale}));
  commands.push({type: 'Z'});
  const coverage = rasterize(commands, size, size);
  const alpha = coverage.map((value) => Math.round(value * OPACITY));
  return encodeGreyAlphaPng(size, size, 0, alpha);
}

/** The stylesheet that gives Infima's icon variable the PNG (loaded after Infima's, so it wins). */
export async function chevronCss(): Promise<string> {
  const png = await chevronPng();
  return `:root{--ifm-menu-link-sublist-icon:url("data:image/png;base64,${png.toString('base64')}")}\n`;
}
