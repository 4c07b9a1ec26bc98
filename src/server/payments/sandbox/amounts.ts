/**
 * Braintree's sandbox decides a charge by its amount: 2000.00–2999.99 is declined by the
 * processor with the code of the amount's whole dollars (2001.00 → 2001 Insufficient Funds),
 * 3000.00–3000.99 fails at the processor (3000), anything else settles.
 */
import { processorResponseText } from '../processorResponses.ts';

export type ChargeOutcome = { status: 'settled' } | { status: 'declined' | 'failed'; code: string; text: string };

export function chargeOutcome(amountCents: number): ChargeOutcome {
  if (amountCents >= 200_000 && amountCents <= 299_999) {
    const code = String(Math.floor(amountCents / 100));
    return { status: 'declined', code, text: processorResponseText(code) };
  }
  if (amountCents >= 300_000 && amountCents <= 300_099) return { status: 'failed', code: '3000', text: processorResponseText('3000') };
  return { status: 'settled' };
}
