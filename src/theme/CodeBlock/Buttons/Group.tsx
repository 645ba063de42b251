import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import CopyButton from '@theme/CodeBlock/Buttons/CopyButton';
import WordWrapButton from '@theme/CodeBlock/Buttons/WordWrapButton';
// The theme's own stylesheet, so the group looks and behaves (shown on hover and focus) as the theme's.
import themeStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Buttons/styles.module.css';
import styles from './styles.module.css';

/**
 * The buttons themselves, in a chunk of their own (./index.tsx loads it once the page is
 * interactive): no page needs them to show its code.
 *
 * The group is anchored by its right edge: the word-wrap button only appears once the browser has
 * measured that the code overflows, and it must not push the copy button or the group sideways
 * when it does (a layout shift).
 */
export default function CodeBlockButtonGroup({className}: {className?: string}): ReactNode {
  return (
    <div className={clsx(className, themeStyles.buttonGroup, styles.anchoredRight)}>
      <WordWrapButton />
      <CopyButton />
    </div>
  );
}
