import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Buttons from '@theme-original/CodeBlock/Buttons';
import type ButtonsType from '@theme/CodeBlock/Buttons';
import type {WrapperProps} from '@docusaurus/types';
import styles from './styles.module.css';

type Props = WrapperProps<typeof ButtonsType>;

/**
 * The code block's buttons (word wrap, copy), anchored by their right edge: the word-wrap
 * button only appears once the browser has measured that the code overflows, and it must not
 * push the copy button or the group sideways when it does (a layout shift).
 */
export default function ButtonsWrapper(props: Props): ReactNode {
  return <Buttons {...props} className={clsx(props.className, styles.anchoredRight)} />;
}
