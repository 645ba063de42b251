/**
 * A minimal PNG encoder for 8-bit palette images (colour type 3): what the cards are once their
 * anti-aliased text is kept as steps of a few inks over a flat background. One byte a pixel keeps
 * the deflate input to a third of RGB's.
 *
 * `BandEncoder` goes further for images that differ only in a band of rows (the cards: the rows
 * above the section label and below the title are the same on every card). PNG pixel data is one
 * zlib stream, but a deflate stream may be made of parts compressed apart when each but the last
 * ends on a byte boundary (a sync flush), and the zlib checksum (Adler-32) can be updated for the
 * changed bytes alone. So the fixed rows are compressed once, and each image costs only its band.
 */
import {promisify} from 'node:util';
import zlib from 'node:zlib';

const deflate = promisify(zlib.deflate);
const deflateRaw = promisify(zlib.deflateRaw);
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ADLER_BASE = 65521;
/** zlib header: deflate, 32 KiB window, no dictionary (0x7801 is a multiple of 31). */
const ZLIB_HEADER = Buffer.from([0x78, 0x01]);

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

/** The IHDR chunk of an 8-bit image of `colourType` (3: palette, 4: grey and alpha, 6: RGBA). */
function ihdr(width: number, height: number, colourType: 3 | 4 | 6): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8; // bit depth
  data[9] = colourType;
  return chunk('IHDR', data);
}

function header(width: number, height: number, palette: Palette): Buffer[] {
  if (palette.length === 0 || palette.length > 256) throw new Error(`PNG palette of ${palette.length} colours`);
  const plte = Buffer.alloc(palette.length * 3);
  palette.forEach(([r, g, b], i) => plte.set([r, g, b], i * 3));
  return [SIGNATURE, ihdr(width, height, 3), chunk('PLTE', plte)];
}

function png(head: Buffer[], zlibData: Buffer): Buffer {
  return Buffer.concat([...head, chunk('IDAT', zlibData), chunk('IEND', Buffer.alloc(0))]);
}

// Z_RLE finds the long runs of one colour that make up a card quickly; the default strategy at
// level 9 makes files a third smaller at ten times the time.
const DEFLATE_OPTIONS = {strategy: zlib.constants.Z_RLE};

/** Encodes `raw` (from `rawRows`, filled) as a PNG file. */
export async function encodeIndexedPng(width: number, height: number, palette: Palette, raw: Buffer): Promise<Buffer> {
  const head = header(width, height, palette);
  if (raw.length !== (width + 1) * height) throw new Error('PNG rows do not match the image size');
  return png(head, await deflate(raw, DEFLATE_OPTIONS));
}

/**
 * Encodes a one-colour image with an alpha channel (colour type 4, grey and alpha, 8 bits each):
 * every pixel the grey level `grey` with the opacity `alpha[y * width + x]`. For small icons.
 */
export async function encodeGreyAlphaPng(
  width: number,
  height: number,
  grey: number,
  alpha: Uint8Array,
): Promise<Buffer> {
  if (alpha.length !== width * height) throw new Error('PNG alpha does not match the image size');
  const raw = Buffer.alloc((width * 2 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 2 + 1);
    for (let x = 0; x < width; x++) {
      raw[row + 1 + x * 2] = grey;
      raw[row + 2 + x * 2] = alpha[y * width + x];
    }
  }
  return png([SIGNATURE, ihdr(width, height, 4)], await deflate(raw, {level: 9}));
}

/**
 * Encodes an RGBA image (colour type 6, 8 bits a channel; `rgba` holds four bytes a pixel, row by
 * row, not premultiplied). For small icons.
 */
export async function encodeRgbaPng(width: number, height: number, rgba: Uint8Array): Promise<Buffer> {
  if (rgba.length !== width * height * 4) throw new Error('PNG pixels do not match the image size');
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  return png([SIGNATURE, ihdr(width, height, 6)], await deflate(raw, {level: 9}));
}

