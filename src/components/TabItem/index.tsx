import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import {tabIds, useTabsState} from '@site/src/components/Tabs';
import styles from './styles.module.css';

export interface Props {
  /** The tab's value: unique among its tabs, and what a group stores. */
  value: string;
  /** The tab's text; the value when absent. */
  label?: string;
  /** Shown first, unless the tabs name a `defaultValue`. */
  default?: boolean;
  /** Classes of the panel. */
  className?: string;
  children?: ReactNode;
}

/**
 * One panel of a `<Tabs>` (src/components/Tabs, which reads `label` and `default` from here). The
 * panels of the other tabs stay in the page, hidden, as the server wrote them.
 */
export default function TabItem({value, className, children}: Props): ReactNode {
  const state = useTabsState();
  const ids = tabIds(state, value);
  return (
    <div
      role="tabpanel"
      id={ids.panel}
      aria-labelledby={ids.tab}
      className={clsx(styles.panel, className)}
      hidden={value !== state.selected}
    >
      {children}
    </div>
  );
}
