import {once} from '../data/once';

const compact = once(() => new Intl.NumberFormat('en', {notation: 'compact', maximumFractionDigits: 1}));

/** 612345678 → "612.3M"; small numbers stay as they are. */
export function formatCount(value: number): string {
  return compact().format(value);
}
