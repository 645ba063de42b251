import React, {useEffect, useId, useMemo, useRef, useState, type ReactNode} from 'react';
import {countOf, type UsagePoint} from '@site/src/lib/status/index';
import {axisTicks, labelIndices} from '@site/src/lib/status/chart';
import {formatLocalHour, formatLocalMedium, groupThousands} from '@site/src/lib/format/english';
import styles from './styles.module.css';

const HEIGHT = 220;
const MARGIN = {top: 12, right: 8, bottom: 30, left: 48};
/** Room for one time label under the x axis, in pixels. */
const LABEL_ROOM = 130;

// Times in the reader's time zone, written in English like the rest of the site. Not with Intl: the
// first date formatter of a page costs one task of 190-240 ms at 4x CPU (src/lib/format/english.ts).
const fullTime = (time: number) => formatLocalMedium(new Date(time));

/** The chart's width follows its container. */
function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(240, Math.floor(entry.contentRect.width))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** A report's points as bars over time, with the same figures as a table on request. */
export default function BarChart({title, points}: {title: string; points: UsagePoint[]}): ReactNode {
  const [ref, width] = useWidth();
  const tableId = useId();
  const max = Math.max(...points.map((p) => p.count));
  const ticks = axisTicks(max);
  const top = ticks[ticks.length - 1];
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const band = plotWidth / points.length;
  const barWidth = Math.max(1, band * 0.8);
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const labelled = useMemo(
    () => labelIndices(points.length, Math.max(2, Math.floor(plotWidth / LABEL_ROOM))),
    [points.length, plotWidth],
  );
  const first = fullTime(points[0].time);
  const last = fullTime(points[points.length - 1].time);
  return (
    <>
      <div ref={ref} className={styles.chart}>
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-label={`${title}: bar chart of ${countOf(points.length, 'value')} from ${first} to ${last}, highest ${groupThousands(max)}.`}
          aria-describedby={tableId}
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line className={styles.grid} x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} />
              <text className={styles.axis} x={MARGIN.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                {groupThousands(tick)}
              </text>
            </g>
          ))}
          {points.map((point, index) => (
            <rect
              key={point.time}
              className={styles.bar}
              x={MARGIN.left + index * band + (band - barWidth) / 2}
              y={y(point.count)}
              width={barWidth}
              height={Math.max(0, MARGIN.top + plotHeight - y(point.count))}
            >
              <title>{`${fullTime(point.time)}: ${groupThousands(point.count)}`}</title>
            </rect>
          ))}
          {labelled.map((index) => (
            <text
              key={index}
              className={styles.axis}
              x={MARGIN.left + (index + 0.5) * band}
              y={HEIGHT - MARGIN.bottom + 18}
              textAnchor={index === 0 ? 'start' : index === points.length - 1 ? 'end' : 'middle'}
            >
              {formatLocalHour(new Date(points[index].time))}
            </text>
          ))}
        </svg>
      </div>
      <details className={styles.data}>
        <summary>Show data as a table</summary>
        <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={`${title} data`}>
          <table id={tableId}>
            <caption>{title}, in local time</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Count</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.time}>
                  <td>
                    <time dateTime={new Date(point.time).toISOString()}>{fullTime(point.time)}</time>
                  </td>
                  <td className={styles.count}>{groupThousands(point.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
