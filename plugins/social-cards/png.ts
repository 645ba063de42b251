/**
 * A minimal PNG encoder for 8-bit palette images (colour type 3): what the cards are once their
 * anti-aliased text is kept as steps of a few inks over a flat background. One byte a pixel keeps
 * the deflate input to a third of RGB's, so a card encodes in a few milliseconds.
 */
import {promisify} from 'node:util';
import zlib from 'node:zlib';

const deflate = promisify(zlib.deflate);
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** RGB triples, at most 256. */
export type Palette = ReadonlyArray<readonly [number, number, number]>;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * Rows of palette indices as PNG wants them before compression: each row starts with its filter
 * byte (0, none) and then one index per pixel.
 */
export function rawRows(width: number, height: number): Buffer {
  return Buffer.alloc((width + 1) * height);
}

/** Encodes `raw` (from `rawRows`, filled) as a PNG file. */
export async function encodeIndexedPng(width: number, height: number, palette: Palette, raw: Buffer): Promise<Buffer> {
  if (palette.length === 0 || palette.length > 256) throw new Error(`PNG palette of ${palette.length} colours`);
  if (raw.length !== (width + 1) * height) throw new Error('PNG rows do not match the image size');
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 3; // colour type: palette
  const plte = Buffer.alloc(palette.length * 3);
  palette.forEach(([r, g, b], i) => plte.set([r, g, b], i * 3));
  // Z_RLE finds the long runs of one colour that make up a card quickly; level 9 of the default
  // strategy gains a third in size at ten times the time.
  const data = await deflate(raw, {strategy: zlib.constants.Z_RLE});
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', plte),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Width and height from a PNG file's header (for the tests and the build's own check). */
export function pngSize(file: Uint8Array): {width: number; height: number} | null {
  const buffer = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (buffer.length < 24 || !buffer.subarray(0, 8).equals(SIGNATURE) || buffer.toString('latin1', 12, 16) !== 'IHDR') {
    return null;
  }
  return {width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20)};
}
