import type { BucketUnit } from './data.js';

/*
 * Small pure helpers used by both sides: the collector in Node and the page's own script (bundled into
 * it), so a number reads the same in the JSON, the summary text and the tables.
 */

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** The first day (`YYYY-MM-DD`, UTC) of the bucket holding `iso`: the day, its ISO week's Monday, or the month's first. */
export function bucketStart(iso: string, unit: BucketUnit): string {
  const d = new Date(Date.parse(iso));
  if (unit === 'month') return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-01`;
  if (unit === 'week') {
    const back = (d.getUTCDay() + 6) % 7;
    const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - back));
    return monday.toISOString().slice(0, 10);
  }
  return d.toISOString().slice(0, 10);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

export function usd(value: number | null): string {
  return value === null ? '—' : `$${value.toFixed(2)}`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** `3 d`, `5 h`: how long before `to` the time `from` was. */
export function ageBetween(from: string, to: string): string {
  const seconds = Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / 1000));
  if (seconds < 60) return 'under a minute';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}
