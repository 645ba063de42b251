/**
 * Page titles (h1) keep each ISO date on one line: browsers may break a line after a hyphen, so
 * "Core meeting, 2024-05-01" could end a line with "2024-" on a phone. Other headings are unchanged.
 */
import React, {type ReactNode} from 'react';
import Heading from '@theme-original/Heading';
import type {Props} from '@theme/Heading';
import {splitDates} from '@site/src/lib/minutes/dates';
import styles from './styles.module.css';

export default function HeadingWrapper(props: Props): ReactNode {
  const {as, children} = props;
  if (as !== 'h1' || typeof children !== 'string' || !/\d{4}-\d{2}-\d{2}/.test(children)) {
    return <Heading {...props} />;
  }
  return (
    <Heading {...props}>
      {splitDates(children).map(({text, date}, i) =>
        date ? (
          <span key={i} className={styles.date}>
            {text}
          </span>
        ) : (
          text
        ),
      )}
    </Heading>
  );
}
