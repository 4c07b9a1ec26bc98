import { type KeyboardEvent, useEffect, useState } from 'react';
import type { PartId } from './setup.ts';

export type MethodTab = 'card' | 'other';

/**
 * The tabs 'Pay by Credit Card' / 'Other Payment Options': the one selected, arrow keys, Home
 * and End moving between them (WAI-ARIA tabs), and whether the other tab was ever shown.
 */
export function useMethodTabs(id: PartId) {
  const [tab, setTab] = useState<MethodTab>('card');
  const [otherSeen, setOtherSeen] = useState(false);
  useEffect(() => {
    if (tab === 'other') setOtherSeen(true);
  }, [tab]);

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next = tab === 'card' ? 'other' : 'card';
    const to = e.key === 'Home' ? 'card' : e.key === 'End' ? 'other' : next;
    setTab(to);
    document.getElementById(id(`tab-${to}`))?.focus();
  };

  return { tab, select: setTab, onKeyDown, otherSeen };
}

export type MethodTabs = ReturnType<typeof useMethodTabs>;
