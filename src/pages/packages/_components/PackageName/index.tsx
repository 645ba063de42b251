import React, {Fragment, type ReactNode} from 'react';
import {nameBreaks} from '@site/src/lib/packages/index';
import styles from './styles.module.css';

/**
 * A package or feedstock name that a narrow table column wraps only between its words: after `-`
 * (the browser's own rule), `_` or `.` (a <wbr> there), never in the middle of a word.
 */
export default function PackageName({name}: {name: string}): ReactNode {
  return (
    <span className={styles.name}>
      {nameBreaks(name).map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}
