import { type FormEvent, useEffect, useEffectEvent, useRef } from 'react';
import { providerMessage } from '../../adapters/payment/messages.ts';
import { PaymentAdapterError, type TokenizedPayment } from '../../adapters/payment/types.ts';
import type { Offer } from './offers.ts';
import type { FormLayout, PaymentFormConfig, PayWay } from './setup.ts';
import type { Cardholder } from './useCardholderName.ts';
import type { CheckoutCharge } from './useCheckoutCharge.ts';
import type { PaymentNotices } from './usePaymentNotices.ts';
import type { PaymentSession } from './usePaymentSession.ts';
import type { PaymentTurn } from './usePaymentTurn.ts';
import type { TodayCharge } from './useTodayCharge.ts';

interface PaymentSubmitOptions {
  block: PaymentFormConfig;
  layout: FormLayout;
  /** The offer as the form sells it, and what it shows as charged today. */
  offer: Offer | null;
  today: TodayCharge;
  /** What the wallets show and charge: the offer's price, the product's name. */
  wallet: { amount: string; label: string };
  session: PaymentSession;
  cardholder: Cardholder;
  charge: CheckoutCharge;
  turn: PaymentTurn;
  notices: PaymentNotices;
}

/**
 * Paying: the name on the card is checked, the adapter tokenizes (its failures show the
 * provider messages of copy/en/payment.yaml), then `onPay:` runs with `payment.*`. A request whose answer never
 * came goes again as it was before anything new is paid, also after a reload, when the form
 * finds it on opening.
 */
export function usePaymentSubmit(o: PaymentSubmitOptions) {
  const { block, session, cardholder, charge, turn, notices } = o;

  /** The payment method of `how`, or null when there is none (the parent was told why). */
  async function tokenize(how: Exclude<PayWay, 'paypal'>): Promise<TokenizedPayment | null> {
    try {
      if (how === 'card') {
        if (!session.cardFields) {
          notices.loadFailed('card');
          return null;
        }
        if (o.layout.fields.includes('cardholderName') && cardholder.name.trim() === '' && !session.allEmpty()) {
          cardholder.markMissing();
          notices.notify('nameRequired', 5000);
          cardholder.focus();
          return null;
        }
        return await session.cardFields.tokenize();
      }
      if (!session.adapter) {
        notices.loadFailed(how);
        return null;
      }
      return await (how === 'applePay' ? session.adapter.payWithApplePay(o.wallet) : session.adapter.payWithGooglePay(o.wallet));
    } catch (e) {
      const code = e instanceof PaymentAdapterError ? e.code : 'UNKNOWN';
      if (!(e instanceof PaymentAdapterError)) console.error('[payment] tokenizing failed', e);
      notices.rejected(code, how);
      const message = providerMessage(code, how);
      if (message) notices.notify(message);
      if (how === 'card' && e instanceof PaymentAdapterError && e.details.invalidFieldKeys?.[0])
        session.cardFields?.focus(e.details.invalidFieldKeys[0]);
      return null;
    }
  }

  /**
   * Pays with `how`; a second click while a payment is under way does nothing. `paypal`: the
   * payment PayPal's own button gave (the parent approved in PayPal's window, which took the
   * turn when it opened).
   */
  async function start(how: PayWay, paypal?: { tokenized: TokenizedPayment }) {
    const passed = paypal !== undefined && turn.passFromPayPal();
    if (!passed && !turn.take()) return;
    try {
      const pending = charge.attempts.pending();
      if (pending) return await charge.pay(pending.payment, pending);
      if ((block.offerRequired ?? true) && !o.offer) {
        notices.notify('selectPlan', 5000);
        return;
      }
      let tokenized: TokenizedPayment | null;
      if (paypal) tokenized = paypal.tokenized;
      // Without the offer our own PayPal button stands in for PayPal's, and asks for a plan (above).
      else if (how === 'paypal') return;
      else tokenized = await tokenize(how);
      if (!tokenized) return;
      charge.attempts.key(); // the attempt starts: its key stays for retries until a definitive answer
      await charge.pay(charge.paymentValues(tokenized, o.offer, o.today));
    } finally {
      turn.giveBack();
    }
  }

  // A reload during a purchase: the request sent before is sent again (same key, same params),
  // and the server answers what it answered the first time.
  const resumed = useRef(false);
  const resume = useEffectEvent(() => {
    if (resumed.current || !charge.attempts.pending()) return;
    resumed.current = true;
    void start('card');
  });
  useEffect(() => {
    resume();
  }, []);

  return {
    /** Pays with a wallet's own button (PayPal's, when it is ours, only asks for a plan). */
    payWith: (how: PayWay) => void start(how),
    /** Pays with what PayPal's button gave. */
    payWithPayPal: (tokenized: TokenizedPayment) => start('paypal', { tokenized }),
    submit: (e: FormEvent) => {
      e.preventDefault();
      void start('card');
    },
  };
}
