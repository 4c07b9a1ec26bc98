import { loadingMessage } from '../../adapters/payment/messages.ts';
import { useRuntime } from '../../runtime/context.tsx';
import { DEFAULT_ERROR_MS, PAYMENT_REJECTED_EVENT, type PaymentFormConfig, type PayWay } from './setup.ts';

export interface PaymentNotices {
  /** An error message of the form's copy group, for `ms` (the block's `errorMs` by default). */
  notify(message: string, ms?: number): void;
  /** A way to pay could not load: the loading message, which asks for a refresh, for the block's `loadErrorMs`. */
  loadFailed(part: PayWay): void;
  /** A payment method was refused (`web_payment_method_rejected`). */
  rejected(reason: string, method: string | undefined): void;
}

/** What the form tells the parent when something fails, and what it reports of a refusal. */
export function usePaymentNotices(block: PaymentFormConfig): PaymentNotices {
  const rt = useRuntime();
  const errorMs = block.errorMs ?? DEFAULT_ERROR_MS;
  const notify = (message: string, ms = errorMs) =>
    rt.notifications.show({ text: `${block.copy}.${message}`, literal: false, params: {}, level: 'error', ms });
  return {
    notify,
    loadFailed: (part) => notify(loadingMessage(part), block.loadErrorMs?.[part] ?? errorMs),
    rejected: (reason, method) => rt.analytics.track(PAYMENT_REJECTED_EVENT, { reason, paymentMethod: method ?? null }),
  };
}
