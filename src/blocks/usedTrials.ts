import { useEffect, useState } from 'react';
import type { UsedTrials } from '../domain/todayCharge.ts';
import { useObservable, useRuntime } from '../runtime/context.tsx';

/** The customer facts that tell which trials the parent has had (fetched once per session by the runtime). */
const TRIAL_FACTS = { any: [{ fact: 'customer.usedAppTrial' }, { fact: 'customer.usedClassesTrial' }] };

/**
 * The trials a logged-in parent has had; null for a visitor or when the lookup failed; undefined
 * while asked. A trial is once per parent and product: the blocks that show trials (the checkout,
 * the plan dropdown) show none of a product whose trial the parent has had.
 */
export function useUsedTrials(): UsedTrials | null | undefined {
  const rt = useRuntime();
  const sessionToken = useObservable(rt.auth.session)?.sessionToken ?? null;
  // Followed as it changes: the runtime reads the details again after a charge, made or refused.
  const customer = useObservable(rt.customer);
  const [askedFor, setAskedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!sessionToken) return;
    let live = true;
    void rt.prepare(TRIAL_FACTS).then(() => live && setAskedFor(sessionToken));
    return () => {
      live = false;
    };
  }, [rt, sessionToken]);
  if (!sessionToken) return null;
  if (askedFor !== sessionToken) return undefined;
  return customer && { app: customer.usedAppTrial, classes: customer.usedClassesTrial };
}
