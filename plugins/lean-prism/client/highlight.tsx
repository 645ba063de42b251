/**
 * What the classic theme's code block needs from prism-react-renderer — `Highlight` with its
 * render props, and the `Prism` instance — built on Prism's core and the site's grammars only.
 * plugins/lean-prism aliases `prism-react-renderer` to this module in the site's bundles, which
 * keeps ~25 KB gzip of grammars the site never uses out of every page with a code block. The
 * site's own code block (src/theme/CodeBlock/Content) uses the pieces directly, through
 * ./highlighter.ts.
 */
import type {CSSProperties, ReactNode} from 'react';
import {Prism, tokenize} from './tokenize';
import {
  getLineProps,
  getTokenProps,
  prismClassName,
  type LineOutput,
  type LineProps,
  type TokenOutput,
  type TokenProps,
} from './renderProps';
import type {LineToken} from './tokens';
import type {PrismTheme} from '../tokenStyles';

export {Prism, tokenize};

export interface RenderProps {
  className: string;
  style: CSSProperties;
  tokens: LineToken[][];
  getLineProps: (props: LineProps) => LineOutput;
  getTokenProps: (props: TokenProps) => TokenOutput;
}

export interface HighlightProps {
  code: string;
  language: string;
  theme?: PrismTheme;
  children: (props: RenderProps) => ReactNode;
}

/** The block's own colours come from the stylesheet (`.prism-code`, ../tokenStyles.ts). */
const PLAIN: CSSProperties = {};

/**
 * Render props for the theme's code block. The colours do not depend on the mode (see
 * ../tokenStyles.ts), so `theme` is not read and the browser renders the server's HTML exactly.
 */
export function Highlight({code, language, children}: HighlightProps): ReactNode {
  return children({
    className: prismClassName(language),
    style: PLAIN,
    tokens: tokenize(code, language),
    getLineProps,
    getTokenProps,
  });
}
