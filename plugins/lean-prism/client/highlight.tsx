/**
 * What the classic theme's code block needs from prism-react-renderer — `Highlight` with its
 * render props, and the `Prism` instance — built on Prism's core and the site's grammars only.
 * plugins/lean-prism aliases `prism-react-renderer` to this module in the site's bundles, which
 * keeps ~25 KB gzip of grammars the site never uses out of every page with a code block.
 */
import type {CSSProperties, ReactNode} from 'react';
import clsx from 'clsx';
import Prism from './prism';
import {toLines, type LineToken} from './tokens';

export {Prism};

interface ThemeEntry {
  types: string[];
  style: CSSProperties;
  languages?: string[];
}
export interface PrismTheme {
  plain: CSSProperties;
  styles: ThemeEntry[];
}

type StyleTable = Record<string, CSSProperties>;

/** The theme's styles by token type, for one language. */
export function styleTable(theme: PrismTheme, language: string): StyleTable {
  const table: StyleTable = {};
  for (const entry of theme.styles) {
    if (entry.languages && !entry.languages.includes(language)) continue;
    for (const type of entry.types) table[type] = {...table[type], ...entry.style};
  }
  return table;
}

/** A token's inline style: the styles of all its types, later (inner) types winning. */
export function tokenStyle(token: LineToken, table: StyleTable): CSSProperties | undefined {
  const {types, empty} = token;
  if (types.length === 1 && types[0] === 'plain') return empty ? {display: 'inline-block'} : undefined;
  const style: CSSProperties = empty ? {display: 'inline-block'} : {};
  for (const type of types) Object.assign(style, table[type]);
  return style;
}

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

export function Highlight({code, language, theme, children}: HighlightProps): ReactNode {
  const table = theme ? styleTable(theme, language) : {};
  const plain = theme?.plain ?? {};
  return children({
    className: `prism-code language-${language}`,
    style: {color: plain.color, backgroundColor: plain.backgroundColor},
    tokens: tokenize(code, language),
    getLineProps: ({line: _line, className, style, ...rest}) => ({
      ...rest,
      className: clsx('token-line', className),
      style: plain.color ? {color: plain.color, ...style} : style,
    }),
    getTokenProps: ({token, className, style, ...rest}) => ({
      ...rest,
      className: clsx('token', ...token.types, className),
      children: token.content,
      style: {...tokenStyle(token, table), ...style},
    }),
  });
}
