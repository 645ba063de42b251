import React, {type ReactNode} from 'react';
import {Badge, Card, DataAge, SourceState, useSettled} from '../StatusCard';
import {STALE_AFTER} from '@site/src/lib/status/freshness';
import {sectionTitle, type SectionId} from '@site/src/lib/status/index';
import {useRemoteData} from '@site/src/lib/data/useRemoteData';
import {asyncOnce} from '@site/src/lib/data/once';
import {whenHydrated} from '@site/src/lib/render/hydration';
import {groupThousands} from '@site/src/lib/format/english';
import {statusData} from '@site/src/lib/status/data';
import styles from './styles.module.css';

// The chart's code is needed only once a report has arrived: it loads beside the report.
const chartCode = asyncOnce(() => whenHydrated().then(() => import('./BarChart')));

/** One CI usage card: a status-monitor report as a bar chart over time, its total as a badge. */
export default function CiUsageChart({id, source, url}: {id: SectionId; source: string; url: string}): ReactNode {
  const state = useRemoteData(
    async (signal) => {
      const [{fetchJsonDated, readUsageReportInSteps}, {default: BarChart}] = await Promise.all([
        statusData(),
        chartCode(),
      ]);
      const {data, modified} = await fetchJsonDated(url, (raw) => readUsageReportInSteps(raw), {signal});
      // The newest counted hour says how fresh the report is; without one, the file's own date.
      return {...data, updated: data.points.at(-1)?.time ?? modified, BarChart};
    },
    [url],
  );
  useSettled(state.status !== 'loading');
  const title = sectionTitle(id);
  const updated = state.status === 'ready' ? state.data.updated : undefined;
  return (
    <Card
      id={id}
      wide
      badge={state.status === 'ready' ? <Badge tone="neutral">{groupThousands(state.data.total)} total</Badge> : null}
      freshness={
        updated === undefined ? null : (
          <DataAge
            time={updated}
            staleAfter={STALE_AFTER.ciUsage}
            staleNote="The report has counted no jobs since, so it may have stopped updating."
          />
        )
      }
    >
      <SourceState state={state} what={`${title} data`} report={{source, label: title, card: id}}>
        {({BarChart, ...report}) =>
          report.points.length === 0 ? (
            <p>No usage was reported for this period.</p>
          ) : (
            <>
              <BarChart title={title} points={report.points} />
              {report.pointCount > report.points.length && (
                <p className={styles.note}>
                  Showing the latest {groupThousands(report.points.length)} of {groupThousands(report.pointCount)}{' '}
                  reported times.
                </p>
              )}
            </>
          )
        }
      </SourceState>
    </Card>
  );
}
