/** How the report writes its numbers, on the page and in `npm run report` alike. */
import type { Interval } from './stats.ts';

export const NONE = '—';

const counts = new Intl.NumberFormat('en-US');
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatCount = (n: number) => counts.format(n);
export const formatDollars = (cents: number) => dollars.format(cents / 100);
export const formatPercent = (x: number | null) => (x === null ? NONE : `${(x * 100).toFixed(1)}%`);
export const formatInterval = (interval: Interval | null) =>
  interval ? `${formatPercent(interval.low)} – ${formatPercent(interval.high)}` : NONE;
