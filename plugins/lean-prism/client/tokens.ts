/**
 * Turns Prism's nested token stream into lines of flat tokens, the shape the classic theme's
 * code-block lines render: each token carries every type it is nested in, and an empty line holds
 * one `plain` token with `empty: true`.
 */
import type {Token as PrismToken, TokenStream} from 'prismjs';

export interface LineToken {
  types: string[];
  content: string;
  empty?: boolean;
}

function walk(stream: TokenStream, types: string[], lines: LineToken[][]): void {
  if (typeof stream === 'string') {
    const pieces = stream.split('\n');
    pieces.forEach((piece, index) => {
      if (index > 0) lines.push([]);
      if (piece !== '') lines[lines.length - 1].push({types, content: piece});
    });
    return;
  }
  if (Array.isArray(stream)) {
    for (const item of stream) walk(item, types, lines);
    return;
  }
  const token = stream as PrismToken;
  const alias = token.alias === undefined ? [] : Array.isArray(token.alias) ? token.alias : [token.alias];
  const nested = types[0] === 'plain' ? [token.type, ...alias] : [...types, token.type, ...alias];
  walk(token.content, nested, lines);
}

export function toLines(stream: TokenStream): LineToken[][] {
  const lines: LineToken[][] = [[]];
  walk(stream, ['plain'], lines);
  return lines.map((line) => (line.length === 0 ? [{types: ['plain'], content: '\n', empty: true}] : line));
}
