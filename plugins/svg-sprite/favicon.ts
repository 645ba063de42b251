import {encodeRgbaPng} from '../social-cards/png';
import {initResvg, renderSvg} from '../social-cards/resvg';

/**
 * The favicon as an ICO of PNGs, drawn from `static/img/favicon.svg` (the one source of its
 * shape and colours) by resvg, which the social cards already use. Chromium's renderer rasterises
 * an SVG favicon as an SVG document of its own, on the main thread, once the page has loaded:
 * 30–200 ms of work at Lighthouse's 4x CPU slowdown on every page, most of it blocking time. A PNG
 * costs a decode of a few hundred bytes.
 *
 * `npm run favicon` writes `static/img/favicon.ico`; `tests/unit/svgSprite.test.ts` fails when
 * the committed file no longer shows what the SVG draws.
 */

/** The sizes in the ICO: browser tabs at one, two and three device pixels per CSS pixel. */
export const FAVICON_SIZES = [16, 32, 48] as const;

/** The favicon's RGBA pixels (straight alpha, as PNG stores them) at `size`×`size`. */
export async function faviconPixels(svg: string, size: number): Promise<Uint8Array> {
  await initResvg();
  const {width, height, pixels} = renderSvg(svg, size);
  if (width !== size || height !== size) throw new Error(`favicon: the SVG must be square (drawn ${width}×${height})`);
  for (let p = 0; p < pixels.length; p += 4) {
    const alpha = pixels[p + 3];
    if (alpha === 0 || alpha === 255) continue;
    for (let c = 0; c < 3; c++) pixels[p + c] = Math.min(255, Math.round((pixels[p + c] * 255) / alpha));
  }
  return pixels;
}

/** An ICO file holding one PNG per size (the format every browser reads for `favicon.ico`). */
export async function faviconIco(svg: string, sizes: readonly number[] = FAVICON_SIZES): Promise<Buffer> {
  const pngs = await Promise.all(sizes.map(async (size) => encodeRgbaPng(size, size, await faviconPixels(svg, size))));
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
