/**
 * A subscriber's payment calls, with the sandbox gateway: UpgradeSubscription (monthly → annual,
 * and to lifetime), CancelSubscription (access lasts to the end of the trial or paid period),
 * UpdateCreditCard (a duplicate card refused; plans moved to the new card; a past-due plan after
 * a declined renewal — driven by the sandbox's billing run — paid at once or answered with the
 * processor's code).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { CallInput, CallName } from '../../src/contract/index.ts';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { runSandboxBilling } from '../../src/server/payments/sandbox/billing.ts';
import { type Answer, useBackendServer } from './backendServer.ts';
import { insertTestMonthlyOffer, MONTHLY_NO_TRIAL } from './testOffers.ts';

const s = useBackendServer();
const DAY = 86_400_000;

beforeAll(async () => {
  await importCatalogIfEmpty(s.db, () => readCatalog('funnels'));
  // The sandbox declines any charge of $2001.00 with processor code 2001 (Insufficient Funds).
  await insertTestMonthlyOffer(s.db, {
    id: 'test_monthly_2001',
    planId: 'test_monthly_200100',
    name: 'Monthly at $2001',
    priceCents: 200100,
    trialDays: 7,
  });
  await insertTestMonthlyOffer(s.db, MONTHLY_NO_TRIAL);
}, 60_000);

let keys = 0;
const newKey = () => `account-key-${process.pid}-${Date.now().toString(36)}-${++keys}`;
const pay = <N extends CallName>(name: N, input: CallInput<N> | Record<string, unknown>, token: string) =>
  s.call(name, input, { token, headers: { 'idempotency-key': newKey() } });
const ok = <N extends CallName>(answer: Answer<N>) => {
  if (answer.status !== 200) throw new Error(`expected a result, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result!;
};
const details = async (token: string) => ok(await s.call('GetCustomerDetails', {}, { token }));
const history = async (token: string) => ok(await s.call('GetPaymentHistory', {}, { token })).paymentHistory;
const subscriptionRow = (id: string) => s.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A parent who bought `webOfferId`, shown `expectedTodayCharge` (a trial's $0.00 by default). */
async function subscriber(webOfferId = 'monthly', expectedTodayCharge = 0) {
  const parent = await s.signUp();
  const bought = ok(
    await pay('PurchaseSubscription', { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId, expectedTodayCharge }, parent.token),
  );
  return {
    ...parent,
    subscriptionId: bought.subscriptionData.id as string,
    nextBillingDate: bought.subscriptionData.nextBillingDate as string,
  };
}

