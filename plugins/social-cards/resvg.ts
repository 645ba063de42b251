/**
 * resvg (WebAssembly), loaded once per process: renders an SVG to RGBA pixels. The social cards'
 * fixed design and the favicon (../svg-sprite/favicon.ts) are drawn with it.
 */
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {initWasm, Resvg} from '@resvg/resvg-wasm';

const require = createRequire(__filename);

let wasmReady: Promise<void> | undefined;

/** Loads resvg's WebAssembly module; call (and await) before `renderSvg`. */
export function initResvg(): Promise<void> {
  wasmReady ??= initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
  return wasmReady;
}

/**
 * The SVG's pixels, at its own size or scaled to `width` pixels across. The colours are
 * premultiplied by their alpha (resvg's pixmap as it is).
 */
export function renderSvg(svg: string, width?: number): {width: number; height: number; pixels: Uint8Array} {
  const resvg = new Resvg(svg, {
    fitTo: width === undefined ? {mode: 'original'} : {mode: 'width', value: width},
    shapeRendering: 2,
  });
  const image = resvg.render();
  const result = {width: image.width, height: image.height, pixels: image.pixels};
  image.free();
  resvg.free();
  return result;
}
