/**
 * Where the code-block component is handed over at run time. Pages with fenced code blocks import
 * `./register` (the remark plugin adds that import), which puts the classic theme's CodeBlock
 * here; `src/theme/MDXComponents/Code` renders whatever is registered.
 */
import type {ComponentType} from 'react';
import type {Props} from '@theme/CodeBlock';

let registered: ComponentType<Props> | undefined;

export function registerCodeBlock(component: ComponentType<Props>): void {
  registered = component;
}

export function registeredCodeBlock(): ComponentType<Props> | undefined {
  return registered;
}
