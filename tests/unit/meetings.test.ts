import {test} from 'node:test';
import assert from 'node:assert/strict';
import {CORE_MEETING, type MeetingCadence} from '../../config/meetings';
import {
  cadenceText,
  foldLine,
  formatMeetingUtc,
  localStart,
  meetingAt,
  meetingIcs,
  nextMeeting,
  untilText,
} from '../../src/lib/meetings/index';

const at = (iso: string) => Date.parse(iso);
const iso = (date: Date) => date.toISOString().replace('.000Z', 'Z');

test('the published cadence: the dates the announcement of November 2024 listed', () => {
  // news/2024-11-07-new-time-core-meetings.md: November 13 at 17:00, November 27 at 14:00,
  // December 11 at 17:00, (December 25 at 14:00, skipped that year), January 8, 2025 at 17:00.
  assert.deepEqual(
    [0, 1, 2, 3, 4].map((i) => iso(meetingAt(CORE_MEETING, i).start)),
    [
      '2024-11-13T17:00:00Z',
      '2024-11-27T14:00:00Z',
      '2024-12-11T17:00:00Z',
      '2024-12-25T14:00:00Z',
      '2025-01-08T17:00:00Z',
    ],
  );
  assert.equal(iso(meetingAt(CORE_MEETING, 1).end), '2024-11-27T15:00:00Z');
  // The last minutes in the archive (2025-10-29) fall on the cadence, at 14:00.
  assert.equal(iso(nextMeeting(CORE_MEETING, at('2025-10-29T00:00:00Z')).start), '2025-10-29T14:00:00Z');
});

test('the next meeting: the one under way, else the next; before the cadence, its first', () => {
  const next = (now: string) => iso(nextMeeting(CORE_MEETING, at(now)).start);
  assert.equal(next('2020-01-01T00:00:00Z'), '2024-11-13T17:00:00Z');
  assert.equal(next('2024-11-13T16:59:59Z'), '2024-11-13T17:00:00Z');
  // Under way until 18:00, then the next is two weeks later, at the other time.
  assert.equal(next('2024-11-13T17:30:00Z'), '2024-11-13T17:00:00Z');
  assert.equal(next('2024-11-13T18:00:00Z'), '2024-11-27T14:00:00Z');
  assert.equal(next('2024-11-20T12:00:00Z'), '2024-11-27T14:00:00Z');
  // Across years, daylight saving time (UTC has none) and a leap day.
  assert.equal(next('2026-03-29T01:30:00Z'), '2026-04-01T17:00:00Z');
  assert.equal(next('2028-02-29T23:00:00Z'), '2028-03-01T17:00:00Z');
  // Every answer is a Wednesday, an hour long, at one of the two times, not over yet, and the one
  // before it is over.
  for (let now = at('2025-01-01T00:00:00Z'); now < at('2027-01-01T00:00:00Z'); now += 37 * 3600_000) {
    const meeting = nextMeeting(CORE_MEETING, now);
    assert.equal(meeting.start.getUTCDay(), 3);
    assert.ok(['17', '14'].includes(String(meeting.start.getUTCHours())));
    assert.equal(meeting.end.getTime() - meeting.start.getTime(), 3600_000);
    assert.ok(meeting.end.getTime() > now);
    if (meeting.index > 0) assert.ok(meetingAt(CORE_MEETING, meeting.index - 1).end.getTime() <= now);
  }
});

test('the cadence and a meeting in words, in UTC and in the reader’s time', () => {
  assert.equal(cadenceText(CORE_MEETING), 'every second Wednesday, 17:00–18:00 UTC and 14:00–15:00 UTC in turn');
  const weekly: MeetingCadence = {...CORE_MEETING, everyWeeks: 1, startTimesUtc: ['17:00']};
  assert.equal(cadenceText(weekly), 'every Wednesday, 17:00–18:00 UTC');
  const meeting = nextMeeting(CORE_MEETING, at('2025-12-01T00:00:00Z'));
  assert.equal(formatMeetingUtc(meeting), 'Wednesday, December 10, 2025, 17:00–18:00 UTC');
  assert.equal(localStart(meeting, 0), null);
  assert.equal(localStart(meeting, -60), '18:00 (UTC+01:00)');
  assert.equal(localStart(meeting, 300), '12:00 (UTC-05:00)');
  // Past midnight there: the weekday is named.
  assert.equal(localStart(meeting, -420), 'Thursday 00:00 (UTC+07:00)');
  assert.equal(localStart(meeting, -630), 'Thursday 03:30 (UTC+10:30)');
});

