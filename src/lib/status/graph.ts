/**
 * A migration's dependency graph (Graphviz SVG from the bot), bounded and sanitised in steps
 * before the page inlines it.
 *
 * Sanitising a drawing in one task took 0.9 s for 20,000 elements and 53 s for 200,000. So:
 * - its size is checked on the text, before anything parses it: more than MAX_GRAPH_CHARACTERS
 *   characters or MAX_GRAPH_ELEMENTS elements is refused, and the page says the graph is too large
 *   to draw (graphSize);
 * - it is parsed as XML once (a malformed file is refused), then sanitised a piece at a time: each
 *   run of sibling subtrees of at most GRAPH_PIECE_ELEMENTS elements is sanitised on its own
 *   (kind `svg` of ../data/sanitize), a `<g>` too large for one piece is entered and its children
 *   cut the same way, and the browser gets a pause between pieces (sanitizeGraphSteps).
 *
 * The sanitiser is handed DOM nodes and hands DOM nodes back: nothing is serialised and parsed
 * again between the check and the page, so no markup can change its meaning on the way. Pure apart
 * from the DOM interfaces it is given (unit-tested with xmldom).
 */
import {DataError} from '../data/fetchData';

/** Characters of SVG text above which a graph is not parsed. */
export const MAX_GRAPH_CHARACTERS = 3_000_000;

/** Elements above which a graph is not parsed (a drawing of about 4,000 nodes and their edges). */
export const MAX_GRAPH_ELEMENTS = 20_000;

/** Elements sanitised in one step. */
export const GRAPH_PIECE_ELEMENTS = 1_000;

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
  /** XML text → document (DOMParser, `image/svg+xml`). */
  parse: (text: string) => Document;
  /**
   * An `<svg>` element → its sanitised copy (kind `svg` of ../data/sanitize, as DOM), or null when
   * the sanitiser did not keep it as one `<svg>` element.
   */
  sanitize: (svg: Element) => Element | null;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

const notSvg = () => new DataError('The graph file is not an SVG image.');

/**
 * Sanitises a graph, one piece per step (the generator yields between pieces); check graphSize
 * first. Returns the sanitised `<svg>` element, ready to be put in the page.
 */
export function* sanitizeGraphSteps(
  text: string,
  tools: GraphTools,
  pieceSize = GRAPH_PIECE_ELEMENTS,
): Generator<void, Element> {
  const doc = tools.parse(text);
  if (doc.getElementsByTagName('parsererror').length > 0) {
    throw new DataError('The graph file could not be read (malformed SVG).');
  }
  const root = doc.documentElement;
  if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS) throw notSvg();
  // Entities can make a short text into many elements: the parsed tree is counted too.
  if (doc.getElementsByTagName('*').length > MAX_GRAPH_ELEMENTS) {
    throw new DataError('The graph is too large to draw here.');
  }
  yield;
  const out = tools.sanitize(root.cloneNode(false) as Element);
  if (!out) throw notSvg();
  yield* fill(out, root, doc, tools, pieceSize);
  return out;
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
