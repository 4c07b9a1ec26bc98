import { useEffect, useState } from 'react';
import { readJson, writeJson } from '../../browser/storage.ts';
import { OFFER_COUNTDOWN_KEY } from '../../browser/storageKeys.ts';
import { clockParts, msToNextTick, secondsLeft, spokenLeft, storedStart } from '../../domain/offerCountdown.ts';
import { useCopy, useInteractive, useRuntime } from '../../runtime/context.tsx';
import type { BlockProps } from '../types.ts';
import './countdown.css';

/**
 * The 'Limited offer' countdown (src/domain/offerCountdown.ts). The start is kept in
 * session storage, so every countdown of the tab shows the same time, across screens and
 * reloads. It ticks on the second from the start, read off the clock each time (a tab in the
 * background that ticks late shows the right time when it ticks), and stops at 0:00.
 *
 * Sighted parents read 'Limited offer 9:59'. Screen readers read the timer's own sentence in
 * whole minutes ('Limited offer: less than 10 minutes left'); the timer is not a live region,
 * so nothing is announced while it runs.
 *
 * The server does not know the tab's start: a server-rendered page shows the band without the
 * time (its place kept) until the browser has taken over.
 */
export default function Countdown({ block }: BlockProps<'countdown'>) {
  const t = useCopy();
  const { browser } = useRuntime();
  const tx = (name: string, params?: Record<string, string>) => t(`${block.copy}.${name}`, params);

  const [startedAt] = useState(() => {
    const now = Date.now();
    const kept = storedStart(readJson(browser.session, OFFER_COUNTDOWN_KEY), now);
    if (kept !== null) return kept;
    writeJson(browser.session, OFFER_COUNTDOWN_KEY, now);
    return now;
  });
  const [left, setLeft] = useState(() => secondsLeft(startedAt, Date.now()));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const now = Date.now();
      setLeft(secondsLeft(startedAt, now));
      const next = msToNextTick(startedAt, now);
      if (next !== null) timer = setTimeout(tick, next);
    };
    tick();
    return () => clearTimeout(timer);
  }, [startedAt]);

  // The time is the tab's (session storage): a server-rendered page keeps its place, blank, until the browser shows it.
  const interactive = useInteractive();
  const spoken = spokenLeft(left);
  return (
    <div id={block.id} className="countdown" role="timer" aria-live="off" aria-atomic="true">
      <span className="countdown__label" aria-hidden="true">
        {tx('label')}
      </span>{' '}
      <span className="countdown__time" aria-hidden="true">
        {interactive ? tx('time', clockParts(left)) : '\u00a0'}
      </span>
      {interactive && (
        <span className="visually-hidden">
          {spoken.kind === 'minutes' ? tx('minutesLeft', { minutes: spoken.minutes }) : tx(spoken.kind)}
        </span>
      )}
    </div>
  );
}
