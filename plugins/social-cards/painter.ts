/**
 * Draws social cards fast enough for every page of every build. resvg (WebAssembly) renders the
 * card's fixed design once per build (band, anvil, wordmark, rule, footer); each glyph the cards'
 * texts use is rasterised once per size and sub-pixel position (a third of a pixel) from its
 * outline in the font (opentype.js, ./raster.ts). A card is then a copy of the background with its
 * glyphs' coverage written in as steps of the text's ink, encoded as a palette PNG: a few
 * milliseconds, where rendering a whole card as SVG takes over a hundred.
 */
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import opentype from 'opentype.js';
import {CARD_HEIGHT, CARD_WIDTH, FOOTER_TEXT, GEOMETRY, TEXT_BAND, TITLE_LADDER, type Design} from './design';
import {fitLine, fitTitle, type Measure, type TitleLayout} from './layout';
import {BandEncoder, rawRows, type Palette} from './png';
import {rasterize, type PathCommand} from './raster';
import {initResvg, renderSvg} from './resvg';

const require = createRequire(__filename);

/** The font files the cards are set in (Inter Bold, Latin, from @fontsource/inter). */
export const FONT_FILES = {
  bold: '@fontsource/inter/files/inter-latin-700-normal.woff',
} as const;
type FaceName = keyof typeof FONT_FILES;

/** Files whose content makes up the cards' look, for the design version (besides the design itself). */
export function designInputFiles(): string[] {
  return [
    ...Object.values(FONT_FILES).map((file) => require.resolve(file)),
    require.resolve('@resvg/resvg-wasm/index_bg.wasm'),
    require.resolve('opentype.js/package.json'),
  ];
}

const WIDTH = CARD_WIDTH;
const HEIGHT = CARD_HEIGHT;
const SUBPIXELS = 3;
const PAD = 2;

type Rgb = readonly [number, number, number];

function hexRgb(hex: string): Rgb {
  const value = parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => Math.round(from[i] + (to[i] - from[i]) * amount)) as unknown as Rgb;
}

/** A text ink: its steps of coverage over the background are palette entries `first … first+levels-1`. */
interface Ink {
  first: number;
  levels: number;
}

/** A glyph's coverage, placed relative to the integer pen position and baseline. */
interface Mask {
  left: number;
  top: number;
  width: number;
  height: number;
  /** The covered pixels only: offset in the card's raw rows from the mask's corner, and coverage. */
  offsets: Int32Array;
  coverage: Uint8Array;
}

/** A mask from a coverage bitmap, keeping its covered pixels as offsets in rows of `stride` bytes. */
function maskOf(left: number, top: number, width: number, height: number, alpha: Uint8Array, stride: number): Mask {
  let count = 0;
  for (const value of alpha) if (value > 0) count++;
  const offsets = new Int32Array(count);
  const coverage = new Uint8Array(count);
  let k = 0;
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const value = alpha[row * width + col];
      if (value === 0) continue;
      offsets[k] = row * stride + col;
      coverage[k++] = value;
    }
  }
  return {left, top, width, height, offsets, coverage};
}

interface Placement {
  key: string;
  x: number;
  y: number;
}

interface GlyphNeed {
  face: FaceName;
  size: number;
  variant: number;
  glyph: opentype.Glyph;
}

/** A card's text, laid out and placed: ready to paint once the atlas holds its glyphs. */
export interface CardText {
  title: TitleLayout;
  section: string;
  runs: {ink: 'title' | 'section'; glyphs: Placement[]}[];
}

class Face {
  readonly font: opentype.Font;
  private readonly glyphs = new Map<string, opentype.Glyph>();
  private readonly kerning = new Map<string, number>();

