import { useContext, useEffect, useEffectEvent, useRef, useState } from 'react';
import { type PaymentAdapter, PaymentAdapterError, type TokenizedPayment } from '../../adapters/payment/types.ts';
import { ScreenSignal } from '../../runtime/context.tsx';
import { holdsPayPalButton, paypalFailure } from './paypal.ts';
import type { PaymentNotices } from './usePaymentNotices.ts';
import type { PaymentTurn } from './usePaymentTurn.ts';

interface PayPalButtonOptions {
  adapter: PaymentAdapter | null;
  /** The adapter can run PayPal here. */
  available: boolean;
  /** The PayPal option is on screen (or was: its tab stays drawn once shown). */
  shown: boolean;
  offerRequired: boolean;
  hasOffer: boolean;
  amount: string;
  label: string;
  turn: PaymentTurn;
  notices: PaymentNotices;
  /** The parent approved in PayPal's window: the payment, settled when it is over. */
  onApproved: (tokenized: TokenizedPayment) => Promise<void>;
}

/**
 * PayPal's own button (./paypal.ts): once the PayPal option shows, the adapter draws it into
 * `box` (`payWithPayPal({ amount, label, container })`); the parent's approval there pays, and
 * after any outcome the button is offered again by calling again. `holdsButton`: the form
 * holds its container (else our own button stands in); `open`: its window is open; `broken`:
 * it could not be offered.
 */
export function usePayPalButton(o: PayPalButtonOptions) {
  const { adapter, amount, label } = o;
  const signal = useContext(ScreenSignal);
  const box = useRef<HTMLDivElement | null>(null);
  const [open, setOpen] = useState(false);
  const [broken, setBroken] = useState(false);
  const holdsButton =
    adapter !== null && !broken && holdsPayPalButton({ available: o.available, offerRequired: o.offerRequired, hasOffer: o.hasOffer });
  const draw = holdsButton && o.shown;

  const started = useEffectEvent(() => {
    setOpen(true);
    o.turn.takeForPayPal();
  });
  const approved = useEffectEvent((tokenized: TokenizedPayment) => {
    setOpen(false);
    return o.onApproved(tokenized);
  });
  /** PayPal's window closed without a payment (`windowOpened`) or its button could not be offered: whether to offer it again. */
  const failed = useEffectEvent((e: unknown, windowOpened: boolean): boolean => {
    setOpen(false);
    o.turn.dropFromPayPal();
    const failure = paypalFailure(e, windowOpened);
    if (failure.kind === 'loading') {
      console.error("[payment] PayPal's button could not be offered", e);
      setBroken(true);
      o.notices.loadFailed('paypal');
      return false;
    }
    if (!(e instanceof PaymentAdapterError)) console.error('[payment] PayPal failed', e);
    o.notices.rejected(failure.code, 'paypal');
    if (failure.message) o.notices.notify(failure.message);
    return true;
  });
  /** The call was replaced or the form went while PayPal's window was open. */
  const abandoned = useEffectEvent(() => {
    setOpen(false);
    o.turn.dropFromPayPal();
  });

  useEffect(() => {
    const container = box.current;
    if (!draw || !adapter || !container) return;
    let live = true;
    let call = { started: false, settled: false };
    const offer = () => {
      const current = { started: false, settled: false };
      call = current;
      const onStart = () => {
        if (!live || current.started || current.settled) return;
        current.started = true;
        started();
      };
      adapter.payWithPayPal({ amount, label, container, onStart }).then(
        (tokenized) => {
          current.settled = true;
          // An adapter that never said the window opened: the approval is the parent's all the same.
          if (!live) return;
          void approved(tokenized).finally(() => {
            if (live && !signal?.aborted) offer();
          });
        },
        (e: unknown) => {
          current.settled = true;
          if (live && failed(e, current.started)) offer();
        },
      );
    };
    offer();
    return () => {
      live = false;
      if (call.started && !call.settled) abandoned();
    };
  }, [draw, adapter, amount, label, signal]);

  return { box, holdsButton, open, broken };
}
