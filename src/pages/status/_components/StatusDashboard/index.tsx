import clsx from 'clsx';
import React, {useCallback, useEffect, useRef, useState, type ReactNode} from 'react';
import CiUsageChart from '../CiUsageChart';
import OutageSummary from '../OutageSummary';
import {
  Badge,
  Card,
  CheckedAge,
  SettleProvider,
  SourceRegistryProvider,
  SourceState,
  StatusFilesAge,
  useSettled,
  type SettleReport,
} from '../StatusCard';
import StatusIncidents from '../StatusIncidents';
import StatusMigrations from '../StatusMigrations';
import {loadMarkup} from '@site/src/lib/data/markup';
import SafeMarkup from '@site/src/components/SafeMarkup';
import {
  cdnHealth,
  CLOUD_SERVICES,
  healthTone,
  recipeUrl,
  SECTIONS,
  USAGE_CHARTS,
  WORKFLOW_BADGES,
  type WorkflowBadge,
} from '@site/src/lib/status/index';
import {useRemoteData} from '@site/src/lib/data/useRemoteData';
import {useSources} from '@site/src/lib/data/useSources';
import type {Sources} from '@site/src/lib/data/sources';
import {groupThousands} from '@site/src/lib/format/english';
import {createSourceRegistry} from '@site/src/lib/status/outage';
import {useDeferredMount} from '@site/src/lib/render/useDeferredMount';
import {decodeOrKeep} from '@site/src/lib/routing/decode';
import {statusData} from '@site/src/lib/status/data';
import styles from './styles.module.css';

const CDN_FEED = 'https://conda-static.anaconda.org/conda-forge/rss.xml';
const WEBSERVICES_REPO = 'https://github.com/conda-forge/conda-forge-webservices';

interface CloudRowProps {
  title: string;
  source: string;
  url: string;
  link: string;
  /** Called with the time the row's status arrived. */
  onChecked: (title: string, at: number) => void;
}

function CloudRow({title, source, url, link, onChecked}: CloudRowProps): ReactNode {
  const state = useRemoteData(
    (signal) => statusData().then(({fetchJson, parseCloudStatus}) => fetchJson(url, parseCloudStatus, {signal})),
    [url],
  );
  useSettled(state.status !== 'loading');
  const at = state.status === 'ready' ? state.at : null;
  useEffect(() => {
    if (at !== null) onChecked(title, at);
  }, [at, title, onChecked]);
  return (
    <tr>
      <th scope="row">
        <a href={link}>{title}</a>
      </th>
      <td>
        <SourceState
          state={state}
          what={`${title} status`}
          inline
          report={{source, label: `Cloud services: ${title}`, card: 'cloud'}}
        >
          {(status) => <Badge tone={status.ok ? 'success' : 'warning'}>{status.text}</Badge>}
        </SourceState>
      </td>
    </tr>
  );
}

