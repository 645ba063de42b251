import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import type {SortDirection} from '@site/src/lib/status/sort';
import styles from './styles.module.css';

interface Props {
  label: string;
  /** The column's current direction when the table is sorted by it. */
  sorted?: SortDirection;
  onSort: () => void;
  className?: string;
}

/**
 * A column header that sorts its table: a button named by the column, an arrow that shows the
 * order, and `aria-sort` on the header cell of the column the table is sorted by. Used by the
 * status page's migrations table and by each migration's feedstock table.
 */
export default function SortableHeader({label, sorted, onSort, className}: Props): ReactNode {
  return (
    <th scope="col" aria-sort={sorted} className={className}>
      <button type="button" className={styles.sort} onClick={onSort}>
        {label}
        <span className={clsx(styles.arrow, sorted && styles.active)} aria-hidden="true">
          {sorted ? (sorted === 'ascending' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
