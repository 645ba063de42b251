import React, {useEffect, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import DataState from '@site/src/components/DataState';
import {fetchJson, fetchText} from '@site/src/lib/fetchData';
import {
  cdnAgeMinutes,
  cdnHealth,
  parseCloudStatus,
  parseMigrationNames,
  parseServiceHealth,
  parseVersionStatus,
} from '@site/src/lib/status';
import {useRemoteData} from '@site/src/lib/useRemoteData';
import {useSources} from '@site/src/lib/useSources';
import type {SourceName, Sources} from '@site/src/lib/sources';
import styles from './styles.module.css';

/** Cloud services: the registry entry of each status API and the human status page. */
const CLOUD: Array<{title: string; source: SourceName; link: string}> = [
  {title: 'Anaconda', source: 'cloudAnaconda', link: 'https://anaconda.statuspage.io/'},
  {title: 'Azure DevOps', source: 'cloudAzure', link: 'https://status.dev.azure.com/'},
  {title: 'GitHub', source: 'cloudGithub', link: 'https://www.githubstatus.com/'},
  {title: 'Circle CI', source: 'cloudCircle', link: 'https://status.circleci.com'},
  {title: 'Open GPU Server', source: 'cloudOpenGpuServer', link: 'https://ci-status.quansight.dev/'},
  {title: 'Quay.io', source: 'cloudQuay', link: 'https://status.redhat.com/'},
];

/** The cards in page order; the in-page table of contents is made from this list. */
const SECTIONS = [
  {id: 'repos', title: 'Repos and bots'},
  {id: 'cloud', title: 'Cloud services'},
  {id: 'migrations', title: 'Current migrations'},
  {id: 'version', title: 'Version updates'},
] as const;

function Card({id, children}: {id: (typeof SECTIONS)[number]['id']; children: ReactNode}): ReactNode {
  const title = SECTIONS.find((section) => section.id === id)?.title;
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Badge({ok, children}: {ok: boolean | null; children: ReactNode}): ReactNode {
  const tone = ok === null ? styles.neutral : ok ? styles.ok : styles.warn;
  return <span className={`${styles.badge} ${tone}`}>{children}</span>;
}

function CloudRow({title, url, link}: {title: string; url: string; link: string}): ReactNode {
  const state = useRemoteData((signal) => fetchJson(url, parseCloudStatus, {signal}), [url]);
  return (
    <tr>
      <th scope="row">
        <a href={link}>{title}</a>
      </th>
      <td>
        <DataState state={state} what="status">
          {(status) => <Badge ok={status.ok}>{status.text}</Badge>}
        </DataState>
      </td>
    </tr>
  );
}

function Repos({sources}: {sources: Sources}): ReactNode {
  const cdn = useRemoteData(async (signal) => cdnAgeMinutes(await fetchText(sources.cdnLastUpdated, {signal}), new Date()), [sources.cdnLastUpdated]);
  const services = useRemoteData((signal) => fetchJson(sources.webservicesAlive, parseServiceHealth, {signal}), [sources.webservicesAlive]);
  return (
    <table className={styles.table}>
      <tbody>
        <tr>
          <th scope="row">
            <a href="https://conda-static.anaconda.org/conda-forge/rss.xml">CDN cloning</a>
          </th>
          <td>
            <DataState state={cdn} what="CDN time">
              {(age) => (
                <>
                  <Badge ok={cdnHealth(age) === 'operational'}>{cdnHealth(age)}</Badge> (last updated {age} min ago)
                </>
              )}
            </DataState>
          </td>
        </tr>
        <tr>
          <th scope="row">
            <a href="https://github.com/conda-forge/conda-forge-webservices">conda-forge-webservices</a>
          </th>
          <td>
            <DataState state={services} what="heartbeat">
              {(status) => <Badge ok={status === 'operational'}>{status}</Badge>}
            </DataState>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

function MigrationGroup({title, url}: {title: string; url: string}): ReactNode {
  const state = useRemoteData((signal) => fetchJson(url, parseMigrationNames, {signal}), [url]);
  return (
    <details className={styles.group} open>
      <summary>{title}</summary>
      <DataState state={state} what={title.toLowerCase()}>
        {(names) =>
          names.length === 0 ? (
            <p>None at the moment.</p>
          ) : (
            <ul className={styles.names}>
              {names.map((name) => (
                <li key={name}>
                  <Link to={`/status/migration/?name=${encodeURIComponent(name)}`}>{name}</Link>
                </li>
              ))}
            </ul>
          )
        }
      </DataState>
    </details>
  );
}

function VersionUpdates({url}: {url: string}): ReactNode {
  const state = useRemoteData((signal) => fetchJson(url, parseVersionStatus, {signal}), [url]);
  return (
    <DataState state={state} what="version updates">
      {(v) => (
        <>
          <p>
            <Badge ok={null}>{v.queued.length} queued</Badge> <Badge ok={v.errored.length === 0}>{v.errored.length} errored</Badge>
          </p>
          <details className={styles.group}>
            <summary>Errored version updates</summary>
            <ul>
              {v.errored.map((name) => (
                <li key={name}>
                  <details>
                    <summary>{name}</summary>
                    <pre className={styles.pre}>{v.errors[name] ?? 'No error text was recorded.'}</pre>
                  </details>
                </li>
              ))}
            </ul>
          </details>
        </>
      )}
    </DataState>
  );
}

export default function StatusDashboard(): ReactNode {
  const sources = useSources();
  // Deep links such as /status/#migrations: scroll once the cards exist.
  useEffect(() => {
    if (window.location.hash) document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
  }, []);
  return (
    <div className={styles.layout}>
      <nav className={styles.toc} aria-label="Status sections">
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.cards}>
        <Card id="repos">
          <Repos sources={sources} />
        </Card>
        <Card id="cloud">
          <table className={styles.table}>
            <tbody>
              {CLOUD.map((c) => (
                <CloudRow key={c.title} title={c.title} url={sources[c.source]} link={c.link} />
              ))}
            </tbody>
          </table>
        </Card>
        <Card id="migrations">
          <MigrationGroup title="Long-running migrations" url={sources.migrationsLongterm} />
          <MigrationGroup title="Regular migrations" url={sources.migrationsRegular} />
          <MigrationGroup title="Closed migrations" url={sources.migrationsClosed} />
        </Card>
        <Card id="version">
          <VersionUpdates url={sources.versionStatus} />
        </Card>
      </div>
    </div>
  );
}
