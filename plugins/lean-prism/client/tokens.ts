/**
 * Turns Prism's nested token stream into lines of flat tokens, the shape the classic theme's
 * code-block lines render: each token carries every type it is nested in, and an empty line holds
 * one `plain` token with `empty: true`. Types follow prism-react-renderer's rules (a type equal to
 * the innermost one is not repeated; lines break at \n, \r\n and \r), which
 * tests/unit/prismTokens.test.ts checks on the site's own code blocks.
 */
import type {Token as PrismToken, TokenStream} from 'prismjs';

export interface LineToken {
  types: string[];
  content: string;
  empty?: boolean;
}

/** `types` with `added` appended, unless the innermost type already is `added`. */
function appendType(types: string[], added: string | string[]): string[] {
  return types[types.length - 1] === added ? types : types.concat(added);
}

function walk(stream: TokenStream, types: string[], lines: LineToken[][]): void {
  if (typeof stream === 'string') {
    const pieces = stream.split(/\r\n|\r|\n/);
    pieces.forEach((piece, index) => {
      if (index > 0) lines.push([]);
      lines[lines.length - 1].push({types, content: piece});
    });
    return;
  }
  if (Array.isArray(stream)) {
    for (const item of stream) walk(item, types, lines);
    return;
  }
  const token = stream as PrismToken;
  let nested = appendType(types[0] === 'plain' ? [] : types, token.type);
  if (token.alias !== undefined) nested = appendType(nested, token.alias);
  walk(token.content, nested, lines);
}

export function toLines(stream: TokenStream): LineToken[][] {
  const lines: LineToken[][] = [[]];
  walk(stream, ['plain'], lines);
  return lines.map((line) => {
    // A line that is one empty token keeps that token's types, as prism-react-renderer does.
    if (line.length === 1 && line[0].content === '') return [{types: line[0].types, content: '\n', empty: true}];
    // Other empty tokens would render as empty spans: left out.
    const shown = line.filter((token) => token.content !== '');
    return shown.length > 0 ? shown : [{types: ['plain'], content: '\n', empty: true}];
  });
}
