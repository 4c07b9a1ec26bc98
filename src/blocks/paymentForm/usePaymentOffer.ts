import { useEffect, useEffectEvent, useState } from 'react';
import { useFacts } from '../../runtime/context.tsx';
import { useBackendData } from '../../runtime/data/useBackendData.ts';
import { readValue } from '../../runtime/values.ts';
import { findOffer, type Offer } from './offers.ts';
import type { PaymentFormConfig } from './setup.ts';

/**
 * The offer being bought: the first of the block's `offer` values that is set, an id looked up
 * in the catalog; `known` once the lookup of the current value answered. `onFound` runs for
 * each offer found (the block's `onOffer:`).
 */
export function usePaymentOffer(block: PaymentFormConfig, onFound: (offer: Offer) => void): { offer: Offer | null; known: boolean } {
  const data = useBackendData();
  const facts = useFacts();
  const values = block.offer === undefined ? [] : Array.isArray(block.offer) ? block.offer : [block.offer];
  const raw = values.map((v) => readValue(v, facts)).find((v) => v !== undefined && v !== null && v !== '');
  // The lookup follows the value, not a new object of the same value at each render.
  const rawKey = JSON.stringify(raw ?? null);
  const [found, setFound] = useState<{ for: string; offer: Offer | null } | null>(null);

  const lookUp = useEffectEvent(() => findOffer(raw, block.offers, data));
  const announce = useEffectEvent((offer: Offer) => onFound(offer));
  useEffect(() => {
    let live = true;
    void lookUp().then((offer) => {
      if (!live) return;
      setFound({ for: rawKey, offer });
      if (offer) announce(offer);
    });
    return () => {
      live = false;
    };
  }, [rawKey]);

  const known = found?.for === rawKey;
  return { offer: known ? found.offer : null, known };
}
