/**
 * Prices only through their declared path, as a property of the whole catalog: every offer,
 * class offer and class add-on × every charging call, with fast-check drawing the rest of the
 * request — a code (its own coupon, a used or expired one, another offer's, a gift code, its promo
 * code or another's), a campaign, a partner named by the client, a buyer who has had their trials,
 * a quantity, and the amount the screen showed (the true one or a stale one). The server must
 * charge exactly what the path grants (today, and what the plan renews at), or refuse and charge
 * nothing. What the path grants is ./offerPaths.ts, written from the catalog file.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CallName } from '../../src/contract/index.ts';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { createCodes } from '../../src/server/codes/service.ts';
import { createPaymentGateway } from '../../src/server/payments/createGateway.ts';
import type { PaymentGateway } from '../../src/server/payments/gateway.ts';
import { insertSubscription } from '../../src/server/subscriptions/repository.ts';
import { client, startBackendServer } from './backendServer.ts';
import { useTestDatabase } from './db.ts';
import { insertEndedTrial } from './endedTrial.ts';
import {
  type Buyer,
  type CampaignSent,
  type CatalogView,
  type ChargingCall,
  campaignsSent,
  chargingCalls,
  codesSent,
  type Expected,
  expectedCharge,
  type PurchaseCase,
  partnersSent,
  viewOf,
} from './offerPaths.ts';

const t = useTestDatabase();
let server: Awaited<ReturnType<typeof startBackendServer>>;
const s = client(() => server.app);
const view: CatalogView = viewOf(readCatalog('funnels'));

/** What reached the gateway's charging calls during one request. */
interface Charges {
  todayCents: number;
  renewsAtCents: number[];
  calls: number;
}
let charges: Charges = { todayCents: 0, renewsAtCents: [], calls: 0 };

/** The sandbox gateway, with its sales and subscriptions counted as they are made. */
function recording(inner: PaymentGateway): PaymentGateway {
  return {
    ...inner,
    async sale(o) {
      charges.calls++;
      const result = await inner.sale(o);
      if (result.ok && result.value.status === 'settled') charges.todayCents += result.value.amountCents;
      return result;
    },
    async createSubscription(o) {
      charges.calls++;
      const result = await inner.createSubscription(o);
      if (result.ok) {
        charges.renewsAtCents.push(o.priceCents);
        charges.todayCents += result.value.transaction?.status === 'settled' ? result.value.transaction.amountCents : 0;
      }
      return result;
    },
  };
}

beforeAll(async () => {
  await importCatalogIfEmpty(t.db, () => readCatalog('funnels'));
  server = await startBackendServer(t.db, {
    overrides: { paymentGateway: recording(createPaymentGateway({ kind: 'sandbox', db: t.db })) },
  });
}, 60_000);
afterAll(() => server?.close());

let keys = 0;
const KNOWN_PARTNER = 'gympass';
const upgradeFrom = view.offers.get('monthly')!;

/** Every item of the catalog the calls may name, and one it does not have. */
const items = [...view.offers.keys(), ...view.addOns.keys(), 'no-such-offer'];

/** A parent in the state the case needs, and the session they call with. */
async function buyerFor(call: ChargingCall, buyer: Buyer): Promise<{ id: string; token: string } | null> {
  if (call === 'BulkPurchase (guest)') return null;
  const parent = await s.signUp();
  if (call === 'CreateClassAddOnSubscription')
    // Classes are added to a plan the parent has.
    await insertSubscription(t.db, {
      user_id: parent.id,
      customer_id: null,
      web_offer_id: 'annual',
      class_add_on_id: null,
      product: 'app',
      status: 'Active',
      price_cents: 7999,
      source: 'purchase',
      code: null,
      gateway_subscription_id: null,
      payment_method_id: null,
      partner: null,
    });
  else if (call === 'UpgradeSubscription') {
    const bought = await s.call(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: upgradeFrom.id, expectedTodayCharge: 0 },
      { token: parent.token, headers: { 'idempotency-key': `paths-${process.pid}-${++keys}` } },
    );
    if (bought.status !== 200) throw new Error(`the plan to upgrade could not be bought: ${JSON.stringify(bought.body)}`);
  } else if (buyer === 'hadTrials') for (const product of ['app', 'classes'] as const) await insertEndedTrial(t.db, parent.id, product);
  return { id: parent.id, token: parent.token };
}

/** The code field the case sends (PurchaseSubscription only), made for it. */
async function codeFields(c: PurchaseCase): Promise<Record<string, string>> {
  const offer = view.offers.get(c.item);
  const coupon = async (webOfferId: string) => (await createCodes(t.db, { kind: 'coupon', webOfferId, source: 'test' })).codes[0]!;
  switch (c.code) {
    case 'none':
      return {};
    case 'itsCoupon':
    case 'usedCoupon':
    case 'expiredCoupon': {
      if (!offer) return { couponCode: 'CSNO-SUCH-CODE-0000' };
      const code = await coupon(offer.id);
      if (c.code === 'usedCoupon')
        await t.db.updateTable('codes').set({ redeemed_at: new Date(), redeemed_by_user_id: null }).where('code', '=', code).execute();
      if (c.code === 'expiredCoupon')
        await t.db
          .updateTable('codes')
          .set({ expires_at: new Date(Date.now() - 1000) })
          .where('code', '=', code)
          .execute();
      return { couponCode: code };
    }
    case 'otherCoupon':
      return { couponCode: await coupon(c.item === 'coupon_annual' ? 'annual' : 'coupon_annual') };
    case 'giftCode':
      return { couponCode: (await createCodes(t.db, { kind: 'gift', webOfferId: 'gift_12_months', source: 'test' })).codes[0]! };
    case 'itsPromo':
      return offer?.promoCode ? { promoCode: offer.promoCode } : {};
    case 'otherPromo':
      return { promoCode: offer?.promoCode === 'SAVE50' ? 'NOT-A-PROMO' : 'SAVE50' };
  }
}

