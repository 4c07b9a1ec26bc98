/**
 * BulkPurchase: codes bought in numbers (volume licences, gifts, a campaign's education seats).
 * One sale of quantity × the seat price (the campaign's, else the offer's); then, in the
 * transaction that records the payment, that many single-use codes of the offer: EDU… for a
 * campaign, GIFT… for a gift offer, CV… for a volume licence (src/server/codes/), and the email
 * that gives them to the buyer (the outbox's `codesPurchased`, the codes as its secret).
 *
 * The buyer need not have an account: without one the gateway customer is the purchaser's email
 * alone (no `customers` row; the payment row has no user).
 */
import { CallError, ErrorCode } from '../../../contract/index.ts';
import { displayCode } from '../../../domain/codes.ts';
import { findBulkCampaign, findWebOffer } from '../../catalog/repository.ts';
import { createCodes } from '../../codes/repository.ts';
import { newId } from '../../db/ids.ts';
import type { CodeKind } from '../../db/types.ts';
import type { AuthUser, HandlerInput } from '../../functions.ts';
import { ensureCustomer, paymentMethodFor } from './customers.ts';
import { unwrap } from './failures.ts';
import { offerUnavailable } from './offers.ts';
import { insertPayment } from './records.ts';
import { enqueue } from '../../outbox/outbox.ts';
import type { PaymentServices } from './services.ts';

const invalid = (message: string) => new CallError(ErrorCode.VALIDATION_ERROR, message);

export async function bulkPurchase(s: PaymentServices, input: HandlerInput<'BulkPurchase'>, user: AuthUser | null): Promise<{ orderId: string; codes: string[] }> {
  const now = s.now();
  const offer = await findWebOffer(s.db, input.webOfferId);
  if (!offer || !offer.is_active) throw offerUnavailable();
  if (offer.subscription_type !== 'volumeLicense' && offer.subscription_type !== 'gift') throw invalid('This plan is not sold as codes.');
  if (offer.gift_months === null) throw offerUnavailable();
  const campaign = input.campaignId ? await findBulkCampaign(s.db, input.campaignId) : undefined;
  if (input.campaignId && (!campaign || !campaign.is_active)) throw new CallError(ErrorCode.OBJECT_NOT_FOUND, 'No such campaign.');
  if (campaign && campaign.web_offer_id !== null && campaign.web_offer_id !== offer.id) throw invalid('This campaign sells another plan.');
  const email = (input.customerOptions.email ?? user?.email)?.trim().toLowerCase();
  if (!email) throw invalid('Invalid parameters for BulkPurchase: customerOptions.email: the purchaser’s email is required.');

  const seatCents = campaign?.price_per_seat_cents ?? offer.price_cents;
  const kind: CodeKind = campaign ? 'bulk' : offer.subscription_type === 'gift' ? 'gift' : 'volume';
  const names = { firstName: input.customerOptions.firstName, lastName: input.customerOptions.lastName };

  let customerId: string | null = null;
  let methodId: string | null = null;
  let token: string;
  if (user) {
    const customer = await ensureCustomer(s, user, names);
    const method = await paymentMethodFor(s, customer, input.paymentMethodToken, { makeDefault: false });
    [customerId, methodId, token] = [customer.id, method.id, method.gateway_token];
  } else {
    const guest = await s.gateway.createCustomer({ email, firstName: names.firstName?.trim() || null, lastName: names.lastName?.trim() || null });
    token = unwrap(await s.gateway.vaultPaymentMethod({ customerId: guest.customerId, nonce: input.paymentMethodToken, makeDefault: true, failOnDuplicate: false }), 'vault').token;
  }

  const orderId = newId();
  const transaction = unwrap(await s.gateway.sale({ paymentMethodToken: token, amountCents: input.quantity * seatCents, orderId, now }), 'charge');
  const created = await s.db.transaction().execute(async (trx) => {
    await insertPayment(trx, {
      id: orderId,
      userId: user?.id ?? null,
      customerId,
      subscriptionId: null,
      paymentMethodId: methodId,
      description: `${input.quantity} × ${offer.offer_title ?? offer.plan_name}`,
      transaction,
    });
    const created = await createCodes(trx, { kind, count: input.quantity, webOfferId: offer.id, campaignId: campaign?.id ?? null, source: 'purchase', purchaserEmail: email, paymentId: orderId }, now);
    const codes = created.codes.map(displayCode);
    // The buyer gets the codes by email too: the page that shows them may be closed or lost.
    await enqueue(trx, {
      type: 'codesPurchasedEmail',
      payload: { to: email, orderId, kind, quantity: input.quantity, offerTitle: offer.offer_title ?? offer.plan_name },
      secret: codes.join('\n'),
      dedupeKey: `codesPurchased:${orderId}`,
    });
    return codes;
  });
  return { orderId, codes: created };
}
