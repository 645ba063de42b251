/**
 * The community meetings page's core meeting facts, from the one cadence in config/meetings.ts:
 * the cadence in words (`CoreMeetingCadence`, inline in the page's text) and the next meeting with
 * the calendar file (`NextMeeting`). The date needs the reader's clock, so it is filled in after
 * hydration; the server's HTML says the cadence in its place, which is true whenever it is read.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {CORE_MEETING, CORE_MEETING_ICS} from '@site/config/meetings';
import {cadenceText, formatMeetingUtc, localStart, nextMeeting, untilText} from '@site/src/lib/meetings';
import styles from './styles.module.css';

/** "every second Wednesday, 17:00–18:00 UTC and 14:00–15:00 UTC in turn". */
export function CoreMeetingCadence(): ReactNode {
  return <>{cadenceText(CORE_MEETING)}</>;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export default function NextMeeting(): ReactNode {
  const ics = useBaseUrl(CORE_MEETING_ICS);
  // The reader's clock, read once the page has hydrated (the server's would be the build's).
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => setNow(Date.now()), []);
  const meeting = now === null ? null : nextMeeting(CORE_MEETING, now);
  const local = meeting && localStart(meeting, meeting.start.getTimezoneOffset());
  return (
    <div className={styles.box}>
      <p className={styles.label}>Next core meeting</p>
      {/* Three lines whatever is known: the date replacing the cadence moves nothing below. */}
      <p className={styles.date}>
        {meeting ? (
          <time dateTime={meeting.start.toISOString()}>{formatMeetingUtc(meeting)}</time>
        ) : (
          <CoreMeetingCadence />
        )}
      </p>
      <p className={styles.when}>
        {meeting && now !== null && (
          <>
            {capitalized(untilText(meeting, now))}
            {local && ` · starts at ${local} your time`}
          </>
        )}
      </p>
      <p className={styles.calendar}>
        <a href={ics} download="conda-forge-core-meeting.ics">
          Add the core meetings to your calendar (.ics file)
        </a>
        : every future meeting in one file, its times in UTC.
      </p>
    </div>
  );
}