  constructor(file: string) {
    const data = readFileSync(require.resolve(file));
    this.font = opentype.parse(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
  }

  has(char: string): boolean {
    return this.font.charToGlyphIndex(char) > 0;
  }

  /** `text` with each character the font lacks replaced: accents dropped where that helps, else '?'. */
  drawable(text: string): string {
    let out = '';
    for (const char of text) {
      if (char === ' ' || this.has(char)) out += char;
      else {
        const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
        out += bare !== '' && [...bare].every((c) => this.has(c)) ? bare : '?';
      }
    }
    return out;
  }

  glyph(char: string): opentype.Glyph {
    let glyph = this.glyphs.get(char);
    if (!glyph) {
      glyph = this.font.charToGlyph(char);
      this.glyphs.set(char, glyph);
    }
    return glyph;
  }

  private kern(left: opentype.Glyph, right: opentype.Glyph): number {
    const key = `${left.index},${right.index}`;
    let value = this.kerning.get(key);
    if (value === undefined) {
      value = this.font.getKerningValue(left, right);
      this.kerning.set(key, value);
    }
    return value;
  }

  /** Each glyph of `text` with its pen position (in pixels from the start) and the advance. */
  shape(text: string, size: number): {glyphs: {glyph: opentype.Glyph; x: number}[]; width: number} {
    const scale = size / this.font.unitsPerEm;
    const glyphs: {glyph: opentype.Glyph; x: number}[] = [];
    let x = 0;
    let previous: opentype.Glyph | undefined;
    for (const char of text) {
      const glyph = this.glyph(char);
      if (previous) x += this.kern(previous, glyph) * scale;
      glyphs.push({glyph, x});
      x += (glyph.advanceWidth ?? 0) * scale;
      previous = glyph;
    }
    return {glyphs, width: x};
  }

  measure: Measure = (text, size) => this.shape(text, size).width;
}

export class CardPainter {
  private readonly faces: Record<FaceName, Face>;
  private readonly needs = new Map<string, GlyphNeed>();
  private readonly masks = new Map<string, Mask>();
  private readonly palette: Rgb[] = [];
  private readonly inks: Record<'title' | 'section', Ink>;
  /** Per ink, coverage (0–255) → palette index of that step, 0 where the paper shows. */
  private readonly steps: Record<'title' | 'section', Uint8Array>;
  private encoder: BandEncoder | undefined;
  private readonly spareBands: Buffer[] = [];
  private readonly paperRgb: number;
  /** True when `layout` noted glyphs that have no mask yet. */
  private atlasStale = false;

  private constructor(private readonly design: Design) {
    this.faces = {bold: new Face(FONT_FILES.bold)};
    const paper = hexRgb(design.background);
    this.addColour(paper);
    this.paperRgb = (paper[0] << 16) | (paper[1] << 8) | paper[2];
    const ramp = (colour: string, levels: number): Ink => {
      const first = this.palette.length;
      for (let level = 1; level <= levels; level++) this.addColour(mix(paper, hexRgb(colour), level / levels));
      return {first, levels};
    };
    this.inks = {title: ramp(design.ink, 64), section: ramp(design.primary, 40)};
    const steps = ({first, levels}: Ink) =>
      Uint8Array.from({length: 256}, (_, coverage) => {
        const level = Math.round((coverage * levels) / 255);
        return level === 0 ? 0 : first + level - 1;
      });
    this.steps = {title: steps(this.inks.title), section: steps(this.inks.section)};
  }

  static async create(design: Design): Promise<CardPainter> {
    await initResvg();
    return new CardPainter(design);
  }

  private addColour(colour: Rgb): number {
    this.palette.push(colour);
    return this.palette.length - 1;
  }

  private place(face: FaceName, text: string, size: number, x: number, baseline: number): Placement[] {
    const placements: Placement[] = [];
    for (const {glyph, x: offset} of this.faces[face].shape(text, size).glyphs) {
      const pen = x + offset;
      let px = Math.floor(pen);
      let variant = Math.round((pen - px) * SUBPIXELS);
      if (variant === SUBPIXELS) {
        px += 1;
        variant = 0;
      }
      const key = `${face}:${size}:${glyph.index}:${variant}`;
      if (!this.needs.has(key)) {
        this.needs.set(key, {face, size, variant, glyph});
        this.atlasStale = true;
      }
      placements.push({key, x: px, y: Math.round(baseline)});
    }
    return placements;
  }

