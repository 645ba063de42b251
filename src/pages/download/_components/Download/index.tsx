import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import CodeBlock from '@site/src/components/CodeBlock';
import DataState from '@site/src/components/DataState';
import {fetchJson} from '@site/src/lib/data/fetchData';
import {
  COMMAND_SHELL,
  detectOs,
  downloadItems,
  formatSize,
  installCommand,
  latestDownloadUrl,
  OS_ORDER,
  parseLatestRelease,
  splitChecksum,
  type DownloadItem,
  type OsName,
  type ReleaseInfo,
} from '@site/src/lib/download/index';
import {useCopy} from '@site/src/lib/render/useCopy';
import {useRemoteData, type RemoteState} from '@site/src/lib/data/useRemoteData';
import {useSources} from '@site/src/lib/data/useSources';
import CopyCommand from '../CopyCommand';
import styles from './styles.module.css';

/**
 * A file's SHA-256 from the release data, when it gives one, on one line: its first and last
 * characters in view, the middle hidden but still in the text (selecting, find in page, screen
 * readers), and a button that copies all of it. The line keeps its height before the data arrives
 * (and if it never does), so the installers below it do not move.
 */
function Checksum({item}: {item: DownloadItem}): ReactNode {
  const code = useRef<HTMLElement>(null);
  const {outcome, copy} = useCopy(item.sha256 ?? '', code);
  if (!item.sha256) return <div className={styles.checksum} />;
  const {head, middle, tail} = splitChecksum(item.sha256);
  return (
    <div className={styles.checksum}>
      <span className={styles.checksumLabel}>SHA-256</span>{' '}
      <code ref={code} className={styles.hash} title={item.sha256}>
        {head}
        {/* The middle: in the text (copy, find in page, screen readers), not in view. */}
        <span className="cf-visually-hidden">{middle}</span>
        <span className={styles.hashTail}>{tail}</span>
      </code>{' '}
      <button type="button" className={clsx('button button--sm button--secondary', styles.copy)} onClick={copy}>
        <span aria-live="polite">
          {outcome === 'copied' ? 'Copied' : outcome === 'select' ? 'Selected: press Ctrl+C' : 'Copy'}
        </span>
        <span className="cf-visually-hidden"> the SHA-256 of {item.file}</span>
      </button>
    </div>
  );
}

/** A download arrow for the installers' buttons (decorative: the text says "Download"). */
function DownloadIcon(): ReactNode {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M12 4v11m-5-5 5 5 5-5M5 20h14"
      />
    </svg>
  );
}

/**
 * One installer: a download button that says what it gets (system, processor, kind of file and,
 * once the release data gives it, the size), the file name as its caption and the checksum.
 * The button's text is left-aligned, so the size arriving at the end of its second line moves
 * nothing.
 */
function Installer({item, yours}: {item: DownloadItem; yours: boolean}): ReactNode {
  return (
    <li className={styles.installer}>
      <a className={clsx('button', yours ? 'button--primary' : 'button--secondary', styles.download)} href={item.url}>
        <DownloadIcon />
        <span className={styles.downloadText}>
          <span className={styles.downloadTitle}>
            Download {item.os} {item.arch}
          </span>
          <span className={styles.downloadMeta}>
            {item.kind}
            {item.size !== null && ` · ${formatSize(item.size)}`}
          </span>
        </span>
      </a>
      <code className={styles.file}>{item.file}</code>
      <Checksum item={item} />
    </li>
  );
}

/**
 * The one-line command for one system at a time: the visitor's own first and chosen, the others
 * one press away. (Plain toggle buttons rather than the theme's tabs: those would pull the tabs
 * code into a chunk every docs page loads.)
 *
 * Nothing here moves the page once it has loaded. The server cannot know the visitor's system, so
 * all three systems' instructions are rendered in one grid cell and only the chosen one is visible:
 * the panel always has the height of the tallest. The panel shows no release data either (checksums
 * and the macOS packages are listed under all installers), so the release's arrival changes nothing
 * here.
 */
