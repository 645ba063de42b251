/** Shaping of the status dashboard's sources: pure functions, unit-tested. */
import {DataError, expectRecord, expectStringArray, isRecord} from './fetchData';

export type Health = 'operational' | 'degraded' | 'major outage' | 'unknown';

const OPERATIONAL = ['all systems operational', 'everything is looking good', 'operational'];

export interface CloudStatus {
  text: string;
  ok: boolean;
}

/**
 * Statuspage endpoints answer `{status: {description}}`, the conda-forge monitors `{status: "…"}`.
 * Operational phrasings become "All Systems Operational"; anything else is shown as it is.
 */
export function parseCloudStatus(data: unknown): CloudStatus {
  const root = expectRecord(data, 'the status');
  const raw = isRecord(root.status) ? root.status.description : root.status;
  if (typeof raw !== 'string' || raw.trim() === '') throw new DataError('Unexpected data: no status text.');
  const ok = OPERATIONAL.includes(raw.trim().toLowerCase());
  return {text: ok ? 'All Systems Operational' : raw.trim(), ok};
}

/** CDN freshness: under 20 minutes operational, under 40 degraded, otherwise a major outage. */
export function cdnHealth(ageMinutes: number): Health {
  if (!Number.isFinite(ageMinutes) || ageMinutes < 0) return 'unknown';
  if (ageMinutes < 20) return 'operational';
  if (ageMinutes < 40) return 'degraded';
  return 'major outage';
}

/** Minutes since the CDN's plain-text "last updated" time. */
export function cdnAgeMinutes(text: string, now: Date): number {
  const then = new Date(text.trim());
  if (Number.isNaN(then.getTime())) throw new DataError('Unexpected data: the CDN time is not a date.');
  return Math.max(0, Math.floor((now.getTime() - then.getTime()) / 60000));
}

export function parseServiceHealth(data: unknown): string {
  const {status} = expectRecord(data, 'the heartbeat');
  if (typeof status !== 'string') throw new DataError('Unexpected data: the heartbeat has no status.');
  return status;
}

/** `{name: description}` → names. */
export function parseMigrationNames(data: unknown): string[] {
  return Object.keys(expectRecord(data, 'the migration list')).sort();
}

export interface VersionUpdates {
  queued: string[];
  errored: string[];
  errors: Record<string, string>;
}

export function parseVersionStatus(data: unknown): VersionUpdates {
  const root = expectRecord(data, 'version_status.json');
  const errors: Record<string, string> = {};
  if (isRecord(root.errors)) {
    for (const [k, v] of Object.entries(root.errors)) if (typeof v === 'string') errors[k] = v;
  }
  return {
    queued: expectStringArray(root.queued ?? [], 'queued'),
    errored: expectStringArray(root.errored ?? [], 'errored'),
    errors,
  };
}
