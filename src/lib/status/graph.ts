/**
 * A migration's dependency graph (Graphviz SVG from the bot), bounded, parsed and sanitised in
 * steps, and put in the page a piece at a time.
 *
 * Sanitising a drawing in one task took 0.9 s for 20,000 elements and 53 s for 200,000; parsing
 * 1 MB of it as XML took a few hundred milliseconds by itself, and so did laying it all out at once.
 * So:
 * - its size is checked on the text, before anything parses it: more than MAX_GRAPH_CHARACTERS
 *   characters or MAX_GRAPH_ELEMENTS elements is refused, and the page says the graph is too large
 *   to draw (graphSize). The bot draws graphs of at most 500 feedstocks (larger migrations get its
 *   logo instead), a few thousand elements;
 * - the text is parsed by the browser's HTML parser, as the sanitiser would parse it, in an inert
 *   document written a piece at a time (readGraphSteps); a file cut short (not ending in `</svg>`)
 *   or whose first element is not an SVG is refused;
 * - it is sanitised a piece at a time: each run of sibling subtrees of at most GRAPH_PIECE_ELEMENTS
 *   elements is sanitised on its own (kind `svg` of ../data/sanitize), a `<g>` too large for one
 *   piece is entered and its children cut the same way, and each piece goes into the drawing already
 *   in the page, so the browser lays it out as it comes (`fill`, run in slices of a few milliseconds
 *   by ../data/steps.ts).
 *
 * The sanitiser is handed DOM nodes and hands DOM nodes back: nothing is serialised and parsed
 * again between the check and the page, so no markup can change its meaning on the way. Pure apart
 * from the DOM interfaces it is given (unit-tested with xmldom).
 */
import {DataError} from '../data/validate';

/** Characters of SVG text above which a graph is not parsed. */
export const MAX_GRAPH_CHARACTERS = 3_000_000;

/** Elements above which a graph is not parsed (the bot's largest drawings have a few thousand). */
export const MAX_GRAPH_ELEMENTS = 20_000;

/** Elements sanitised, and put in the page, in one step. */
export const GRAPH_PIECE_ELEMENTS = 1_000;

/** Characters of text parsed in one step. */
export const GRAPH_PARSE_CHARACTERS = 100_000;

export type GraphSize =
  {fits: true; elements: number} | {fits: false; reason: 'characters' | 'elements'; characters: number};

/**
 * Counts the start tags of an SVG text (`<` followed by a letter, `_` or `:`), stopping once
 * there are more than `limit`: a native `indexOf` per tag, no parsing.
 */
export function countElements(text: string, limit = Infinity): number {
  let count = 0;
  for (let at = text.indexOf('<'); at >= 0 && count <= limit; at = text.indexOf('<', at + 1)) {
    const next = text.charCodeAt(at + 1) | 0x20;
    if ((next >= 97 && next <= 122) || next === 0x7f || next === 0x3a) count += 1;
  }
  return count;
}

/** Whether a graph's text is small enough to parse and draw. */
export function graphSize(text: string): GraphSize {
  if (text.length > MAX_GRAPH_CHARACTERS) return {fits: false, reason: 'characters', characters: text.length};
  const elements = countElements(text, MAX_GRAPH_ELEMENTS);
  if (elements > MAX_GRAPH_ELEMENTS) return {fits: false, reason: 'elements', characters: text.length};
  return {fits: true, elements};
}

/** What the steps need of the browser. */
export interface GraphTools {
  /**
   * A new inert HTML document to parse the text in (document.implementation.createHTMLDocument):
   * no script in it runs and nothing in it loads.
   */
  createDocument: () => Document;
  /**
   * An `<svg>` element → its sanitised copy (kind `svg` of ../data/sanitize, as DOM), or null when
   * the sanitiser did not keep it as one `<svg>` element.
   */
  sanitize: (svg: Element) => Element | null;
}