  /** Lays out a card's title and section and notes the glyphs it needs. */
  layout(title: string, section: string): CardText {
    const {margin, section: sectionBox, title: titleBox} = GEOMETRY;
    const width = WIDTH - 2 * margin;
    const bold = this.faces.bold;
    const titleLayout = fitTitle(bold.drawable(title), TITLE_LADDER, bold.measure, width);
    const sectionText = section === '' ? '' : fitLine(bold.drawable(section), sectionBox.size, bold.measure, width);
    const capHeight = (bold.font.tables.os2?.sCapHeight ?? 0.727 * bold.font.unitsPerEm) / bold.font.unitsPerEm;
    // The title block sits at the top of its box; each line's baseline is a line height below the last.
    const firstBaseline = titleBox.top + capHeight * titleLayout.size;
    const titleGlyphs = titleLayout.lines.flatMap((line, i) =>
      this.place('bold', line, titleLayout.size, margin, firstBaseline + i * titleLayout.lineHeight),
    );
    const runs: CardText['runs'] = [{ink: 'title', glyphs: titleGlyphs}];
    if (sectionText !== '') {
      runs.push({
        ink: 'section',
        glyphs: this.place('bold', sectionText, sectionBox.size, margin, sectionBox.baseline),
      });
    }
    return {title: titleLayout, section: sectionText, runs};
  }

  /** Rasterises every glyph noted by `layout` that has no mask yet. */
  private renderGlyphs(): void {
    for (const [key, {face, size, variant, glyph}] of this.needs) {
      if (this.masks.has(key)) continue;
      const scale = size / this.faces[face].font.unitsPerEm;
      const box = glyph.getBoundingBox();
      if (glyph.getPath(0, 0, size).commands.length === 0 || box.x2 <= box.x1) {
        this.masks.set(key, maskOf(0, 0, 0, 0, new Uint8Array(0), WIDTH + 1));
        continue;
      }
      // The mask's origin sits `left` px right of and `top` px below its top-left corner.
      const left = PAD - Math.floor(box.x1 * scale);
      const top = PAD + Math.ceil(box.y2 * scale);
      const width = left + Math.ceil(box.x2 * scale + 1) + PAD;
      const height = top + Math.ceil(-box.y1 * scale) + PAD;
      const path = glyph.getPath(left + variant / SUBPIXELS, top, size);
      const alpha = rasterize(path.commands as PathCommand[], width, height);
      this.masks.set(key, maskOf(-left, -top, width, height, alpha, WIDTH + 1));
    }
  }

