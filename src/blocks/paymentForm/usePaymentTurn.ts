import { useContext, useRef, useState } from 'react';
import { ScreenSignal } from '../../runtime/context.tsx';

/**
 * One payment at a time: the turn is taken when a payment starts (Join Now, a wallet) and
 * given back when it ends; `busy` meanwhile. PayPal's window takes it when it opens (its
 * button is out of reach while another payment has it), and hands it to the payment that its
 * approval starts.
 */
export function usePaymentTurn() {
  const signal = useContext(ScreenSignal);
  const running = useRef(false);
  const heldByPayPal = useRef(false);
  const [busy, setBusy] = useState(false);

  const take = () => {
    running.current = true;
    setBusy(true);
  };
  const giveBack = () => {
    running.current = false;
    if (!signal?.aborted) setBusy(false);
  };

  return {
    busy,
    /** Takes the turn; false while another payment has it. */
    take(): boolean {
      if (running.current) return false;
      take();
      return true;
    },
    /** The payment is over. */
    giveBack,
    /** PayPal's window opened: the turn is PayPal's, unless another payment has it. */
    takeForPayPal() {
      if (running.current) return;
      take();
      heldByPayPal.current = true;
    },
    /** PayPal's approval starts its payment: whether PayPal held the turn (the payment has it now). */
    passFromPayPal(): boolean {
      const held = heldByPayPal.current;
      heldByPayPal.current = false;
      return held;
    },
    /** PayPal settled without a payment: the turn it held, if any, is given back. */
    dropFromPayPal() {
      if (!heldByPayPal.current) return;
      heldByPayPal.current = false;
      giveBack();
    },
  };
}

export type PaymentTurn = ReturnType<typeof usePaymentTurn>;
