import React, {Children, isValidElement, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';

/**
 * The classic theme's code block without its remount after hydration.
 *
 * The theme keys its content on `useIsBrowser()`, so every code block is rendered twice on load:
 * once hydrated, then again from scratch, because the server could only paint the default mode's
 * inline colours. Here the colours are mode-independent custom properties
 * (plugins/lean-prism/tokenStyles.ts), so the server's HTML is already right in both modes and
 * hydration is the only render. Text children become one string, as in the theme; element
 * children keep the theme's element rendering.
 */
export default function CodeBlock({children, ...props}: Props): ReactNode {
  const hasElements = Children.toArray(children).some((child) => isValidElement(child));
  if (hasElements) return <ElementContent {...props}>{children}</ElementContent>;
  const code = Array.isArray(children) ? children.join('') : (children as string);
  return <StringContent {...props}>{code}</StringContent>;
}
