import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import HomeInstall from '../HomeInstall';
import HomeNews from '../HomeNews';
import styles from './styles.module.css';

/**
 * The first screen: what conda-forge is, the command that installs it, and the two newest news
 * posts beside them (below them on a phone).
 */
export default function HomeHero(): ReactNode {
  return (
    <header className={styles.hero}>
      <div className={`container ${styles.inner}`}>
        <div>
          <h1 className={styles.title}>
            Community-led recipes, infrastructure and distributions for <a href="https://conda.org/">conda</a>
          </h1>
          <p className={styles.lead}>
            conda-forge builds and publishes tens of thousands of open-source packages for Linux, macOS and Windows,
            maintained in the open by thousands of volunteers.
          </p>
          <HomeInstall className={styles.panel} />
          <div className={styles.actions}>
            <Link className="button button--primary button--lg" to="/docs/">
              Explore conda-forge
            </Link>
            <Link className="button button--secondary button--lg" to="/packages/">
              Find a package
            </Link>
          </div>
        </div>
        <HomeNews className={`${styles.panel} ${styles.side}`} />
      </div>
    </header>
  );
}