  private backgroundSvg(): string {
    const {design} = this;
    const {band, logo, wordmark, rule, footer, margin} = GEOMETRY;
    const viewBox = /viewBox="([^"]+)"/.exec(design.logoSvg)?.[1] ?? '0 0 64 64';
    const logoInner = design.logoSvg.replace(/^[^]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
    const textPath = (face: FaceName, text: string, size: number, x: number, baseline: number) =>
      this.faces[face].font.getPath(text, x, baseline, size, {kerning: true}).toPathData(2);
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
      `<defs><linearGradient id="cf-band" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${design.gradient[0]}"/><stop offset="1" stop-color="${design.gradient[1]}"/></linearGradient></defs>`,
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="${design.background}"/>`,
      `<rect width="${WIDTH}" height="${band}" fill="url(#cf-band)"/>`,
      `<svg x="${logo.x}" y="${logo.y}" width="${logo.size}" height="${logo.size}" viewBox="${viewBox}">${logoInner}</svg>`,
      `<path fill="${design.ink}" d="${textPath('bold', 'conda-forge', wordmark.size, wordmark.x, wordmark.baseline)}"/>`,
      `<rect x="${margin}" y="${rule.y}" width="${WIDTH - 2 * margin}" height="${rule.height}" fill="${rule.color}"/>`,
      `<path fill="${design.muted}" d="${textPath('bold', FOOTER_TEXT, footer.size, margin, footer.baseline)}"/>`,
      '</svg>',
    ].join('');
  }

  /**
   * The background as palette rows: the colours of the text inks are fixed; the background's own
   * colours fill the rest of the palette, most frequent first, and any beyond take the nearest.
   */
  private renderBackground(): Buffer {
    const image = renderSvg(this.backgroundSvg());
    const {pixels} = image;
    const counts = new Map<number, number>();
    const paper = this.paperRgb;
    for (let i = 0; i < pixels.length; i += 4) {
      const rgb = (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2];
      if (rgb !== paper) counts.set(rgb, (counts.get(rgb) ?? 0) + 1);
    }
    const index = new Map<number, number>();
    this.palette.forEach(([r, g, b], i) => {
      const rgb = (r << 16) | (g << 8) | b;
      if (!index.has(rgb)) index.set(rgb, i);
    });
    const byFrequency = [...counts].filter(([rgb]) => !index.has(rgb)).sort((a, b) => b[1] - a[1]);
    for (const [rgb] of byFrequency.slice(0, 256 - this.palette.length)) {
      index.set(rgb, this.addColour([(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255]));
    }
    const nearest = (rgb: number): number => {
      const [r, g, b] = [(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255];
      let best = 0;
      let bestDistance = Infinity;
      this.palette.forEach(([pr, pg, pb], i) => {
        const distance = (pr - r) ** 2 + (pg - g) ** 2 + (pb - b) ** 2;
        if (distance < bestDistance) [best, bestDistance] = [i, distance];
      });
      index.set(rgb, best);
      return best;
    };
    const raw = rawRows(WIDTH, HEIGHT);
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const i = (y * WIDTH + x) * 4;
        const rgb = (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2];
        // Most of the card is paper, palette entry 0 (and 0 is what the rows start as).
        if (rgb !== paper) raw[y * (WIDTH + 1) + 1 + x] = index.get(rgb) ?? nearest(rgb);
      }
    }
    return raw;
  }

  /** Renders what the laid-out cards need (also done by `paint` when needed). */
  prepare(): void {
    if (this.atlasStale) this.renderGlyphs();
    this.atlasStale = false;
    this.encoder ??= new BandEncoder(WIDTH, HEIGHT, this.palette as Palette, this.renderBackground(), ...TEXT_BAND);
  }

  /** The card as a PNG file. */
  async paint(text: CardText): Promise<Buffer> {
    this.prepare();
    const encoder = this.encoder!;
    // Band buffers are reused: a card's text is cleared by copying the background back in.
    const band = this.spareBands.pop() ?? encoder.band();
    const delta = encoder.delta();
    const {bandTop, bandBottom, bandStart} = encoder;
    const stride = WIDTH + 1;
    // The Adler-32 change (see AdlerDelta), summed here for speed.
    const distanceToEnd = encoder.rawLength - bandStart;
    let sumA = 0;
    let sumB = 0;
    for (const run of text.runs) {
      const steps = this.steps[run.ink];
      const {first, levels} = this.inks[run.ink];
      const last = first + levels;
      for (const placement of run.glyphs) {
        const {width, height, offsets, coverage, left: maskLeft, top: maskTop} = this.masks.get(placement.key)!;
        const left = placement.x + maskLeft;
        const top = placement.y + maskTop;
        if (height > 0 && (top < bandTop || top + height > bandBottom || left < 0 || left + width > WIDTH)) {
          throw new Error(`social-cards: a glyph at ${left},${top} falls outside the text band of the card`);
        }
        const corner = (top - bandTop) * stride + 1 + left;
        for (let k = 0; k < offsets.length; k++) {
          const value = steps[coverage[k]];
          if (value === 0) continue;
          const at = corner + offsets[k];
          const current = band[at];
          // Glyphs that touch keep the darker step; text is only ever set on the plain paper.
          if (current < first || current >= last || current < value) {
            band[at] = value;
            const change = value - current;
            sumA += change;
            sumB += change * (distanceToEnd - at);
          }
        }
      }
    }
    delta.add(sumA, sumB);
    const png = await encoder.encode(band, delta);
    encoder.resetBand(band);
    this.spareBands.push(band);
    return png;
  }
}
