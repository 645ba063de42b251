/**
 * The text of a social card, shaped before anything is drawn: how the title wraps and at which
 * size, and the cache key of the card (which title and section a page's card shows is ./head.ts).
 * Pure: text widths come from a `measure` function, so the rules are tested without a font.
 */
import {createHash} from 'node:crypto';
import {ELLIPSIS} from './head';

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