describe('UpgradeSubscription', () => {
  test(
    'monthly in its trial → annual: the annual plan at once, ' + 'billed when the trial ends, on the same card; the monthly one cancelled',
    async () => {
      const parent = await subscriber('monthly');
      const answer = ok(
        await pay(
          'UpgradeSubscription',
          {
            parseUserId: parent.id,
            oldSubscriptionId: parent.subscriptionId,
            newPlanId: 'annual',
            expectedTodayCharge: 0,
            paymentMethodToken: null,
          },
          parent.token,
        ),
      );
      expect(answer.subscriptionId).not.toBe(parent.subscriptionId);

      expect(await details(parent.token)).toMatchObject({
        plan: { id: 'annual' },
        isExpired: false,
        isTrialActive: true,
        activeSubscription: { id: answer.subscriptionId, price: 79.99 },
        // The card pays the annual plan only.
        paymentInfo: { cardType: 'Visa', subscriptions: [{ id: answer.subscriptionId }] },
      });
      const renewed = await subscriptionRow(answer.subscriptionId);
      expect(Math.abs(renewed.first_billing_date!.getTime() - new Date(parent.nextBillingDate).getTime())).toBeLessThanOrEqual(DAY);
      expect(await subscriptionRow(parent.subscriptionId)).toMatchObject({ status: 'Canceled', cancel_reason: 'upgrade' });
      expect(await history(parent.token)).toEqual([]);

      // The monthly plan is no longer billed: a billing run after the trial charges the annual price only.
      const run = await runSandboxBilling({ db: s.db, at: new Date(Date.now() + 8 * DAY) });
      const mine = run.charges.filter((c) => c.subscriptionId === answer.subscriptionId || c.subscriptionId === parent.subscriptionId);
      expect(mine).toMatchObject([{ subscriptionId: answer.subscriptionId, amountCents: 7999, status: 'settled' }]);
    },
  );

  test('to lifetime: the lifetime price charged now; the old plan cancelled', async () => {
    const parent = await subscriber('annual');
    const answer = ok(
      await pay(
        'UpgradeSubscription',
        { parseUserId: parent.id, oldSubscriptionId: parent.subscriptionId, newPlanId: 'lifetime', expectedTodayCharge: 149.99 },
        parent.token,
      ),
    );
    expect(await details(parent.token)).toMatchObject({ isLifetime: true, plan: { id: 'lifetime' } });
    expect(await history(parent.token)).toMatchObject([{ amount: 149.99, status: 'settled' }]);
    expect((await subscriptionRow(answer.subscriptionId)).is_lifetime).toBe(true);
  });

  test('refusals: another parent, the same plan, a plan of another parent, an unknown plan', async () => {
    const parent = await subscriber('monthly');
    const other = await subscriber('monthly');
    expect(
      (
        await pay(
          'UpgradeSubscription',
          { parseUserId: other.id, oldSubscriptionId: parent.subscriptionId, newPlanId: 'annual', expectedTodayCharge: 0 },
          parent.token,
        )
      ).body,
    ).toMatchObject({ code: 119 });
    expect(
      (
        await pay(
          'UpgradeSubscription',
          { parseUserId: parent.id, oldSubscriptionId: other.subscriptionId, newPlanId: 'annual', expectedTodayCharge: 0 },
          parent.token,
        )
      ).body,
    ).toMatchObject({ code: 101 });
    expect(
      (
        await pay(
          'UpgradeSubscription',
          { parseUserId: parent.id, oldSubscriptionId: parent.subscriptionId, newPlanId: 'monthly', expectedTodayCharge: 0 },
          parent.token,
        )
      ).body,
    ).toMatchObject({ code: 141, error: 'You are already on this plan.' });
    expect(
      (
        await pay(
          'UpgradeSubscription',
          { parseUserId: parent.id, oldSubscriptionId: parent.subscriptionId, newPlanId: 'no-such-plan', expectedTodayCharge: 0 },
          parent.token,
        )
      ).body,
    ).toMatchObject({ code: 101 });
  });

  test('only to a longer plan a plan list shows, at the amount shown: a shorter, a coupon’s or a campaign’s plan is refused', async () => {
    const parent = await subscriber('annual');
    const upgrade = (newPlanId: string, expectedTodayCharge: number) =>
      pay(
        'UpgradeSubscription',
        { parseUserId: parent.id, oldSubscriptionId: parent.subscriptionId, newPlanId, expectedTodayCharge },
        parent.token,
      );
    expect((await upgrade('monthly', 0)).body).toMatchObject({ code: 141, error: 'A plan can only be changed to a longer one here.' });
    expect((await upgrade('coupon_annual', 0)).body).toMatchObject({ code: 141, messageKey: 'CODE_INVALID' });
    expect((await upgrade('promo_annual_half_price', 0)).body).toMatchObject({ code: 141, messageKey: 'CODE_INVALID' });
    expect((await upgrade('edu_12_months', 0)).body).toMatchObject({ code: 141, error: 'This plan is not sold here.' });
    // Lifetime is paid today: a screen that showed $0.00 is refused with the true amount, and nothing is charged.
    expect((await upgrade('lifetime', 0)).body).toMatchObject({ code: 141, messageKey: 'WP_TodayChargeChanged', todayCharge: 149.99 });
    expect(await history(parent.token)).toEqual([]);
    expect(await details(parent.token)).toMatchObject({ plan: { id: 'annual' } });
  });

  test('newPlanId may name the gateway plan: the offer on it is chosen', async () => {
    const parent = await subscriber('monthly');
    const answer = ok(
      await pay(
        'UpgradeSubscription',
        { parseUserId: parent.id, oldSubscriptionId: parent.subscriptionId, newPlanId: 'codeling_annual_7999', expectedTodayCharge: 0 },
        parent.token,
      ),
    );
    expect((await subscriptionRow(answer.subscriptionId)).web_offer_id).toMatch(/annual/);
  });
});

