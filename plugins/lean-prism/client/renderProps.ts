/**
 * The props of a code line and of a token, as prism-react-renderer's render props give them to the
 * classic theme's `CodeBlock/Line`. A token's colours are custom properties named after its types
 * (../tokenStyles.ts), so they are right in both colour modes without re-rendering.
 */
import type {CSSProperties} from 'react';
import clsx from 'clsx';
import styled from '@generated/lean-prism/styled-types.json';
import type {LineToken} from './tokens';
import {tokenVarStyle} from '../tokenStyles';

export interface LineProps {
  line: LineToken[];
  className?: string;
  style?: CSSProperties;
  [key: string]: unknown;
}
export interface TokenProps {
  token: LineToken;
  className?: string;
  style?: CSSProperties;
  [key: string]: unknown;
}

export type LineOutput = Record<string, unknown> & {className: string};
export type TokenOutput = Record<string, unknown> & {className: string; children: string; style: CSSProperties};

export function getLineProps({line: _line, className, ...rest}: LineProps): LineOutput {
  return {...rest, className: clsx('token-line', className)};
}

export function getTokenProps({token, className, style, ...rest}: TokenProps): TokenOutput {
  return {
    ...rest,
    className: clsx('token', ...token.types, className),
    children: token.content,
    style: {...tokenVarStyle(token.types, styled), ...(token.empty ? {display: 'inline-block'} : {}), ...style},
  };
}

/** The `<pre>`'s Prism class names. Its colours come from the stylesheet (`.prism-code`). */
export function prismClassName(language: string): string {
  return `prism-code language-${language}`;
}
