/**
 * What the classic theme's code block needs from prism-react-renderer — `Highlight` with its
 * render props, and the `Prism` instance — built on Prism's core and the site's grammars only.
 * plugins/lean-prism aliases `prism-react-renderer` to this module in the site's bundles, which
 * keeps ~25 KB gzip of grammars the site never uses out of every page with a code block.
 */
import type {CSSProperties, ReactNode} from 'react';
import clsx from 'clsx';
import styled from '@generated/lean-prism/styled-types.json';
import Prism from './prism';
import {toLines, type LineToken} from './tokens';
import {tokenVarStyle, type PrismTheme} from '../tokenStyles';

export {Prism};

interface LineProps {
  line: LineToken[];
  className?: string;
  style?: CSSProperties;
  [key: string]: unknown;
}
interface TokenProps {
  token: LineToken;
  className?: string;
  style?: CSSProperties;
  [key: string]: unknown;
}

export interface RenderProps {
  className: string;
  style: CSSProperties;
  tokens: LineToken[][];
  getLineProps: (props: LineProps) => Record<string, unknown>;
  getTokenProps: (props: TokenProps) => Record<string, unknown> & {children: string};
}

export interface HighlightProps {
  code: string;
  language: string;
  theme?: PrismTheme;
  children: (props: RenderProps) => ReactNode;
}

/** Tokenises `code` as Prism does (with its hooks), or leaves it plain for unknown languages. */
export function tokenize(code: string, language: string): LineToken[][] {
  const grammar = Prism.languages[language];
  if (!grammar) return toLines(code);
  const env = {code, grammar, language, tokens: [] as ReturnType<typeof Prism.tokenize>};
  Prism.hooks.run('before-tokenize', env);
  env.tokens = Prism.tokenize(env.code, env.grammar);
  Prism.hooks.run('after-tokenize', env);
  return toLines(env.tokens);
}

/** The block's own colours come from the stylesheet (`.prism-code`, ../tokenStyles.ts). */
const PLAIN: CSSProperties = {};

/**
 * Render props for the theme's code block. The colours do not depend on the mode (see
 * ../tokenStyles.ts), so `theme` is not read and the browser renders the server's HTML exactly.
 */
export function Highlight({code, language, children}: HighlightProps): ReactNode {
  return children({
    className: `prism-code language-${language}`,
    style: PLAIN,
    tokens: tokenize(code, language),
    getLineProps: ({line: _line, className, ...rest}) => ({...rest, className: clsx('token-line', className)}),
    getTokenProps: ({token, className, style, ...rest}) => ({
      ...rest,
      className: clsx('token', ...token.types, className),
      children: token.content,
      style: {...tokenVarStyle(token.types, styled), ...(token.empty ? {display: 'inline-block'} : {}), ...style},
    }),
  });
}