describe('CancelSubscription', () => {
  test('in the trial: cancelled at the gateway, access until the trial ends, reason kept; cancelling again answers the same', async () => {
    const parent = await subscriber('monthly');
    const answer = ok(
      await s.call(
        'CancelSubscription',
        { subscriptionId: parent.subscriptionId, cancelReason: 'Too expensive', email: parent.email },
        { token: parent.token },
      ),
    );
    expect(answer).toEqual({ subscriptionId: parent.subscriptionId, status: 'Canceled', accessEndsAt: parent.nextBillingDate });
    expect(await subscriptionRow(parent.subscriptionId)).toMatchObject({
      status: 'Canceled',
      cancel_reason: 'Too expensive',
      canceled_at: expect.any(Date),
      next_billing_date: null,
    });
    expect(await details(parent.token)).toMatchObject({
      isExpired: false,
      plan: { id: 'monthly' },
      termExpiresAt: parent.nextBillingDate,
      activeSubscription: { status: 'Canceled' },
    });
    expect(
      ok(
        await s.call(
          'CancelSubscription',
          { subscriptionId: parent.subscriptionId, cancelReason: 'again', email: parent.email },
          { token: parent.token },
        ),
      ),
    ).toEqual(answer);

    // Nothing is charged when the trial ends.
    const run = await runSandboxBilling({ db: s.db, at: new Date(Date.now() + 8 * DAY) });
    expect(run.charges.filter((c) => c.subscriptionId === parent.subscriptionId)).toEqual([]);
  });

  test('a paid period: access to its end', async () => {
    const parent = await subscriber('test_monthly_no_trial', MONTHLY_NO_TRIAL.priceCents / 100);
    const answer = ok(
      await s.call(
        'CancelSubscription',
        { subscriptionId: parent.subscriptionId, cancelReason: 'moving', email: parent.email },
        { token: parent.token },
      ),
    );
    expect(answer.accessEndsAt).toBe(parent.nextBillingDate);
  });

  test('another parent’s email or plan is refused; a lifetime plan has nothing to cancel', async () => {
    const parent = await subscriber('monthly');
    const other = await subscriber('lifetime', 149.99);
    expect(
      (
        await s.call(
          'CancelSubscription',
          { subscriptionId: parent.subscriptionId, cancelReason: 'x', email: other.email },
          { token: parent.token },
        )
      ).body,
    ).toMatchObject({ code: 119 });
    expect(
      (
        await s.call(
          'CancelSubscription',
          { subscriptionId: other.subscriptionId, cancelReason: 'x', email: parent.email },
          { token: parent.token },
        )
      ).body,
    ).toMatchObject({ code: 101 });
    expect(
      (
        await s.call(
          'CancelSubscription',
          { subscriptionId: other.subscriptionId, cancelReason: 'x', email: other.email },
          { token: other.token },
        )
      ).body,
    ).toMatchObject({
      code: 141,
      error: 'This plan does not renew: there is nothing to cancel.',
    });
  });
});

