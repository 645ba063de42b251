/**
 * A code block's lines as HTML: what src/components/CodeBlock puts in its `<code>` element, on the
 * server and for a block first rendered in the browser. One string per block, not an element per
 * token: React neither creates nor hydrates the spans.
 *
 * Markup: a `div.token-line` per line, holding a `span.token <types>` per token and a closing
 * `<br/>` (which keeps an empty line one line high). A token's inline style names the custom
 * properties of its types (../tokenStyles.ts), so the same HTML is right in both colour modes.
 */
import type {CSSProperties} from 'react';
import {tokenVarStyle, type StyledTypes} from '../tokenStyles';
import {toLines, type LineToken} from './tokens';
import {escapeHtml} from '../../../src/lib/format/html';

/** `fontStyle` → `font-style`. */
function cssName(property: string): string {
  return property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** An inline style attribute's value; empty when there is nothing to style. */
export function styleAttribute(style: CSSProperties): string {
  return Object.entries(style)
    .map(([property, value]) => `${cssName(property)}:${String(value)}`)
    .join(';');
}

function tokenHtml(token: LineToken, styled: StyledTypes): string {
  const classes = ['token', ...token.types].join(' ');
  const style: CSSProperties = {
    ...tokenVarStyle(token.types, styled),
    ...(token.empty ? {display: 'inline-block'} : {}),
  };
  const attribute = styleAttribute(style);
  // A line that is only a line break shows it with its <br/>, not twice.
  const content = token.empty ? '' : token.content;
  return `<span class="${escapeHtml(classes)}"${attribute ? ` style="${escapeHtml(attribute)}"` : ''}>${escapeHtml(content)}</span>`;
}

/** The lines of a highlighted block. */
export function linesHtml(lines: readonly LineToken[][], styled: StyledTypes): string {
  return lines
    .map((line) => `<div class="token-line">${line.map((token) => tokenHtml(token, styled)).join('')}<br/></div>`)
    .join('');
}

/** The same lines, plain: while a block's grammars load, or in a language the site does not highlight. */
export function plainLinesHtml(code: string): string {
  return linesHtml(toLines(code), {});
}
