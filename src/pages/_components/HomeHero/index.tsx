import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import ThemedImage from '@theme/ThemedImage';
import useBaseUrl from '@docusaurus/useBaseUrl';
import styles from './styles.module.css';

export default function HomeHero(): ReactNode {
  return (
    <header className={styles.hero}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.text}>
          <h1 className={styles.title}>
            Community-led recipes, infrastructure and distributions for <a href="https://conda.org/">conda</a>
          </h1>
          <p className={styles.lead}>
            conda-forge builds and publishes tens of thousands of open-source packages for Linux, macOS and Windows,
            maintained in the open by thousands of volunteers.
          </p>
          <div className={styles.actions}>
            <Link className="button button--primary button--lg" to="/docs/">
              Explore conda-forge
            </Link>
            <Link className="button button--secondary button--lg" to="/download/">
              Download conda-forge
            </Link>
          </div>
        </div>
        <ThemedImage
          className={styles.logo}
          alt=""
          width={220}
          height={220}
          sources={{light: useBaseUrl('/img/logo.svg'), dark: useBaseUrl('/img/logo-dark.svg')}}
        />
      </div>
    </header>
  );
}