function QuickInstall({visitorOs}: {visitorOs: OsName | null}): ReactNode {
  const [chosen, setChosen] = useState<OsName | null>(null);
  // A fixed order, and a mark out of the flow: learning the visitor's system moves no button.
  const os = chosen ?? visitorOs ?? OS_ORDER[0];
  return (
    <section className={styles.quick} aria-labelledby="quick-install">
      <h2 id="quick-install">Install in one line</h2>
      <div className={styles.systems} role="group" aria-label="Operating system">
        {OS_ORDER.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === os}
            className={clsx(
              'button button--sm cf-toggle',
              styles.system,
              option === os ? 'button--primary' : 'button--secondary',
            )}
            onClick={() => setChosen(option)}
          >
            {option}
            {/* Below the button, in room the row keeps for it: no button moves or is covered. */}
            {option === visitorOs && <span className={styles.yours}> (yours)</span>}
          </button>
        ))}
      </div>
      <div className={styles.stack}>
        {OS_ORDER.map((option) => (
          // `visibility: hidden` also takes the other systems out of the tab order and the accessibility tree.
          <div key={option} className={clsx(styles.instructions, option !== os && styles.concealed)}>
            <p className={styles.lead}>Run in {COMMAND_SHELL[option]}, then follow the prompts:</p>
            <CopyCommand command={installCommand(option)} />
            {option === 'Windows' ? (
              <p>
                Or download <a href={latestDownloadUrl('Miniforge3-Windows-x86_64.exe')}>the Windows installer</a> and
                double-click it.
              </p>
            ) : (
              <p>
                The command picks the installer for this machine’s processor. To choose a file yourself
                {option === 'macOS' && ', or a .pkg package to open with the macOS Installer'}, see{' '}
                <a href="#all-installers">all installers</a>.
              </p>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}

function LatestRelease({state}: {state: RemoteState<ReleaseInfo> & {retry: () => void}}): ReactNode {
  return (
    <div className={styles.release}>
      <DataState
        state={state}
        what="latest release"
        quiet="Version details and checksums could not be loaded. The links on this page still download the newest release."
      >
        {(release) => (
          <p>
            Latest release: <a href={release.url}>Miniforge {release.version}</a>
            {release.publishedOn && `, published ${release.publishedOn}`}. The links on this page always download the
            newest release.
          </p>
        )}
      </DataState>
    </div>
  );
}

export default function Download(): ReactNode {
  const [visitorOs, setVisitorOs] = useState<OsName | null>(null);
  useEffect(() => setVisitorOs(detectOs(navigator.userAgent)), []);
  const {miniforgeLatestRelease} = useSources();
  const state = useRemoteData(
    (signal) =>
      fetchJson(miniforgeLatestRelease, parseLatestRelease, {
        signal,
        headers: {Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': '2022-11-28'},
      }),
    [miniforgeLatestRelease],
  );
  const release = state.status === 'ready' ? state.data : null;

  return (
    <>
      <QuickInstall visitorOs={visitorOs} />
      <LatestRelease state={state} />
      <h2 id="all-installers">All installers</h2>
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
              {downloadItems(os, release).map((item) => (
                <Installer key={item.file} item={item} yours={os === visitorOs} />
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
      <p>The one-line command above does these two steps: download the installer, then run it in a terminal.</p>
      <CodeBlock
        language="bash"
        code={
          'curl -L -O "https://github.com/conda-forge/miniforge/releases/latest/download/Miniforge3-$(uname)-$(uname -m).sh"\nbash Miniforge3-$(uname)-$(uname -m).sh'
        }
      />
      <p>
        The installer asks where to install and whether to initialize your shell. Open a new terminal afterwards and
        check that <code>conda</code> and <code>mamba</code> answer. To check a download first, compare the output of{' '}
        <code>shasum -a 256 FILE</code> (macOS) or <code>sha256sum FILE</code> (Linux) with the SHA-256 listed here.
      </p>
      <h3>Windows</h3>
      <p>
        Run <code>Miniforge3-Windows-x86_64.exe</code> and follow the wizard. Start the <em>Miniforge Prompt</em> from
        the Start menu to use <code>conda</code> and <code>mamba</code>. In PowerShell,{' '}
        <code>Get-FileHash FILE -Algorithm SHA256</code> prints the checksum to compare.
      </p>
    </>
  );
}