/** Adler-32 of `data` as its two sums. */
export function adler32(data: Uint8Array): {a: number; b: number} {
  let a = 1;
  let b = 0;
  // 5552 bytes is the longest run whose sums cannot overflow before the modulo (zlib's NMAX).
  for (let start = 0; start < data.length; start += 5552) {
    const end = Math.min(data.length, start + 5552);
    for (let i = start; i < end; i++) {
      a += data[i];
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return {a, b};
}

/**
 * What changing bytes does to the Adler-32 of a stream of `length` bytes: a byte at `index` that
 * goes from `before` to `after` adds `after − before` to the first sum and `(length − index)` times
 * that to the second. Collect the changes with `change`, then read the new checksum.
 */
export class AdlerDelta {
  a = 0;
  b = 0;
  constructor(private readonly length: number) {}

  change(index: number, before: number, after: number): void {
    const d = after - before;
    this.a += d;
    this.b += d * (this.length - index);
    // Keep the sums small enough to stay exact in a double.
    if (this.b > 1e15 || this.b < -1e15) this.b %= ADLER_BASE;
  }

  /** Adds sums of changes collected elsewhere (`Σ d` and `Σ d·(length − index)`). */
  add(a: number, b: number): void {
    this.a += a;
    this.b = (this.b + b) % ADLER_BASE;
  }

  applyTo(base: {a: number; b: number}): number {
    const mod = (value: number) => ((value % ADLER_BASE) + ADLER_BASE) % ADLER_BASE;
    return ((mod(base.b + this.b) << 16) | mod(base.a + this.a)) >>> 0;
  }
}

/**
 * Encodes images that share every row outside `[bandTop, bandBottom)` with `background` (raw
 * rows, see `rawRows`): the shared rows are compressed once; `encode` takes the band's rows and
 * the Adler-32 change of the whole image's raw data.
 */
export class BandEncoder {
  private readonly head: Buffer[];
  private readonly base: {a: number; b: number};
  /** Byte offset of the band in the raw data, and its length. */
  readonly bandStart: number;
  readonly bandLength: number;
  readonly rawLength: number;
  private prefix: Promise<Buffer> | undefined;
  private suffix: Promise<Buffer> | undefined;

  constructor(
    width: number,
    height: number,
    palette: Palette,
    private readonly background: Buffer,
    readonly bandTop: number,
    readonly bandBottom: number,
  ) {
    if (background.length !== (width + 1) * height) throw new Error('PNG rows do not match the image size');
    if (!(bandTop >= 0 && bandTop < bandBottom && bandBottom <= height)) throw new Error('PNG band outside the image');
    this.head = header(width, height, palette);
    this.base = adler32(background);
    this.bandStart = (width + 1) * bandTop;
    this.bandLength = (width + 1) * (bandBottom - bandTop);
    this.rawLength = background.length;
  }

  /** A fresh copy of the background's band, to write a card's text into. */
  band(): Buffer {
    return Buffer.from(this.background.subarray(this.bandStart, this.bandStart + this.bandLength));
  }

  /** Puts the background's band back into `band` (to reuse the buffer for another image). */
  resetBand(band: Buffer): void {
    this.background.copy(band, 0, this.bandStart, this.bandStart + this.bandLength);
  }

  /** A checksum change for this image size. */
  delta(): AdlerDelta {
    return new AdlerDelta(this.rawLength);
  }

  async encode(band: Buffer, delta: AdlerDelta): Promise<Buffer> {
    if (band.length !== this.bandLength) throw new Error('PNG band of the wrong size');
    const sync = {...DEFLATE_OPTIONS, finishFlush: zlib.constants.Z_SYNC_FLUSH};
    this.prefix ??=
      this.bandStart === 0
        ? Promise.resolve(Buffer.alloc(0))
        : deflateRaw(this.background.subarray(0, this.bandStart), sync);
    this.suffix ??= deflateRaw(this.background.subarray(this.bandStart + this.bandLength), DEFLATE_OPTIONS);
    const [prefix, middle, suffix] = await Promise.all([this.prefix, deflateRaw(band, sync), this.suffix]);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(delta.applyTo(this.base), 0);
    return png(this.head, Buffer.concat([ZLIB_HEADER, prefix, middle, suffix, checksum]));
  }
}

/** Width and height from a PNG file's header (for the tests and the build's own check). */
export function pngSize(file: Uint8Array): {width: number; height: number} | null {
  const buffer = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (buffer.length < 24 || !buffer.subarray(0, 8).equals(SIGNATURE) || buffer.toString('latin1', 12, 16) !== 'IHDR') {
    return null;
  }
  return {width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20)};
}
