/**
 * How fresh the status pages' data is: the time each source says its data was written, when it
 * is too old to trust, and the notes the bot leaves in its migration lists (why a migration is
 * paused, when one was closed).
 */
import {boundText} from '../data/text';
import {parseTime} from '../data/time';

const HOUR = 3_600_000;

/**
 * After how long data of each kind is marked as possibly stale. The bot rewrites its status files
 * several times a day, and the status monitor counts CI jobs every hour: a day without either
 * means the writer has stopped.
 */
export const STALE_AFTER = {
  /** The bot's status files (migrations, version updates). */
  statusFiles: 24 * HOUR,
  /** The status monitor's CI usage reports (newest counted hour). */
  ciUsage: 24 * HOUR,
} as const;

/** Whether data written at `time` is older, at `now`, than `staleAfter` allows. */
export function isStale(time: number, now: number, staleAfter: number): boolean {
  return now - time > staleAfter;
}

/** What the bot wrote about one migration in its lists (`{name: description}`). */
export interface MigrationEntryNote {
  /** When the migration was closed ("<name> closed at 2025-05-02 14:03:11 UTC"). */
  closedAt?: number;
  /** A description in the bot's own words that is more than its "<name> Migration Status" label. */
  text?: string;
}

/** Descriptions longer than this are cut: they are shown as plain text in a table row. */
export const MAX_NOTE_LENGTH = 300;

const CLOSED_AT = /\bclosed at (\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.\d+)?(?: ?UTC)?\s*$/i;
const LABEL_ONLY = /migration status\s*$/i;

/**
 * Reads a description of the bot's migration lists. The bot labels every migration
 * "<name> Migration Status" and every closed one "<name> closed at <time> UTC"; anything else is
 * the bot (or whoever paused the migration) saying something about it, and is kept as text.
 */
export function describeMigrationEntry(description: unknown): MigrationEntryNote {
  if (typeof description !== 'string') return {};
  const text = description.trim();
  const closed = CLOSED_AT.exec(text);
  if (closed) {
    const time = parseTime(`${closed[1]}T${closed[2]}Z`);
    return time === null ? {} : {closedAt: time};
  }
  if (text === '' || LABEL_ONLY.test(text)) return {};
  return {text: boundText(text, MAX_NOTE_LENGTH)};
}
