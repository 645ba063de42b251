import React, {type ReactNode} from 'react';
import {Badge, Card, CheckedAge, SourceState, useSettled} from '../StatusCard';
import {loadMarkup, type Markup} from '@site/src/lib/data/markup';
import {formatUtc, RESOLVED_WINDOW_DAYS, SEVERITY_TONE, worstSeverity, type Incident} from '@site/src/lib/status/index';
import {useRemoteData} from '@site/src/lib/data/useRemoteData';
import {statusData} from '@site/src/lib/status/data';
import styles from './styles.module.css';

function IncidentItem({incident, markup}: {incident: Incident; markup: Markup}): ReactNode {
  const {markdownToSafeHtml} = markup;
  const tone = SEVERITY_TONE[incident.severity];
  const title = (
    <>
      <span dangerouslySetInnerHTML={{__html: markdownToSafeHtml(incident.title, {inline: true})}} /> (#
      {incident.number})
    </>
  );
  return (
    <li className={styles.incident}>
      <p className={styles.meta}>
        <Badge tone={incident.ongoing ? tone : 'success'}>{incident.ongoing ? 'ongoing' : 'resolved'}</Badge>{' '}
        <Badge tone={tone}>{incident.severity}</Badge>{' '}
        <time dateTime={incident.createdAt} className={styles.time}>
          {formatUtc(incident.createdAt)}
        </time>
      </p>
      <h3 className={styles.heading}>
        {incident.url ? (
          <a href={incident.url} rel="noopener noreferrer">
            {title}
          </a>
        ) : (
          title
        )}
      </h3>
      {incident.body.trim() !== '' && (
        <div className={styles.body} dangerouslySetInnerHTML={{__html: markdownToSafeHtml(incident.body)}} />
      )}
    </li>
  );
}

/** Incidents: issues of conda-forge/status with an incident label, ongoing or recently resolved. */
export default function StatusIncidents({url}: {url: string}): ReactNode {
  // The Markdown renderer loads beside the feed (src/lib/data/markup.ts).
  const state = useRemoteData(
    (signal) =>
      Promise.all([
        statusData().then(({fetchJson, parseIncidents}) =>
          fetchJson(url, (data) => parseIncidents(data, new Date()), {signal}),
        ),
        loadMarkup(),
      ]).then(([incidents, markup]) => ({incidents, markup})),
    [url],
  );
  useSettled(state.status !== 'loading');
  const worst = state.status === 'ready' ? worstSeverity(state.data.incidents) : null;
  const badge =
    state.status !== 'ready' ? null : worst ? (
      <Badge tone={SEVERITY_TONE[worst]}>{worst}</Badge>
    ) : (
      <Badge tone="success">no ongoing incidents</Badge>
    );
  return (
    <Card
      id="incidents"
      badge={badge}
      wide
      freshness={state.status === 'ready' ? <CheckedAge time={state.at} /> : null}
    >
      {/* A fixed height on wide screens, whatever the feed holds: the cards below never move when it
          arrives (CLS 0). On a phone the reports take the room they need (no box scrolling inside the
          page). Without an answer the card's own line says so, and the region is not drawn. */}
      <div
        className={styles.region}
        role="region"
        aria-label="Incident reports"
        tabIndex={0}
        hidden={state.status === 'error'}
      >
        <SourceState
          state={state}
          what="incidents"
          report={{source: 'statusIssues', label: 'Incidents', card: 'incidents'}}
        >
          {({incidents, markup}) =>
            incidents.length === 0 ? (
              <p className={styles.empty}>
                No incidents: nothing is ongoing and nothing was resolved in the last {RESOLVED_WINDOW_DAYS} days.
              </p>
            ) : (
              <ul className={styles.list}>
                {incidents.map((incident) => (
                  <IncidentItem key={incident.number} incident={incident} markup={markup} />
                ))}
              </ul>
            )
          }
        </SourceState>
      </div>
    </Card>
  );
}
