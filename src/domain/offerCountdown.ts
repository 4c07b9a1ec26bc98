/**
 * The 'Limited offer' countdown (599 s, about 10 minutes): how much is left, as m:ss,
 * and in whole minutes for screen readers. It starts the first time a parent sees it in a
 * browser tab and keeps counting from there across reloads and screens of that tab (the start is
 * kept in session storage); at 0:00 it stays there, and nothing else changes. Pure functions;
 * the block (src/blocks/countdown/) keeps the start and ticks.
 */

/** The 'Limited offer' countdown lasts 599 seconds. */
export const OFFER_COUNTDOWN_SECONDS = 599;

/**
 * When the countdown started (ms since the epoch), from what session storage holds: a start not
 * in the future and not more than a day old; otherwise null (start now). A start from the future
 * means the clock was set back: counting from it would show more than the offer's time.
 */
export function storedStart(stored: unknown, now: number): number | null {
  const at = typeof stored === 'number' ? stored : typeof stored === 'string' && /^\d+$/.test(stored) ? Number(stored) : NaN;
  if (!Number.isSafeInteger(at) || at > now || now - at > 24 * 60 * 60 * 1000) return null;
  return at;
}

/** Whole seconds left at `now` (599 at the start, 598 a second later... 0 at the end and after). */
export function secondsLeft(startedAt: number, now: number, total = OFFER_COUNTDOWN_SECONDS): number {
  const elapsed = Math.floor(Math.max(0, now - startedAt) / 1000);
  return Math.max(0, total - elapsed);
}

/** Milliseconds from `now` until the shown second changes (null when the countdown is over). */
export function msToNextTick(startedAt: number, now: number, total = OFFER_COUNTDOWN_SECONDS): number | null {
  if (secondsLeft(startedAt, now, total) === 0) return null;
  const into = Math.max(0, now - startedAt) % 1000;
  return 1000 - into;
}

/** The clock's parts, m:ss: 599 → { minutes: '9', seconds: '59' }; 0 → { '0', '00' }. */
export function clockParts(left: number): { minutes: string; seconds: string } {
  const s = Math.max(0, Math.floor(left));
  return { minutes: String(Math.floor(s / 60)), seconds: String(s % 60).padStart(2, '0') };
}

/**
 * What a screen reader is told, in whole minutes so the text changes once a minute, not every
 * second: 'less than N minutes' with N the minutes begun (599 s → 10, 540 s → 10, 539 s → 9);
 * the last minute, and the end, have their own wording.
 */
export function spokenLeft(left: number): { kind: 'minutes'; minutes: string } | { kind: 'lastMinute' } | { kind: 'ended' } {
  if (left <= 0) return { kind: 'ended' };
  const minutes = Math.floor(left / 60) + 1;
  return minutes <= 1 ? { kind: 'lastMinute' } : { kind: 'minutes', minutes: String(minutes) };
}
