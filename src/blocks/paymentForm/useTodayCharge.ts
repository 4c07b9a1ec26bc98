import { useEffect, useMemo, useState } from 'react';
import { offerChargedToday, offerForParent, todayChargeCents, type UsedTrials } from '../../domain/todayCharge.ts';
import { useFacts, useObservable, useRuntime } from '../../runtime/context.tsx';
import { readValue } from '../../runtime/values.ts';
import type { Offer } from './offers.ts';
import type { PaymentFormConfig } from './setup.ts';

/** The customer facts that tell which trials the parent has had (fetched once per session by the runtime). */
const TRIAL_FACTS = { any: [{ fact: 'customer.usedAppTrial' }, { fact: 'customer.usedClassesTrial' }] };

/** The trials a logged-in parent has had; null for a visitor or when the lookup failed; undefined while asked. */
function useUsedTrials(): UsedTrials | null | undefined {
  const rt = useRuntime();
  const sessionToken = useObservable(rt.auth.session)?.sessionToken ?? null;
  const [answer, setAnswer] = useState<{ for: string; used: UsedTrials | null } | null>(null);
  useEffect(() => {
    if (!sessionToken) return;
    let live = true;
    void rt.prepare(TRIAL_FACTS).then(() => {
      const customer = rt.customer.get();
      if (live) setAnswer({ for: sessionToken, used: customer && { app: customer.usedAppTrial, classes: customer.usedClassesTrial } });
    });
    return () => {
      live = false;
    };
  }, [rt, sessionToken]);
  if (!sessionToken) return null;
  return answer?.for === sessionToken ? answer.used : undefined;
}

/** How many of the offer are bought (a volume order's children): the block's `quantity`, else one. */
function useQuantity(block: PaymentFormConfig): number {
  const facts = useFacts();
  const raw = block.quantity === undefined ? 1 : readValue(block.quantity, facts);
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/**
 * What the form sells and charges today, as it shows it — so that `{ payment: todayCharge }`, the
 * `expectedTodayCharge` the server holds the charge to, is always the amount on screen:
 * - the offer without its free trial for a parent who has had one of its product;
 * - times the quantity bought (a volume order);
 * - or, once the server refused another amount (WP_TodayChargeChanged), the amount it answered,
 *   shown for the parent to confirm (`serverSaid`).
 * `known` is false while the parent's trials are being asked for: nothing is shown meanwhile.
 */
export function useTodayCharge(block: PaymentFormConfig, found: Offer | null) {
  const used = useUsedTrials();
  const quantity = useQuantity(block);
  const [said, setSaid] = useState<{ offerId: string; cents: number } | null>(null);
  const offer = useMemo(() => {
    if (!found || used === undefined) return null;
    const forParent = offerForParent(found, used);
    return said?.offerId === found.id ? offerChargedToday(forParent, said.cents) : forParent;
  }, [found, used, said]);
  const todayCents = offer ? (said?.offerId === offer.id ? said.cents : quantity * todayChargeCents(offer)) : null;
  return {
    offer,
    todayCents,
    quantity,
    known: used !== undefined,
    serverSaid: (offerId: string, dollars: number) => setSaid({ offerId, cents: Math.round(dollars * 100) }),
  };
}

export type TodayCharge = ReturnType<typeof useTodayCharge>;
