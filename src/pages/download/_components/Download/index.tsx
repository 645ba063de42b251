import React, {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import CodeBlock from '@theme/CodeBlock';
// The browser's highlighter carries no grammars: a component that renders code imports its own,
// after the code block (which brings Prism's core). See plugins/lean-prism/client/prism.ts.
import 'prismjs/components/prism-bash';
import DataState from '@site/src/components/DataState';
import {fetchJson} from '@site/src/lib/data/fetchData';
import {
  detectOs,
  INSTALLERS,
  latestDownloadUrl,
  OS_ORDER,
  parseLatestRelease,
  type OsName,
} from '@site/src/lib/download/index';
import {useRemoteData} from '@site/src/lib/data/useRemoteData';
import {useSources} from '@site/src/lib/data/useSources';
import styles from './styles.module.css';

function LatestRelease(): ReactNode {
  const {miniforgeLatestRelease} = useSources();
  const state = useRemoteData(
    (signal) =>
      fetchJson(miniforgeLatestRelease, parseLatestRelease, {
        signal,
        headers: {Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': '2022-11-28'},
      }),
    [miniforgeLatestRelease],
  );
  return (
    <div className={styles.release}>
      <DataState state={state} what="latest release" quiet="Version details could not be loaded.">
        {(release) => (
          <p>
            Latest release: <a href={release.url}>Miniforge {release.version}</a>
            {release.publishedAt && `, published ${release.publishedAt.slice(0, 10)}`}. The links below always download
            the newest release.
          </p>
        )}
      </DataState>
    </div>
  );
}

export default function Download(): ReactNode {
  const [visitorOs, setVisitorOs] = useState<OsName | null>(null);
  useEffect(() => setVisitorOs(detectOs(navigator.userAgent)), []);

  return (
    <>
      <LatestRelease />
      <div className={styles.grid}>
        {OS_ORDER.map((os) => (
          <section
            key={os}
            className={clsx(styles.card, os === visitorOs && styles.current)}
            aria-labelledby={`installer-${os}`}
          >
            <h3 id={`installer-${os}`}>
              {os}
              {os === visitorOs && <span className={styles.badge}>Your system</span>}
            </h3>
            <ul className={styles.files}>
              {INSTALLERS.filter((i) => i.os === os).map((installer) => (
                <li key={installer.file}>
                  <a className="button button--secondary button--block" href={latestDownloadUrl(installer.file)}>
                    {installer.label}
                  </a>
                  <code className={styles.file}>{installer.file}</code>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}

export function InstallSteps(): ReactNode {
  return (
    <>
      <h3>macOS and Linux</h3>
      <p>Download the installer for your machine, then run it in a terminal and follow the prompts:</p>
      <CodeBlock language="bash">
        {
          'curl -L -O "https://github.com/conda-forge/miniforge/releases/latest/download/Miniforge3-$(uname)-$(uname -m).sh"\nbash Miniforge3-$(uname)-$(uname -m).sh'
        }
      </CodeBlock>
      <p>
        The installer asks where to install and whether to initialise your shell. Open a new terminal afterwards and
        check that <code>conda</code> and <code>mamba</code> answer.
      </p>
      <h3>Windows</h3>
      <p>
        Run <code>Miniforge3-Windows-x86_64.exe</code> and follow the wizard. Start the <em>Miniforge Prompt</em> from
        the Start menu to use <code>conda</code> and <code>mamba</code>.
      </p>
    </>
  );
}
