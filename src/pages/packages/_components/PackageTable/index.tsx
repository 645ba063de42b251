import React, {type ReactNode} from 'react';
import {splitMatch, type PackageEntry, type PackageQuery} from '@site/src/lib/packages/index';
import BuiltBy from '../BuiltBy';
import styles from './styles.module.css';

export const anacondaUrl = (name: string): string => `https://anaconda.org/conda-forge/${encodeURIComponent(name)}`;

/**
 * A table of packages: the name links to the package's page on anaconda.org (with the matched
 * part in bold), beside the feedstocks that build it. The package links carry `data-result`: the
 * filter's arrow keys move through them.
 */
export default function PackageTable({
  entries,
  query = null,
  empty,
}: {
  entries: readonly PackageEntry[];
  query?: PackageQuery | null;
  empty: string;
}): ReactNode {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Package</th>
          <th scope="col">Built by</th>
        </tr>
      </thead>
      <tbody>
        {entries.length === 0 && (
          <tr>
            <td colSpan={2}>{empty}</td>
          </tr>
        )}
        {entries.map((entry, position) => {
          const {before, match, after} = splitMatch(entry.name, query);
          // Keyed by position: a keystroke patches the existing rows instead of rebuilding them.
          return (
            <tr key={position}>
              <td>
                <a href={anacondaUrl(entry.name)} data-result="">
                  {before}
                  {match && <mark>{match}</mark>}
                  {after}
                </a>
              </td>
              <td>
                <BuiltBy name={entry.name} feedstocks={entry.feedstocks} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
