/** GetClientToken: the browser's payment fields start from it; a captcha token sent with it is checked. */
import { captchaFailed } from '../../auth/captcha.ts';
import type { CallContext, HandlerInput } from '../../functions.ts';
import { findCustomerOfUser } from '../repository.ts';
import { PAYMENT_CAPTCHA_ACTIONS, type PaymentServices } from './services.ts';

export async function clientToken(s: PaymentServices, input: HandlerInput<'GetClientToken'>, context: CallContext) {
  if (input.captchaToken !== undefined) {
    const verdict = await s.captcha.verify(input.captchaToken, PAYMENT_CAPTCHA_ACTIONS, context.ip);
    if (!verdict.ok) {
      context.log.warn({ captcha: s.captcha.provider, reason: verdict.reason }, 'client token refused: bot check failed');
      throw captchaFailed();
    }
  }
  // A parent who is already a customer gets a token bound to them (their vaulted methods).
  const customer = context.user ? await findCustomerOfUser(s.db, context.user.id) : undefined;
  const customerId = customer && customer.gateway === s.gateway.name ? customer.gateway_customer_id : null;
  return { clientToken: await s.gateway.clientToken({ customerId }) };
}
