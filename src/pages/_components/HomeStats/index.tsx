import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import DataState from '@site/src/components/DataState';
import {formatCompact} from '@site/src/lib/format/english';
import {homeData} from '@site/src/lib/home/data';
import {useRemoteData} from '@site/src/lib/data/useRemoteData';
import {useSources} from '@site/src/lib/data/useSources';
import styles from './styles.module.css';

const NUMBERS_REPO = 'https://github.com/conda-forge/by-the-numbers';

export default function HomeStats(): ReactNode {
  const {liveCounts} = useSources();
  const state = useRemoteData(
    (signal) => homeData().then(({loadLiveCounts}) => loadLiveCounts(liveCounts, signal)),
    [liveCounts],
  );
  return (
    <section className={styles.section} aria-labelledby="about-heading">
      <div className="container">
        <h2 id="about-heading">About conda-forge</h2>
        <p className={styles.intro}>
          conda-forge is a community that packages software for the conda ecosystem: every package has its own
          repository, called a feedstock, where its recipe is built and tested in public CI before it is published to
          the <code>conda-forge</code> channel.
        </p>
        <div className={styles.tilesArea}>
          <DataState state={state} what="statistics" quiet="Live statistics are unavailable right now.">
            {(tiles) => (
              <ul className={styles.tiles}>
                {tiles.map((tile) => (
                  <li key={tile.label}>
                    <a className={`cf-card ${styles.tile}`} href={NUMBERS_REPO}>
                      <span className={styles.value}>{formatCompact(tile.value)}</span>
                      <span className={styles.label}>{tile.label}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </DataState>
        </div>
        <p>
          New here? The <Link to="/docs/user/introduction/">introduction for users</Link> explains how to install
          packages, and the <Link to="/docs/maintainer/">maintainer docs</Link> show how to contribute a recipe.
        </p>
      </div>
    </section>
  );
}
