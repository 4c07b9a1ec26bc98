/**
 * BulkPurchase: codes bought in numbers (volume licences, gifts, a campaign's education seats).
 * One sale of quantity × the seat price (the campaign's, else the offer's); then, in the
 * transaction that records the payment, that many single-use codes of the offer: EDU… for a
 * campaign, GIFT… for a gift offer, CV… for a volume licence (src/server/codes/), and the email
 * that gives them to the buyer (the outbox's `codesPurchased`, the codes as its secret).
 *
 * The buyer need not have an account: without one the gateway customer is the purchaser's email
 * alone (no `customers` row; the payment row has no user), and the call runs behind the card
 * checks of guestCards.ts (a captcha; declines limited per address and per card).
 *
 * The sale goes through a payment intent (intents/run.ts) whose id is the order id. The codes
 * are never kept with the intent or the Idempotency-Key's answer: a repeated request reads them
 * again from the order's batch.
 */

import { CallError, ErrorCode } from '../../../contract/index.ts';
import { displayCode } from '../../../domain/codes.ts';
import { findBulkCampaign, findWebOffer } from '../../catalog/repository.ts';
import { findCodesOfOrder } from '../../codes/repository.ts';
import { createCodes } from '../../codes/service.ts';
import type { Db } from '../../db/transaction.ts';
import type { CodeKind } from '../../db/types.ts';
import type { AuthUser, HandlerInput } from '../../functions.ts';
import { enqueue } from '../../outbox/outbox.ts';
import type { IntentKindDefinition } from '../intents/kinds.ts';
import { answerOfEarlier, type PaymentCaller, payWithIntent } from '../intents/run.ts';
import { insertIntentPayment } from '../repository.ts';
import { ensureCustomer, paymentMethodFor } from './customers.ts';
import { unwrap } from './failures.ts';
import { pathOfActiveOffer } from './offers.ts';
import type { PaymentServices } from './services.ts';
import { confirmTodayCharge } from './todayCharge.ts';

interface BulkRecord {
  userId: string | null;
  customerId: string | null;
  paymentMethodId: string | null;
  email: string;
  kind: CodeKind;
  quantity: number;
  offerId: string;
  campaignId: string | null;
  description: string;
}

interface BulkAnswer {
  orderId: string;
  codes: string[];
}

const invalid = (message: string) => new CallError(ErrorCode.VALIDATION_ERROR, message);

export async function bulkPurchase(
  s: PaymentServices,
  input: HandlerInput<'BulkPurchase'>,
  user: AuthUser | null,
  o: PaymentCaller,
): Promise<BulkAnswer> {
  const earlier = await answerOfEarlier(s, bulkIntent, o.key, o.log);
  if (earlier.found) return earlier.answer;

  const { offer, seatCents, campaign } = await bulkOffer(s.db, input);
  const email = (input.customerOptions.email ?? user?.email)?.trim().toLowerCase();
  if (!email) throw invalid('Invalid parameters for BulkPurchase: customerOptions.email: the purchaser’s email is required.');
  const amountCents = input.quantity * seatCents;
  confirmTodayCharge(input.expectedTodayCharge, amountCents);

  const names = { firstName: input.customerOptions.firstName, lastName: input.customerOptions.lastName };

  let customerId: string | null = null;
  let methodId: string | null = null;
  let token: string;
  if (user) {
    const customer = await ensureCustomer(s, user, names);
    const method = await paymentMethodFor(s, customer, input.paymentMethodToken, { makeDefault: false });
    [customerId, methodId, token] = [customer.id, method.id, method.gateway_token];
  } else {
    const guest = await s.gateway.createCustomer({
      email,
      firstName: names.firstName?.trim() || null,
      lastName: names.lastName?.trim() || null,
    });
    token = unwrap(
      await s.gateway.vaultPaymentMethod({
        customerId: guest.customerId,
        nonce: input.paymentMethodToken,
        makeDefault: true,
        failOnDuplicate: false,
      }),
      'vault',
    ).token;
  }

  const record: BulkRecord = {
    userId: user?.id ?? null,
    customerId,
    paymentMethodId: methodId,
    email,
    kind: campaign ? 'bulk' : offer.subscription_type === 'gift' ? 'gift' : 'volume',
    quantity: input.quantity,
    offerId: offer.id,
    campaignId: campaign?.id ?? null,
    description: `${input.quantity} × ${offer.offer_title ?? offer.plan_name}`,
  };
  return payWithIntent(
    s,
    bulkIntent,
    {
      call: 'BulkPurchase',
      userId: user?.id ?? null,
      key: o.key,
      releaseId: o.releaseId,
      amountCents,
      plan: { charges: [{ kind: 'sale', paymentMethodToken: token, amountCents }], replaces: null, record },
    },
    o.log,
  );
}

/**
 * What a bulk purchase buys and at what seat price: a campaign's offer only with that campaign,
 * at its seat price; a gift or volume-licence offer no campaign sells, at its own price
 * (offers.ts `offerPath`).
 */
async function bulkOffer(db: Db, input: { webOfferId: string; campaignId?: string | undefined }) {
  const { offer, path } = await pathOfActiveOffer(db, await findWebOffer(db, input.webOfferId));
  const campaign = input.campaignId ? await findBulkCampaign(db, input.campaignId) : undefined;
  if (input.campaignId && !campaign?.is_active) throw new CallError(ErrorCode.OBJECT_NOT_FOUND, 'No such campaign.');
  if (campaign && campaign.web_offer_id !== offer.id) throw invalid('This campaign sells another plan.');
  if (!campaign && path === 'campaign') throw invalid('This plan is only sold to its campaign.');
  const asCodes = offer.subscription_type === 'gift' || offer.subscription_type === 'volumeLicense';
  if (!asCodes || offer.gift_months === null || (!campaign && path !== 'codes')) throw invalid('This plan is not sold as codes.');
  return { offer, seatCents: campaign?.price_per_seat_cents ?? offer.price_cents, campaign };
}

/** The order's codes, as parents type them, in a stable order. */
async function orderAnswer(db: Db, orderId: string): Promise<BulkAnswer> {
  const codes = await findCodesOfOrder(db, orderId);
  return { orderId, codes: codes.map(displayCode) };
}

export const bulkIntent: IntentKindDefinition<BulkRecord, BulkAnswer> = {
  kind: 'bulk',

  async complete(trx, intent, charged, now) {
    const r = intent.plan.record;
    await insertIntentPayment(trx, intent, charged, {
      userId: r.userId,
      customerId: r.customerId,
      subscriptionId: null,
      paymentMethodId: r.paymentMethodId,
      description: r.description,
    });
    await createCodes(
      trx,
      {
        kind: r.kind,
        count: r.quantity,
        webOfferId: r.offerId,
        campaignId: r.campaignId,
        source: 'purchase',
        purchaserEmail: r.email,
        paymentId: intent.id,
      },
      now,
    );
    const answer = await orderAnswer(trx, intent.id);
    const offer = (await findWebOffer(trx, r.offerId))!;
    // The buyer gets the codes by email too: the page that shows them may be closed or lost.
    await enqueue(trx, {
      type: 'codesPurchasedEmail',
      payload: { to: r.email, orderId: intent.id, kind: r.kind, quantity: r.quantity, offerTitle: offer.offer_title ?? offer.plan_name },
      secret: answer.codes.join('\n'),
      dedupeKey: `codesPurchased:${intent.id}`,
    });
    return answer;
  },

  answerAgain: (db, intent) => orderAnswer(db, intent.id),
};
