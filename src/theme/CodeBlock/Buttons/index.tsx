import React, {lazy, Suspense, type ReactNode} from 'react';
import {useDeferredMount} from '@site/src/lib/render/useDeferredMount';

const ButtonGroup = lazy(() => import('./Group'));

/**
 * The code block's buttons (word wrap, copy). As in the theme they exist only in the browser (they
 * need React to work, and are hidden until the block is hovered or focused), but they appear in a
 * transition after hydration instead of the theme's `BrowserOnly` re-render (~17 elements per
 * block, which on a page with 40 blocks made one long task: src/lib/render/useDeferredMount.ts),
 * and their code is a chunk of its own, loaded then (./Group.tsx).
 */
export default function CodeBlockButtons({className}: {className?: string}): ReactNode {
  if (!useDeferredMount()) return null;
  return (
    <Suspense fallback={null}>
      <ButtonGroup className={className} />
    </Suspense>
  );
}
