import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import CopyButton from '@theme/CodeBlock/Buttons/CopyButton';
import WordWrapButton from '@theme/CodeBlock/Buttons/WordWrapButton';
import {useDeferredMount} from '@site/src/lib/render/useDeferredMount';
// The theme's own stylesheet, so the group looks and behaves (shown on hover and focus) as the theme's.
import themeStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Buttons/styles.module.css';
import styles from './styles.module.css';

/**
 * The code block's buttons (word wrap, copy). As in the theme they exist only in the browser (they
 * need React to work, and are hidden until the block is hovered or focused), but they appear in a
 * transition after hydration instead of the theme's `BrowserOnly` re-render: ~17 elements per
 * block, which on a page with 40 blocks made one long task (src/lib/render/useDeferredMount.ts).
 *
 * The group is anchored by its right edge: the word-wrap button only appears once the browser has
 * measured that the code overflows, and it must not push the copy button or the group sideways
 * when it does (a layout shift).
 */
export default function CodeBlockButtons({className}: {className?: string}): ReactNode {
  if (!useDeferredMount()) return null;
  return (
    <div className={clsx(className, themeStyles.buttonGroup, styles.anchoredRight)}>
      <WordWrapButton />
      <CopyButton />
    </div>
  );
}
