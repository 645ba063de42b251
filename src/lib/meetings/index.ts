/**
 * A recurring meeting from its published cadence (config/meetings.ts): when the next one is, how
 * the page says so, and the iCalendar file the build publishes. Pure: the current time and the
 * reader's time-zone offset are arguments, so every answer can be tested.
 */
import type {MeetingCadence} from '../../../config/meetings';
import {formatUtc} from '../format/english';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ORDINALS = ['', '', 'second', 'third', 'fourth'];

export interface Meeting {
  /** Its position in the cadence: 0 is the first meeting. */
  index: number;
  start: Date;
  end: Date;
}

/** The cadence in numbers: the first meeting's day (midnight UTC), the period and each start's offset in that day. */
function parse(cadence: MeetingCadence): {day0: number; period: number; startOffsets: number[]} {
  const first = Date.parse(cadence.firstStart);
  if (Number.isNaN(first)) throw new Error(`meeting cadence: firstStart "${cadence.firstStart}" is not a date`);
  if (!Number.isInteger(cadence.everyWeeks) || cadence.everyWeeks < 1) {
    throw new Error('meeting cadence: everyWeeks must be a whole number of weeks, at least 1');
  }
  if (cadence.startTimesUtc.length === 0) throw new Error('meeting cadence: no start time');
  const startOffsets = cadence.startTimesUtc.map((time) => {
    const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
    if (!match) throw new Error(`meeting cadence: start time "${time}" is not HH:MM`);
    return (Number(match[1]) * 60 + Number(match[2])) * MINUTE;
  });
  const day0 = first - (first % DAY);
  if (day0 + startOffsets[0] !== first) {
    throw new Error('meeting cadence: firstStart must be at the first of startTimesUtc');
  }
  return {day0, period: cadence.everyWeeks * 7 * DAY, startOffsets};
}

/** The meeting at `index` in the cadence. */
export function meetingAt(cadence: MeetingCadence, index: number): Meeting {
  const {day0, period, startOffsets} = parse(cadence);
  const start = day0 + index * period + startOffsets[index % startOffsets.length];
  return {index, start: new Date(start), end: new Date(start + cadence.durationMinutes * MINUTE)};
}

/**
 * The meeting that has not ended yet at `now` (ms since the epoch): the one under way, or else the
 * next one. Before the cadence began, its first meeting.
 */
export function nextMeeting(cadence: MeetingCadence, now: number): Meeting {
  const {day0, period} = parse(cadence);
  // The meeting of the period `now` falls in, or the one before (it may still be running).
  let index = Math.max(0, Math.floor((now - day0) / period) - 1);
  let meeting = meetingAt(cadence, index);
  while (meeting.end.getTime() <= now) meeting = meetingAt(cadence, ++index);
  return meeting;
}

