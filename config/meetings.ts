/**
 * The core meeting's published cadence, kept here once: the community meetings page describes it
 * and counts the next meeting from it (src/lib/meetings), and the build writes the calendar file
 * from it (plugins/meeting-calendar). Source: the schedule announced on 7 November 2024
 * (news/2024-11-07-new-time-core-meetings.md, the real site's community/meetings page): every
 * second Wednesday from 13 November 2024, one hour, starting at 17:00 and 14:00 UTC in turn.
 */
export interface MeetingCadence {
  /** The meeting's name, as calendars show it. */
  title: string;
  /** The first meeting of this cadence, in UTC (ISO 8601). */
  firstStart: string;
  /** Weeks from one meeting to the next. */
  everyWeeks: number;
  /** The start times (UTC, HH:MM) the meetings take in turn, the first meeting's first. */
  startTimesUtc: readonly string[];
  durationMinutes: number;
}

export const CORE_MEETING: MeetingCadence = {
  title: 'conda-forge core meeting',
  firstStart: '2024-11-13T17:00:00Z',
  everyWeeks: 2,
  startTimesUtc: ['17:00', '14:00'],
  durationMinutes: 60,
};

/** Where the build publishes the core meeting's calendar file (iCalendar). */
export const CORE_MEETING_ICS = '/community/meetings/core-meeting.ics';
