/**
 * Never charged more — nor anything else — than the screen showed: every charging call carries
 * `expectedTodayCharge`, the amount the parent saw as "Today's charge" (src/contract/entities.ts),
 * and is refused before anything reaches the gateway when the server would charge another amount
 * today (a trial already used, a price changed since the page loaded...). The refusal carries
 * the true amount so the screen can show it for the parent to confirm (docs/payments.md).
 */
import { CallError, ErrorCode, MessageKey } from '../../../contract/index.ts';
import { centsOf, formatUsd } from '../../../domain/pricing.ts';
import { toDollars } from '../../catalog/money.ts';

export const todayChargeChanged = (amountCents: number) =>
  new CallError(
    ErrorCode.SCRIPT_FAILED,
    `Today's charge is ${formatUsd(amountCents)}, not the amount this page showed. ` +
      'You have not been charged: please check your order and confirm again.',
    MessageKey.todayChargeChanged,
    undefined,
    toDollars(amountCents),
  );

/** Throws WP_TodayChargeChanged unless `amountCents` is what the screen showed. */
export function confirmTodayCharge(expectedTodayCharge: number, amountCents: number): void {
  if (centsOf(expectedTodayCharge) !== amountCents) throw todayChargeChanged(amountCents);
}
