/** The one sorting rule of the status tables. */
export type SortDirection = 'ascending' | 'descending';

/**
 * A sorted copy of `rows` by `value`: rows without a value (details not loaded, no PR…) go last
 * in both directions, and ties fall back to the name, ascending, so the order is stable.
 */
export function sortMissingLast<T extends {name: string}>(
  rows: readonly T[],
  value: (row: T) => number | string | undefined,
  direction: SortDirection,
): T[] {
  const sign = direction === 'ascending' ? 1 : -1;
  const compare = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
  return rows
    .map((row) => ({row, value: value(row)}))
    .sort((a, b) => {
      if (a.value === undefined || b.value === undefined) {
        if (a.value !== b.value) return a.value === undefined ? 1 : -1;
        return compare(a.row.name, b.row.name);
      }
      return sign * compare(a.value, b.value) || compare(a.row.name, b.row.name);
    })
    .map(({row}) => row);
}