/** A graph read and checked: its sanitised `<svg>` element, empty, and the steps that fill it. */
export interface ReadGraph {
  /** Put it in the page first: `fill` then adds the drawing to it a piece per step. */
  svg: Element;
  fill: Generator<void, void>;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

const notSvg = () => new DataError('The graph file is not an SVG image.');

/**
 * Parses a graph (check graphSize first), GRAPH_PARSE_CHARACTERS characters per step, checks it,
 * and sanitises its root element: the generator yields between steps.
 */
export function* readGraphSteps(
  text: string,
  tools: GraphTools,
  {parseSize = GRAPH_PARSE_CHARACTERS, pieceSize = GRAPH_PIECE_ELEMENTS} = {},
): Generator<void, ReadGraph> {
  const doc = tools.createDocument();
  doc.open();
  for (let at = 0; at < text.length; at += parseSize) {
    doc.write(text.slice(at, at + parseSize));
    yield;
  }
  doc.close();
  const root = Array.from(doc.body?.childNodes ?? []).find((node) => node.nodeType === ELEMENT_NODE) as
    Element | undefined;
  if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS) throw notSvg();
  // A drawing cut short still parses (as HTML): its end tag says it arrived whole.
  if (!/<\/svg\s*>\s*$/i.test(text.slice(-200))) {
    throw new DataError('The graph file could not be read (malformed SVG).');
  }
  // Entities can make a short text into many elements: the parsed tree is counted too.
  if (root.getElementsByTagName('*').length >= MAX_GRAPH_ELEMENTS) {
    throw new DataError('The graph is too large to draw here.');
  }
  const svg = tools.sanitize(root.cloneNode(false) as Element);
  if (!svg) throw notSvg();
  return {svg, fill: fill(svg, root, doc, tools, pieceSize)};
}

/** Reads and sanitises a graph in one go (tests): the filled `<svg>` element. */
export function readGraphAtOnce(
  text: string,
  tools: GraphTools,
  sizes?: Parameters<typeof readGraphSteps>[2],
): Element {
  const steps = readGraphSteps(text, tools, sizes);
  let step = steps.next();
  while (!step.done) step = steps.next();
  const {svg, fill: filling} = step.value;
  while (!filling.next().done);
  return svg;
}

/** Sanitises the children of `source` into `target`, a piece at a time. */
function* fill(target: Element, source: Element, doc: Document, tools: GraphTools, pieceSize: number): Generator<void> {
  let piece: Node[] = [];
  let pieceElements = 0;
  /** Sanitises the piece gathered so far (wrapped in an `<svg>`) and moves what is kept into `target`. */
  const flush = (): boolean => {
    if (piece.length === 0) return false;
    const wrapper = doc.createElementNS(SVG_NS, 'svg');
    for (const node of piece) wrapper.appendChild(node);
    const clean = tools.sanitize(wrapper);
    while (clean?.firstChild) target.appendChild(clean.firstChild);
    piece = [];
    pieceElements = 0;
    return true;
  };
  for (const child of Array.from(source.childNodes)) {
    // White space between the drawing's elements draws nothing.
    if (child.nodeType === TEXT_NODE && !/\S/.test(child.nodeValue ?? '')) continue;
    const elements = child.nodeType === ELEMENT_NODE ? (child as Element).getElementsByTagName('*').length + 1 : 0;
    const element = child as Element;
    if (elements > pieceSize && element.localName === 'g' && element.namespaceURI === SVG_NS) {
      // A group too large for one piece: its start tag alone, then its children in pieces.
      if (flush()) yield;
      const wrapper = doc.createElementNS(SVG_NS, 'svg');
      wrapper.appendChild(element.cloneNode(false));
      const group = tools.sanitize(wrapper)?.firstChild;
      if (group && group.nodeType === ELEMENT_NODE && (group as Element).localName === 'g') {
        target.appendChild(group);
        yield* fill(group as Element, element, doc, tools, pieceSize);
      }
      continue;
    }
    if (pieceElements > 0 && pieceElements + elements > pieceSize && flush()) yield;
    piece.push(child);
    pieceElements += elements;
  }
  flush();
}