describe('UpdateCreditCard', () => {
  test('the same card again: WP_PaymentMethodDuplicate; a new card becomes the default and the plan bills it', async () => {
    const parent = await subscriber('monthly'); // paid with fake-valid-visa-nonce
    // fake-valid-nonce is the same Visa card.
    const duplicate = await pay('UpdateCreditCard', { paymentNonce: 'fake-valid-nonce' }, parent.token);
    expect(duplicate.body).toEqual({ code: 141, error: 'This payment method already exists.', messageKey: 'WP_PaymentMethodDuplicate' });

    expect(ok(await pay('UpdateCreditCard', { paymentNonce: 'fake-valid-mastercard-nonce', customerId: parent.id }, parent.token))).toEqual(
      { success: true },
    );
    expect((await details(parent.token)).paymentInfo).toMatchObject({ paymentType: 'card', cardType: 'MasterCard', last4: '4444' });
    const row = await subscriptionRow(parent.subscriptionId);
    const method = await s.db.selectFrom('payment_methods').selectAll().where('id', '=', row.payment_method_id!).executeTakeFirstOrThrow();
    expect(method).toMatchObject({ card_type: 'MasterCard', is_default: true });
    const gateway = await s.db
      .selectFrom('sandbox_subscriptions')
      .select('payment_method_token')
      .where('id', '=', row.gateway_subscription_id!)
      .executeTakeFirstOrThrow();
    expect(gateway.payment_method_token).toBe(method.gateway_token);
  });

  test('a declined verification: WP_CardNotValid 2000, the old card stays', async () => {
    const parent = await subscriber('monthly');
    const declined = await pay('UpdateCreditCard', { paymentNonce: 'fake-processor-declined-amex-nonce' }, parent.token);
    expect(declined.body).toMatchObject({ code: 141, messageKey: 'WP_CardNotValid', processorCode: '2000' });
    expect((await details(parent.token)).paymentInfo).toMatchObject({ cardType: 'Visa' });
  });

  test('another parent’s customerId is refused', async () => {
    const parent = await subscriber('monthly');
    const other = await s.signUp();
    expect(
      (await pay('UpdateCreditCard', { paymentNonce: 'fake-valid-amex-nonce', customerId: other.id }, parent.token)).body,
    ).toMatchObject({ code: 119 });
  });

  test(
    'past due after a $2001 renewal decline: the retry on the new card answers WP_CardNotValid "2001"; ' +
      'once it settles the plan is Active and paid',
    async () => {
      const parent = await subscriber('test_monthly_2001');
      const billed = await runSandboxBilling({ db: s.db, at: new Date(Date.now() + 8 * DAY) });
      expect(billed.charges.filter((c) => c.subscriptionId === parent.subscriptionId)).toMatchObject([
        { status: 'declined', processorResponseCode: '2001' },
      ]);
      expect(await subscriptionRow(parent.subscriptionId)).toMatchObject({ status: 'PastDue' });

      const declined = await pay('UpdateCreditCard', { paymentNonce: 'fake-valid-mastercard-nonce' }, parent.token);
      expect(declined.status).toBe(400);
      expect(declined.body).toEqual({
        code: 141,
        error: 'Your card was declined (insufficient funds). Please try another card.',
        messageKey: 'WP_CardNotValid',
        processorCode: '2001',
      });
      expect((await history(parent.token)).map((p) => [p.status, p.amount])).toEqual([
        ['declined', 2001],
        ['declined', 2001],
      ]);
      expect(await subscriptionRow(parent.subscriptionId)).toMatchObject({ status: 'PastDue' });

      // The plan's price changes (the sandbox decides by amount), and the next card settles it.
      await s.db.updateTable('subscriptions').set({ price_cents: 1999 }).where('id', '=', parent.subscriptionId).execute();
      expect(ok(await pay('UpdateCreditCard', { paymentNonce: 'fake-valid-discover-nonce' }, parent.token))).toEqual({ success: true });
      const row = await subscriptionRow(parent.subscriptionId);
      expect(row.status).toBe('Active');
      expect(row.next_billing_date!.getTime()).toBeGreaterThan(Date.now() + 20 * DAY);
      // (The billing run's decline is dated on the renewal date, a week ahead: it lists first.)
      expect((await history(parent.token)).filter((p) => p.status === 'settled')).toMatchObject([
        { amount: 19.99, paymentMethod: 'Discover ending in 1117' },
      ]);
      expect(await details(parent.token)).toMatchObject({ isExpired: false, activeSubscription: { status: 'Active' } });

      // The missed period is not charged again by the gateway's own retries.
      const later = await runSandboxBilling({ db: s.db, at: new Date(Date.now() + 19 * DAY) });
      expect(later.charges.filter((c) => c.subscriptionId === parent.subscriptionId)).toEqual([]);
    },
  );
});
