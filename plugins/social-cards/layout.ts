/**
 * The text of a social card, shaped before anything is drawn: which title and section a page's
 * card shows, how the title wraps and at which size, and the cache key of the card. Pure: text
 * widths come from a `measure` function, so the rules are tested without a font.
 */
import {createHash} from 'node:crypto';

/** Where a page's card lives in the built site (`SOCIAL_CARD_DIR` + the route's segments + `.png`). */
export const SOCIAL_CARD_DIR = '/img/social/';

/**
 * `/docs/user/faq/` → `/img/social/docs/user/faq.png`, `/` → `/img/social/index.png`,
 * `/404.html` → `/img/social/404.png`. Characters outside `[A-Za-z0-9._-]` in a segment become `-`.
 */
export function socialCardPath(pathname: string): string {
  const segments = pathname
    .replace(/\.html?$/, '')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
    .map((segment) => segment.replace(/[^A-Za-z0-9._-]+/g, '-'));
  return `${SOCIAL_CARD_DIR}${segments.length > 0 ? segments.join('/') : 'index'}.png`;
}

/** Width in pixels of a text at a font size. */
export type Measure = (text: string, size: number) => number;

/** One rung of the title's size ladder: the first rung whose line count the title fits wins. */
export interface TitleStep {
  size: number;
  lineHeight: number;
  maxLines: number;
}

export interface TitleLayout {
  size: number;
  lineHeight: number;
  lines: string[];
  /** True when the title did not fit even the last rung and its end was cut with an ellipsis. */
  truncated: boolean;
}

const ELLIPSIS = '…';
/** Titles and sections longer than this are cut before layout: no card needs more. */
export const MAX_TITLE_CHARS = 300;
export const MAX_SECTION_CHARS = 80;

/** Splits a word wider than `maxWidth` into pieces that each fit (at least one character each). */
function splitLongWord(word: string, size: number, measure: Measure, maxWidth: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece !== '' && measure(piece + char, size) > maxWidth) {
      pieces.push(piece);
      piece = char;
    } else piece += char;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/** Greedy word wrap: as many words on each line as fit in `maxWidth`; over-wide words are split. */
export function wrapText(text: string, size: number, measure: Measure, maxWidth: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (measure(candidate, size) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    if (measure(word, size) <= maxWidth) {
      line = word;
      continue;
    }
    const pieces = splitLongWord(word, size, measure, maxWidth);
    lines.push(...pieces.slice(0, -1));
    line = pieces.at(-1) ?? '';
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** `text` cut at the end (whole words first, then characters) so that it and an ellipsis fit. */
export function withEllipsis(text: string, size: number, measure: Measure, maxWidth: number): string {
  let kept = text.trimEnd();
  while (kept !== '' && measure(kept + ELLIPSIS, size) > maxWidth) {
    const lastSpace = kept.lastIndexOf(' ');
    // Drop the last word when what stays still says something; else drop characters.
    kept = lastSpace > kept.length / 2 ? kept.slice(0, lastSpace).trimEnd() : [...kept].slice(0, -1).join('');
  }
  return kept + ELLIPSIS;
}

/**
 * The title's lines at the largest size of `ladder` at which it fits that rung's line count; a
 * title too long for the last rung keeps its first lines and ends with an ellipsis.
 */
export function fitTitle(title: string, ladder: readonly TitleStep[], measure: Measure, maxWidth: number): TitleLayout {
  if (ladder.length === 0) throw new Error('fitTitle: the size ladder is empty');
  for (const step of ladder) {
    const lines = wrapText(title, step.size, measure, maxWidth);
    if (lines.length <= step.maxLines) return {size: step.size, lineHeight: step.lineHeight, lines, truncated: false};
  }
  const last = ladder[ladder.length - 1];
  const lines = wrapText(title, last.size, measure, maxWidth).slice(0, last.maxLines);
  lines[lines.length - 1] = withEllipsis(lines[lines.length - 1], last.size, measure, maxWidth);
  return {size: last.size, lineHeight: last.lineHeight, lines, truncated: true};
}

/** One line: `text` as it is when it fits, else cut with an ellipsis. */
export function fitLine(text: string, size: number, measure: Measure, maxWidth: number): string {
  return measure(text, size) <= maxWidth ? text : withEllipsis(text, size, measure, maxWidth);
}

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' '};

/** Decodes the character references React writes into attribute values and titles. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Collapses white space, drops control characters and bounds the length. */
export function cleanText(text: string, maxChars: number): string {
  const flat = text
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...flat];
  return chars.length > maxChars ? `${chars.slice(0, maxChars - 1).join('')}${ELLIPSIS}` : flat;
}

/**
 * The card title of a page, from its `og:title` (or `<title>`), which Docusaurus writes as
 * "Page | Site title". The home page's title is the site title alone: its card shows the site's
 * tagline (the part after " | "), capitalised.
 */
export function cardTitle(pageTitle: string, siteTitle: string): string {
  const title = cleanText(decodeEntities(pageTitle), MAX_TITLE_CHARS * 2);
  const suffix = ` | ${siteTitle}`;
  if (title.endsWith(suffix) && title.length > suffix.length) {
    return cleanText(title.slice(0, -suffix.length), MAX_TITLE_CHARS);
  }
  if (title === siteTitle) {
    const tagline = siteTitle.split(' | ').slice(1).join(' | ') || siteTitle;
    return cleanText(tagline.charAt(0).toUpperCase() + tagline.slice(1), MAX_TITLE_CHARS);
  }
  return cleanText(title, MAX_TITLE_CHARS);
}

/** A section of the site, by the start of its pages' paths. */
export interface Section {
  prefix: string;
  label: string;
}

/** The section label of a route: the label of the longest matching prefix, or '' for none. */
export function sectionOf(route: string, sections: readonly Section[]): string {
  let best: Section | undefined;
  for (const section of sections) {
    if (route.startsWith(section.prefix) && (!best || section.prefix.length > best.prefix.length)) best = section;
  }
  return best ? cleanText(best.label, MAX_SECTION_CHARS) : '';
}

/**
 * The cache key of a card: a hash of its title, section and the design version (which changes
 * with the drawing code, the colours, the logo and the font), so that a card is drawn again
 * exactly when something it shows changed.
 */
export function cardKey(title: string, section: string, designVersion: string): string {
  return createHash('sha256')
    .update(JSON.stringify([designVersion, title, section]))
    .digest('hex')
    .slice(0, 24);
}
