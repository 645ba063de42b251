import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import CopyCommand from '@site/src/pages/download/_components/CopyCommand';
import home from '@generated/home-data/default/home.json';
import styles from './styles.module.css';

/**
 * The first step, in the first screen: the one-line Miniforge install for macOS and Linux, with a
 * copy button, and where to go for Windows and for the other installers.
 */
export default function HomeInstall({className}: {className?: string}): ReactNode {
  return (
    <section className={`${className ?? ''} ${styles.install}`} aria-labelledby="install-heading">
      <h2 id="install-heading">Install in one line</h2>
      <p>
        Miniforge installs <code>conda</code> and <code>mamba</code> with conda-forge as the only channel. On macOS or
        Linux, run this in a terminal:
      </p>
      <CopyCommand command={home.installCommand} />
      <p className={styles.more}>
        Windows, checksums and every installer: <Link to="/download/">the download page</Link>. Already using conda? Add
        a package from conda-forge with <code>conda install -c conda-forge &lt;package&gt;</code>.
      </p>
    </section>
  );
}
