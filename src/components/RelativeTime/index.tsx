import React, {type ReactNode} from 'react';
import {formatExactTime, formatRelativeTime} from '@site/src/lib/data/time';

/**
 * "3 hours ago" as a `<time>` element, with the exact UTC time on hover. A time after `now` (a
 * skewed clock at the source) reads "just now" rather than "in 3 hours".
 */
export default function RelativeTime({time, now}: {time: number; now: number}): ReactNode {
  return (
    <time dateTime={new Date(time).toISOString()} title={formatExactTime(time)}>
      {formatRelativeTime(Math.min(time, now), now)}
    </time>
  );
}
