/**
 * Code blocks without Prism in the start-up bundle. The server renders the full, highlighted
 * block; in the browser the highlighter is its own chunk, fetched once the page is idle after
 * hydration. Until it arrives, hydration keeps the server's HTML (a Suspense boundary), and after
 * a client-side navigation a plain rendering of the same code, in the same box, stands in.
 */
import React, {lazy, Suspense, type ComponentType, type ReactNode} from 'react';
import clsx from 'clsx';
import type {Props} from '@theme/CodeBlock';
import styles from './styles.module.css';

type HighlightedModule = {default: ComponentType<Props>};
let highlighter: Promise<HighlightedModule> | undefined;

/** Loads the highlighter once: at once on the server, when the browser is idle otherwise. */
function loadHighlighter(): Promise<HighlightedModule> {
  highlighter ??=
    typeof window === 'undefined' || typeof window.requestIdleCallback !== 'function'
      ? import('./Highlighted')
      : new Promise<void>((resolve) => window.requestIdleCallback(() => resolve(), {timeout: 1500})).then(
          () => import('./Highlighted'),
        );
  return highlighter;
}

const Highlighted = lazy(loadHighlighter);

/** The `title="…"` of a code fence's meta string, if any. */
export function titleFromMeta(metastring: string | undefined): string | undefined {
  return metastring?.match(/title=(["'])(.*?)\1/)?.[2];
}

function PlainCodeBlock({children, className, metastring, title}: Props): ReactNode {
  const text = typeof children === 'string' ? children.replace(/\n$/, '') : children;
  const heading = title ?? titleFromMeta(metastring);
  return (
    <div className={clsx('theme-code-block', styles.plain, className)}>
      {heading && <div className={styles.title}>{heading}</div>}
      <pre className={styles.pre}>
        <code>{text}</code>
      </pre>
    </div>
  );
}

export default function CodeBlock(props: Props): ReactNode {
  return (
    <Suspense fallback={<PlainCodeBlock {...props} />}>
      <Highlighted {...props} />
    </Suspense>
  );
}
