import { useContext, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { splitName } from '../../adapters/payment/messages.ts';
import type { TokenizedPayment } from '../../adapters/payment/types.ts';
import { MessageKey } from '../../contract/messageKeys.ts';
import type { Action } from '../../language/schema/actions.ts';
import { type ActionServices, runActions } from '../../runtime/actions.ts';
import { chargeServices, createCheckoutAttempts, type PendingCharge } from '../../runtime/checkout.ts';
import { ScreenSignal, useFacts, useRuntime } from '../../runtime/context.tsx';
import { type Offer, offerAmount } from './offers.ts';
import type { PaymentFormConfig } from './setup.ts';
import type { PaymentNotices } from './usePaymentNotices.ts';

/** What the form shows as charged today (./useTodayCharge.ts), for `{ payment: todayCharge }` and `{ payment: quantity }`. */
export interface ShownCharge {
  todayCents: number | null;
  quantity: number;
}

/**
 * The block's actions with `payment.*`, their charge call going out under the checkout
 * attempt's key (src/runtime/checkout.ts), and whether the order is under way (`processing`).
 * `onTodayChargeChanged`: the server refused the amount shown and answered the true one (dollars).
 */
export function useCheckoutCharge(
  block: PaymentFormConfig,
  payerName: string,
  notices: PaymentNotices,
  onTodayChargeChanged: (offerId: string, dollars: number) => void,
) {
  const rt = useRuntime();
  const facts = useFacts();
  const signal = useContext(ScreenSignal);
  const { pathname } = useLocation();
  const session = rt.browser.session;
  const attempts = useMemo(() => createCheckoutAttempts(session, `${pathname}#${block.id ?? 'payment'}`), [session, pathname, block.id]);
  const [processing, setProcessing] = useState(false);

  /** What `{ payment: ... }` reads: the payment made, the payer, the offer and what the form shows as charged today. */
  function paymentValues(tokenized: TokenizedPayment | null, offer: Offer | null, shown?: ShownCharge): Record<string, unknown> {
    const payer = splitName(payerName);
    const email = (facts.get('user.email') as string | undefined) ?? tokenized?.details.email;
    const customerOptions: Record<string, string> = {};
    if (email) customerOptions.email = email;
    if (payer.firstName) customerOptions.firstName = payer.firstName;
    if (payer.lastName) customerOptions.lastName = payer.lastName;
    return {
      ...(tokenized
        ? {
            nonce: tokenized.nonce,
            method: tokenized.method,
            cardType: tokenized.details.cardType,
            lastFour: tokenized.details.lastFour,
            deviceData: tokenized.deviceData,
          }
        : {}),
      firstName: payer.firstName || undefined,
      lastName: payer.lastName || undefined,
      email,
      customerOptions,
      offer: offer ?? undefined,
      offerId: offer?.id,
      amount: offer ? offerAmount(offer) : undefined,
      ...(shown?.todayCents != null ? { todayCharge: shown.todayCents / 100 } : {}),
      ...(shown ? { quantity: shown.quantity } : {}),
    };
  }

  function services(payment: Record<string, unknown>, resend?: PendingCharge): ActionServices {
    return chargeServices(rt.services, {
      attempts,
      payment,
      resend,
      signal,
      onRefused: (e, request) => {
        const x = e as { messageKey?: string | null; processorCode?: string | null; message?: string; todayCharge?: number };
        if (
          x.messageKey === MessageKey.todayChargeChanged &&
          typeof x.todayCharge === 'number' &&
          typeof request.payment.offerId === 'string'
        )
          onTodayChargeChanged(request.payment.offerId, x.todayCharge);
        notices.rejected(
          [x.messageKey ?? x.message ?? 'refused', x.processorCode].filter(Boolean).join(':'),
          String(request.payment.method ?? ''),
        );
      },
    });
  }

  /** Runs `actions` with `payment`; `resend`: the request of an earlier try, sent again as it was. */
  const run = (actions: readonly Action[] | undefined, payment: Record<string, unknown>, resend?: PendingCharge) =>
    runActions(actions, services(payment, resend), { payment, signal });

  /** `onPay:`, with the processing popup (or the busy button) meanwhile. */
  async function pay(payment: Record<string, unknown>, resend?: PendingCharge) {
    setProcessing(true);
    try {
      await run(block.onPay, payment, resend);
    } finally {
      if (!signal?.aborted) setProcessing(false);
    }
  }

  return { attempts, processing, paymentValues, run, pay };
}

export type CheckoutCharge = ReturnType<typeof useCheckoutCharge>;
