/**
 * Which gateway a payment call runs on (docs/releases.md, "Previews"):
 *
 * - an account made in a release preview (a test account) pays on the sandbox gateway, in the
 *   preview and after it: its customer, cards and subscriptions are the sandbox's;
 * - a call from a preview without a session (the client token of a checkout about to sign up) gets
 *   the sandbox too;
 * - a real account in a preview may not pay or change its plans there: its customer is at the live
 *   gateway, whose cards a sandbox charge cannot use and whose records must not move. It signs up
 *   anew in the preview to try the checkout;
 * - nobody buys codes in a preview: a code bought on test cards would work on the live site;
 * - everyone else pays on the live gateway.
 */
import { CallError, ErrorCode } from '../../contract/index.ts';
import type { CallContext } from '../functions.ts';
import type { PaymentServices } from './calls/services.ts';

export interface PaymentServicesByGateway {
  /** The server's gateway (PAYMENT_GATEWAY). */
  live: PaymentServices;
  /** The sandbox, whatever the live gateway is. */
  sandbox: PaymentServices;
}

/** What a call may do: read (a client token) or pay and change plans. */
export type PaymentUse = 'read' | 'pay' | 'buyCodes';

export const previewPaymentRefused = (why: string) => new CallError(ErrorCode.OPERATION_FORBIDDEN, why);

export function paymentServicesFor(services: PaymentServicesByGateway, context: CallContext, use: PaymentUse): PaymentServices {
  const testAccount = context.user?.testData ?? false;
  if (!testAccount && !context.preview) return services.live;
  if (use === 'buyCodes')
    throw previewPaymentRefused('Codes cannot be bought in a release preview or by its test accounts: they would work on the live site.');
  if (use === 'pay' && context.user && !testAccount)
    throw previewPaymentRefused('In a release preview only an account made in the preview can pay: sign up with another email.');
  return services.sandbox;
}

/** The services of the gateway a payment intent was made on (reconciliation settles it there). */
export function paymentServicesOfGateway(services: PaymentServicesByGateway, gateway: string): PaymentServices {
  return gateway === services.live.gateway.name ? services.live : services.sandbox;
}
