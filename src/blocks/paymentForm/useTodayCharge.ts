import { useMemo, useState } from 'react';
import { offerChargedToday, offerForParent, todayChargeCents } from '../../domain/todayCharge.ts';
import { useFacts } from '../../runtime/context.tsx';
import { readValue } from '../../runtime/values.ts';
import { useUsedTrials } from '../usedTrials.ts';
import type { Offer } from './offers.ts';
import type { PaymentFormConfig } from './setup.ts';

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