function CloudServices({sources}: {sources: Sources}): ReactNode {
  const [checked, setChecked] = useState<ReadonlyMap<string, number>>(new Map());
  const onChecked = useCallback(
    (title: string, at: number) => setChecked((previous) => new Map(previous).set(title, at)),
    [],
  );
  // The card is as fresh as its oldest answer.
  const oldest = checked.size ? Math.min(...checked.values()) : null;
  return (
    <Card id="cloud" freshness={oldest === null ? null : <CheckedAge time={oldest} />}>
      <table className={styles.table}>
        <tbody>
          {CLOUD_SERVICES.map((service) => (
            <CloudRow
              key={service.source}
              title={service.title}
              source={service.source}
              url={sources[service.source]}
              link={service.link}
              onChecked={onChecked}
            />
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/**
 * A workflow's live badge, drawn by GitHub or CircleCI; an image that fails (blocked, offline)
 * gives way to a short text. The image is added once the page has hydrated (useDeferredMount):
 * five requests to other hosts, each with a new connection, no longer compete with the page's own
 * files before it paints and hydrates. Rows keep their height meanwhile.
 */
function BadgeImage({badge}: {badge: WorkflowBadge}): ReactNode {
  const [failed, setFailed] = useState(false);
  const mounted = useDeferredMount();
  if (failed) return <span className={styles.noStatus}>No status available</span>;
  if (!mounted) return null;
  return (
    <a href={badge.badgeLink} className={styles.badgeLink}>
      <img
        src={badge.badge}
        alt={`${badge.name}: workflow status`}
        height={20}
        className={styles.badgeImage}
        onError={() => setFailed(true)}
      />
    </a>
  );
}

function ReposAndBots({sources}: {sources: Sources}): ReactNode {
  const cdn = useRemoteData(
    async (signal) => {
      const {cdnAgeMinutes, fetchText} = await statusData();
      return cdnAgeMinutes(await fetchText(sources.cdnLastUpdated, {signal}), new Date());
    },
    [sources.cdnLastUpdated],
  );
  const services = useRemoteData(
    (signal) =>
      statusData().then(({fetchJson, parseServiceHealth}) =>
        fetchJson(sources.webservicesAlive, parseServiceHealth, {signal}),
      ),
    [sources.webservicesAlive],
  );
  useSettled(cdn.status !== 'loading' && services.status !== 'loading');
  const answers = [cdn, services].flatMap((state) => (state.status === 'ready' ? [state.at] : []));
  return (
    <Card id="repos" freshness={answers.length ? <CheckedAge time={Math.min(...answers)} /> : null}>
      <table className={styles.table}>
        <tbody>
          <tr>
            <th scope="row">
              <a href={CDN_FEED}>CDN cloning</a>
            </th>
            <td className={styles.twoLines}>
              <SourceState
                state={cdn}
                what="CDN update time"
                inline
                report={{source: 'cdnLastUpdated', label: 'Repos and bots: CDN update time', card: 'repos'}}
              >
                {(age) => (
                  <>
                    <Badge tone={healthTone(cdnHealth(age))}>{cdnHealth(age)}</Badge>{' '}
                    <span className={clsx(styles.note, styles.noteLine)}>(last updated {age} min ago)</span>
                  </>
                )}
              </SourceState>
            </td>
          </tr>
          <tr>
            <th scope="row">
              <a href={WEBSERVICES_REPO}>conda-forge-webservices</a>
            </th>
            <td>
              <SourceState
                state={services}
                what="web services heartbeat"
                inline
                report={{source: 'webservicesAlive', label: 'Repos and bots: web services heartbeat', card: 'repos'}}
              >
                {(status) => <Badge tone={healthTone(status)}>{status}</Badge>}
              </SourceState>
            </td>
          </tr>
          {WORKFLOW_BADGES.map((badge) => (
            <tr key={badge.name}>
              <th scope="row">
                <a href={badge.link}>{badge.name}</a>
              </th>
              <td>
                <BadgeImage badge={badge} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** One errored package; its error Markdown is rendered when first opened. */
function VersionError({name, error}: {name: string; error: string | undefined}): ReactNode {
  const [opened, setOpened] = useState(false);
  return (
    <li>
      <details onToggle={(event) => event.currentTarget.open && setOpened(true)}>
        <summary>{name}</summary>
        {opened &&
          (error ? (
            <SafeMarkup kind="markdown" source={error} className={styles.errorText} what={`error of ${name}`} />
          ) : (
            <p className={styles.note}>No error text was recorded.</p>
          ))}
      </details>
    </li>
  );
}

/** A collapsible list of version updates with its count, or a sentence when it is empty. */
function UpdateGroup({
  summary,
  empty,
  listClass,
  children,
}: {
  summary: string;
  empty: string;
  listClass: string;
  children: ReactNode[];
}): ReactNode {
  return (
    <details className={styles.group}>
      <summary>
        {summary} ({children.length})
      </summary>
      {children.length === 0 ? <p>{empty}</p> : <ul className={listClass}>{children}</ul>}
    </details>
  );
}

/** Says how many items of a long list are not shown (nothing when all are). */
function MoreNote({shown, total, what}: {shown: number; total: number; what: string}): ReactNode {
  if (total <= shown) return null;
  return (
    <p className={styles.note}>
      The first {groupThousands(shown)} of {groupThousands(total)} {what} are listed.
    </p>
  );
}

function VersionUpdates({url}: {url: string}): ReactNode {
  // The error texts' renderer loads beside the list, ready when one is opened (SafeMarkup).
  const state = useRemoteData(
    (signal) =>
      Promise.all([
        statusData().then(({fetchJson, parseVersionStatus}) => fetchJson(url, parseVersionStatus, {signal})),
        loadMarkup(),
      ]).then(([status]) => status),
    [url],
  );
  useSettled(state.status !== 'loading');
  const badge =
    state.status === 'ready' ? (
      <>
        <Badge tone="neutral">{state.data.queuedCount} queued</Badge>
        <Badge tone={state.data.erroredCount === 0 ? 'success' : 'warning'}>{state.data.erroredCount} errored</Badge>
      </>
    ) : null;
  return (
    <Card id="version" wide badge={badge} freshness={<StatusFilesAge card="version" />}>
      <SourceState
        state={state}
        what="version updates"
        report={{source: 'versionStatus', label: 'Version updates', card: 'version'}}
      >
        {(v) => (
          <>
            <UpdateGroup
              summary="Queued version updates"
              empty="No version updates are queued."
              listClass={styles.packages}
            >
              {/* Keyed by place: the bot's lists may name a package twice. */}
              {v.queued.map((name, i) => (
                <li key={i}>
                  <a href={recipeUrl(name)}>{name}</a>
                </li>
              ))}
            </UpdateGroup>
            <MoreNote shown={v.queued.length} total={v.queuedCount} what="queued packages" />
            <UpdateGroup
              summary="Errored version updates"
              empty="No version update has failed."
              listClass={styles.errors}
            >
              {v.errored.map((name, i) => (
                <VersionError key={i} name={name} error={v.errors.get(name)} />
              ))}
            </UpdateGroup>
            <MoreNote shown={v.errored.length} total={v.erroredCount} what="errored packages" />
          </>
        )}
      </SourceState>
    </Card>
  );
}

/**
 * Deep links such as /status/#migrations: the cards grow as their data arrives, so the page
 * scrolls to the anchor once every card has settled (loaded or failed), unless the visitor has
 * started scrolling or interacting in the meantime.
 */
function useDeepLinkScroll(): SettleReport {
  const settled = useRef(new Map<string, boolean>());
  const done = useRef(false);
  const frame = useRef(0);
  useEffect(() => {
    const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    const stop = () => {
      done.current = true;
    };
    for (const name of events) window.addEventListener(name, stop, {passive: true, once: true});
    return () => {
      for (const name of events) window.removeEventListener(name, stop);
      cancelAnimationFrame(frame.current);
    };
  }, []);
  return useCallback<SettleReport>((key, value) => {
    if (value === null) settled.current.delete(key);
    else settled.current.set(key, value);
    if (done.current) return;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      if (done.current || ![...settled.current.values()].every(Boolean)) return;
      done.current = true;
      const id = decodeOrKeep(window.location.hash.slice(1));
      if (id) document.getElementById(id)?.scrollIntoView();
    });
  }, []);
}

export default function StatusDashboard(): ReactNode {
  const sources = useSources();
  const report = useDeepLinkScroll();
  const [registry] = useState(createSourceRegistry);
  return (
    <SourceRegistryProvider value={registry}>
      <OutageSummary />
      <div className={styles.layout}>
        <nav className={styles.toc} aria-label="Status sections">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <SettleProvider value={report}>
          <div className={styles.cards}>
            <StatusIncidents url={sources.statusIssues} />
            <ReposAndBots sources={sources} />
            <CloudServices sources={sources} />
            <StatusMigrations sources={sources} />
            {USAGE_CHARTS.map((chart) => (
              <CiUsageChart key={chart.id} id={chart.id} source={chart.source} url={sources[chart.source]} />
            ))}
            <VersionUpdates url={sources.versionStatus} />
          </div>
        </SettleProvider>
      </div>
    </SourceRegistryProvider>
  );
}