test('how long until the meeting, in words', () => {
  const meeting = meetingAt(CORE_MEETING, 0); // 2024-11-13 17:00 UTC
  const until = (now: string) => untilText(meeting, at(now));
  assert.equal(until('2024-11-13T17:30:00Z'), 'under way now');
  assert.equal(until('2024-11-13T17:00:00Z'), 'under way now');
  assert.equal(until('2024-11-13T16:59:30Z'), 'in 1 minute');
  assert.equal(until('2024-11-13T16:20:00Z'), 'in 40 minutes');
  assert.equal(until('2024-11-13T15:50:00Z'), 'in 1 hour');
  assert.equal(until('2024-11-13T12:00:00Z'), 'in 5 hours');
  assert.equal(until('2024-11-12T15:00:00Z'), 'tomorrow');
  assert.equal(until('2024-11-01T21:00:00Z'), 'in 12 days');
});

test('a cadence that does not add up is refused', () => {
  assert.throws(() => meetingAt({...CORE_MEETING, firstStart: 'soon'}, 0), /not a date/);
  assert.throws(() => meetingAt({...CORE_MEETING, startTimesUtc: ['5pm']}, 0), /not HH:MM/);
  assert.throws(() => meetingAt({...CORE_MEETING, startTimesUtc: ['14:00', '17:00']}, 0), /first of startTimesUtc/);
  assert.throws(() => meetingAt({...CORE_MEETING, everyWeeks: 0}, 0), /everyWeeks/);
});

const ICS_OPTIONS = {
  pageUrl: 'https://conda-forge.org/community/meetings/',
  domain: 'conda-forge.org',
  stamp: new Date('2025-11-26T12:00:00Z'),
};

/** The unfolded lines of an iCalendar text. */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

test('the calendar file: one event per start time, each every four weeks, together the cadence', () => {
  const ics = meetingIcs(CORE_MEETING, ICS_OPTIONS);
  assert.ok(ics.endsWith('\r\n'));
  assert.doesNotMatch(ics.replace(/\r\n/g, ''), /[\r\n]/, 'every line ends in CRLF');
  for (const line of ics.split('\r\n')) assert.ok(new TextEncoder().encode(line).length <= 75, line);
  const lines = unfold(ics);
  assert.deepEqual(lines.slice(0, 6), [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//conda-forge.org//conda-forge core meeting//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:conda-forge core meeting',
  ]);
  assert.equal(lines.at(-2), 'END:VCALENDAR');
  const events = ics
    .split('BEGIN:VEVENT')
    .slice(1)
    .map((block) =>
      Object.fromEntries(
        unfold(block)
          .filter((l) => /^[A-Z-]+[:;]/.test(l))
          .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1)]),
      ),
    );
  assert.equal(events.length, 2);
  assert.deepEqual(
    events.map((e) => [e.UID, e.DTSTART, e.DTEND, e.RRULE]),
    [
      [
        'conda-forge-core-meeting-1700-utc@conda-forge.org',
        '20241113T170000Z',
        '20241113T180000Z',
        'FREQ=WEEKLY;INTERVAL=4;BYDAY=WE',
      ],
      [
        'conda-forge-core-meeting-1400-utc@conda-forge.org',
        '20241127T140000Z',
        '20241127T150000Z',
        'FREQ=WEEKLY;INTERVAL=4;BYDAY=WE',
      ],
    ],
  );
  for (const event of events) {
    assert.equal(event.DTSTAMP, '20251126T120000Z');
    assert.equal(event.SUMMARY, 'conda-forge core meeting');
    assert.equal(event.URL, ICS_OPTIONS.pageUrl);
    // The comma and colon of the description are escaped as TEXT values need.
    assert.equal(
      event.DESCRIPTION,
      'Open to everyone: agenda\\, notes and how to join at https://conda-forge.org/community/meetings/',
    );
  }
  // Expanding both rules gives exactly the cadence's meetings, in turn.
  const expanded = events
    .flatMap((event) =>
      [0, 1, 2].map(
        (n) =>
          Date.parse(event.DTSTART.replace(/(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z/, '$1-$2-$3T$4:$5:$6Z')) +
          n * 28 * 24 * 3600_000,
      ),
    )
    .sort((a, b) => a - b);
  assert.deepEqual(
    expanded,
    [0, 1, 2, 3, 4, 5].map((i) => meetingAt(CORE_MEETING, i).start.getTime()),
  );
});

test('long lines are folded at 75 octets, multi-byte characters kept whole', () => {
  const line = `DESCRIPTION:${'é'.repeat(60)}`;
  const folded = foldLine(line);
  const parts = folded.split('\r\n');
  assert.ok(parts.length > 1);
  for (const part of parts) assert.ok(new TextEncoder().encode(part).length <= 75);
  assert.ok(parts.slice(1).every((part) => part.startsWith(' ')));
  assert.equal(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join(''), line);
  assert.equal(foldLine('SHORT:line'), 'SHORT:line');
});
