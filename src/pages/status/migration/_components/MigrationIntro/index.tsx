import React, {type ReactNode} from 'react';
import styles from './styles.module.css';

/**
 * What a migration is and what the page shows. The server renders it under the page's heading,
 * so a reader has something to read while the details load; the details then keep it under their
 * own heading.
 */
export default function MigrationIntro(): ReactNode {
  return (
    <p className={styles.intro}>
      A migration rebuilds the feedstocks that depend on a package whose change needs new builds, such as a new Python
      version or a new version of a pinned library. The bot opens a pull request on a feedstock once the feedstocks it
      depends on are done, so the work moves up the dependency graph. Below, where each feedstock stands: in a table, or
      in the graph of what waits on what.
    </p>
  );
}