/** "17:00" for a time of day in UTC. */
function clockUtc(date: Date): string {
  return `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
}

/** "17:00–18:00" for each start time of the cadence. */
function slots(cadence: MeetingCadence): string[] {
  return cadence.startTimesUtc.map((_, i) => {
    const {start, end} = meetingAt(cadence, i);
    return `${clockUtc(start)}–${clockUtc(end)}`;
  });
}

/**
 * The cadence in words: "every second Wednesday, 17:00–18:00 UTC and 14:00–15:00 UTC in turn".
 */
export function cadenceText(cadence: MeetingCadence): string {
  const weekday = WEEKDAYS[meetingAt(cadence, 0).start.getUTCDay()];
  const every =
    cadence.everyWeeks === 1
      ? `every ${weekday}`
      : ORDINALS[cadence.everyWeeks]
        ? `every ${ORDINALS[cadence.everyWeeks]} ${weekday}`
        : `every ${cadence.everyWeeks} weeks on ${weekday}`;
  const times = slots(cadence).map((slot) => `${slot} UTC`);
  if (times.length === 1) return `${every}, ${times[0]}`;
  return `${every}, ${times.slice(0, -1).join(', ')} and ${times[times.length - 1]} in turn`;
}

/** "Wednesday, December 10, 2025, 17:00–18:00 UTC". */
export function formatMeetingUtc(meeting: Meeting): string {
  const {start, end} = meeting;
  const date = formatUtc(start, {month: 'long', year: true});
  return `${WEEKDAYS[start.getUTCDay()]}, ${date}, ${clockUtc(start)}–${clockUtc(end)} UTC`;
}

/**
 * The meeting's start in the reader's time, from the offset their clock has at that moment
 * (`Date#getTimezoneOffset`: minutes to add to local time to get UTC): "18:00 (UTC+01:00)", with
 * the weekday when it falls on another day there ("Thursday 01:00 (UTC+08:00)"). Null when the
 * reader's time is UTC.
 */
export function localStart(meeting: Meeting, timezoneOffset: number): string | null {
  if (timezoneOffset === 0) return null;
  const local = new Date(meeting.start.getTime() - timezoneOffset * MINUTE);
  const sign = timezoneOffset > 0 ? '-' : '+';
  const size = Math.abs(timezoneOffset);
  const zone = `UTC${sign}${String(Math.floor(size / 60)).padStart(2, '0')}:${String(size % 60).padStart(2, '0')}`;
  const otherDay = local.getUTCDay() !== meeting.start.getUTCDay();
  return `${otherDay ? `${WEEKDAYS[local.getUTCDay()]} ` : ''}${clockUtc(local)} (${zone})`;
}

/**
 * How long until the meeting, from `now`: "under way now", "in 40 minutes", "in 5 hours",
 * "tomorrow", "in 12 days" (days rounded to the nearest: a meeting in 11 days and 20 hours is
 * "in 12 days").
 */
export function untilText(meeting: Meeting, now: number): string {
  const wait = meeting.start.getTime() - now;
  if (wait <= 0) return 'under way now';
  const minutes = Math.ceil(wait / MINUTE);
  if (minutes < 60) return minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`;
  const hours = Math.round(wait / (60 * MINUTE));
  if (hours < 24) return hours === 1 ? 'in 1 hour' : `in ${hours} hours`;
  const days = Math.round(wait / DAY);
  return days === 1 ? 'tomorrow' : `in ${days} days`;
}

/* ---------------------------------------------------------------- iCalendar (RFC 5545) */

/** A TEXT value with its backslashes, semicolons, commas and line breaks escaped. */
function icsText(value: string): string {
  return value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r?\n/g, '\\n');
}

/** A line folded at 75 octets, the continuation lines starting with a space. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (size + bytes > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** "20241113T170000Z". */
function icsTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

const ICS_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

export interface IcsOptions {
  /** The page that describes the meetings (the events' URL and description). */
  pageUrl: string;
  /** The domain the events' UIDs end in. */
  domain: string;
  /** When the file was written (DTSTAMP). */
  stamp: Date;
}

/**
 * The cadence as an iCalendar file: one weekly-recurring event per start time, each repeating
 * every (everyWeeks × number of start times) weeks, so that together they take the start times in
 * turn and a calendar application shows every future meeting without the file ever going stale.
 * Times are in UTC; lines end in CRLF and are folded at 75 octets.
 */
export function meetingIcs(cadence: MeetingCadence, {pageUrl, domain, stamp}: IcsOptions): string {
  const cycle = cadence.everyWeeks * cadence.startTimesUtc.length;
  const slug = cadence.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const events = cadence.startTimesUtc.flatMap((time, i) => {
    const {start, end} = meetingAt(cadence, i);
    return [
      'BEGIN:VEVENT',
      `UID:${slug}-${time.replace(':', '')}-utc@${domain}`,
      `DTSTAMP:${icsTime(stamp)}`,
      `DTSTART:${icsTime(start)}`,
      `DTEND:${icsTime(end)}`,
      `RRULE:FREQ=WEEKLY;INTERVAL=${cycle};BYDAY=${ICS_DAYS[start.getUTCDay()]}`,
      `SUMMARY:${icsText(cadence.title)}`,
      `DESCRIPTION:${icsText(`Open to everyone: agenda, notes and how to join at ${pageUrl}`)}`,
      `URL:${pageUrl}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    ];
  });
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${domain}//${icsText(cadence.title)}//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(cadence.title)}`,
    ...events,
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
