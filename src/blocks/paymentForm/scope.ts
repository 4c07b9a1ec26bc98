import type { NoticeContext } from '../defineBlock.ts';
import { DEFAULT_ERROR_MS } from './errorMs.ts';

/** `{ payment: x }` values and `payment.*` facts are known only in its actions (onOffer:, onPay:). */
export const paymentValues = { name: 'payment', knownIn: 'a payment block (its onOffer: and onPay:)' };

/** A failed call in its onPay: or onOffer: shows its messages in the form's copy group, as long as the form's errorMs says. */
export function paymentNotices(props: Record<string, unknown>): NoticeContext | undefined {
  if (typeof props.copy !== 'string') return undefined;
  return { copy: props.copy, errorMs: typeof props.errorMs === 'number' ? props.errorMs : DEFAULT_ERROR_MS };
}