const campaignId = (campaign: CampaignSent) =>
  campaign === 'none' ? {} : { campaignId: campaign === 'unknown' ? 'no-such-campaign' : 'girl-scouts' };
const partnerField = (c: PurchaseCase) =>
  c.partner === 'none' ? {} : { partner: c.partner === 'its' ? (view.offers.get(c.item)?.partner ?? KNOWN_PARTNER) : c.partner };

/** The request of the case, with `shownCents` as the amount its screen showed. */
async function request(c: PurchaseCase, parent: { id: string; token: string } | null, shownCents: number) {
  const expectedTodayCharge = shownCents / 100;
  const card = 'fake-valid-visa-nonce';
  switch (c.call) {
    case 'PurchaseSubscription':
      return {
        name: 'PurchaseSubscription' as CallName,
        input: { paymentMethodToken: card, webOfferId: c.item, expectedTodayCharge, ...(await codeFields(c)), ...partnerField(c) },
      };
    case 'SubscribeToMinervaClasses':
      return { name: c.call, input: { webOfferId: c.item, paymentMethodToken: card, expectedTodayCharge, utmParamsObject: null } };
    case 'BulkPurchase':
    case 'BulkPurchase (guest)':
      return {
        name: 'BulkPurchase' as CallName,
        input: {
          webOfferId: c.item,
          quantity: c.quantity,
          paymentMethodToken: card,
          customerOptions: { email: `bulk-${++keys}@example.com` },
          expectedTodayCharge,
          ...campaignId(c.campaign),
          ...(parent ? {} : { captchaToken: 'local-captcha:paymentForm' }),
        },
      };
    case 'CreateClassAddOnSubscription':
      return { name: c.call, input: { paymentMethodToken: card, classAddOnId: c.item, expectedTodayCharge } };
    case 'UpgradeSubscription': {
      const [old] = await t.db.selectFrom('subscriptions').select('id').where('user_id', '=', parent!.id).execute();
      return { name: c.call, input: { parseUserId: parent!.id, oldSubscriptionId: old!.id, newPlanId: c.item, expectedTodayCharge } };
    }
  }
}

/** A guess of the amount a screen would show for an item the path refuses anyway. */
const anyAmountCents = (item: string) => Math.round((view.offers.get(item)?.price ?? view.addOns.get(item)?.todayPrice ?? 1) * 100);

let combinations = 0;

async function check(c: PurchaseCase, stale: boolean) {
  const parent = await buyerFor(c.call, c.buyer);
  const expected: Expected = expectedCharge(c, view, upgradeFrom);
  const trueCents = expected.charged ? expected.todayCents : anyAmountCents(c.item);
  const shownCents = stale ? trueCents + 100 : trueCents;
  const { name, input } = await request(c, parent, shownCents);
  charges = { todayCents: 0, renewsAtCents: [], calls: 0 };
  const answer = await s.call(name, input, {
    token: parent?.token ?? null,
    headers: { 'idempotency-key': `paths-${process.pid}-${++keys}` },
  });
  combinations++;
  const what = { case: c, stale, expected, status: answer.status, body: answer.body, charges };

  if (expected.charged && !stale) {
    expect(answer.status, JSON.stringify(what)).toBe(200);
    expect({ today: charges.todayCents, renews: charges.renewsAtCents }, JSON.stringify(what)).toEqual({
      today: expected.todayCents,
      renews: expected.renewsAtCents === null ? [] : [expected.renewsAtCents],
    });
    return;
  }
  expect(answer.status, JSON.stringify(what)).toBeGreaterThanOrEqual(400);
  expect(charges.calls, JSON.stringify(what)).toBe(0);
  if (expected.charged)
    expect(answer.body, JSON.stringify(what)).toMatchObject({
      messageKey: 'WP_TodayChargeChanged',
      todayCharge: expected.todayCents / 100,
    });
}

const rest = fc.record({
  code: fc.constantFrom(...codesSent),
  campaign: fc.constantFrom(...campaignsSent),
  partner: fc.constantFrom(...partnersSent),
  buyer: fc.constantFrom<Buyer>('new', 'hadTrials'),
  quantity: fc.integer({ min: 1, max: 3 }),
  stale: fc.boolean(),
});

test(
  'every offer × every charging call: exactly the price its path grants, or a refusal that charges nothing',
  async () => {
    for (const item of items)
      for (const call of chargingCalls) {
        // The path's own request (its coupon, promo code or campaign, the true amount) is always among the runs.
        const own = {
          code: view.offers.get(item)?.promoCode ? 'itsPromo' : view.offers.get(item)?.tags?.length ? 'none' : 'itsCoupon',
          campaign: view.campaigns.some((x) => x.offer === item) ? 'girl-scouts' : 'none',
          partner: 'its',
          buyer: 'new',
          quantity: 2,
          stale: false,
        } as const;
        await fc.assert(
          fc.asyncProperty(rest, async ({ stale, ...r }) => check({ call, item, ...r }, stale)),
          { numRuns: 4, examples: [[own]], endOnFailure: true },
        );
      }
    console.log(`offer paths: ${combinations} requests, ${items.length} items × ${chargingCalls.length} calls`);
    expect(combinations).toBeGreaterThanOrEqual(items.length * chargingCalls.length * 4);
  },
  15 * 60_000,
);
