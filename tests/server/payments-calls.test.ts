/**
 * The purchase calls as a caller sees them, with the sandbox gateway (Braintree's sandbox rules:
 * test nonces, amounts 2000–2999.99 declined with that code): GetClientToken and
 * PurchaseSubscription — a trial charges $0.00 today, a plan without one charges its first
 * period, lifetime is one sale; declines and refusals arrive as the messageKeys with
 * the processor's code; coupons and promo codes buy their offer; GetCustomerDetails and
 * GetPaymentHistory show what was bought.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { CallInput, CallName } from '../../src/contract/index.ts';
import { RELEASE_HEADER } from '../../src/contract/releases.ts';
import { displayCode } from '../../src/domain/codes.ts';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { findCode } from '../../src/server/codes/repository.ts';
import { createCodes } from '../../src/server/codes/service.ts';
import { accountStatusesOf } from './accountStatuses.ts';
import { type Answer, useBackendServer } from './backendServer.ts';
import { insertTestMonthlyOffer, MONTHLY_NO_TRIAL } from './testOffers.ts';

const s = useBackendServer();
const DAY = 86_400_000;

beforeAll(async () => {
  await importCatalogIfEmpty(s.db, () => readCatalog('funnels'));
  // A monthly plan without a trial: its first period is charged at purchase.
  await insertTestMonthlyOffer(s.db, MONTHLY_NO_TRIAL);
  // The sandbox declines a charge of $2001.00 with 2001 (Insufficient Funds).
  await insertTestMonthlyOffer(s.db, {
    id: 'test_monthly_2001_no_trial',
    planId: 'test_monthly_200100_nt',
    name: 'Monthly at $2001, no trial',
    priceCents: 200100,
    trialDays: 0,
  });
}, 60_000);

let keys = 0;
const newKey = () => `test-key-${process.pid}-${Date.now().toString(36)}-${++keys}`;

/** A payment call with its own Idempotency-Key. */
const pay = <N extends CallName>(name: N, input: CallInput<N> | Record<string, unknown>, token: string, key = newKey()) =>
  s.call(name, input, { token, headers: { 'idempotency-key': key } });

const ok = <N extends CallName>(answer: Answer<N>) => {
  if (answer.status !== 200) throw new Error(`expected a result, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result!;
};

const details = async (token: string) => ok(await s.call('GetCustomerDetails', {}, { token }));
const history = async (token: string) => ok(await s.call('GetPaymentHistory', {}, { token })).paymentHistory;
const near = (iso: string, expected: number) => expect(Math.abs(new Date(iso).getTime() - expected)).toBeLessThan(60_000);

describe('GetClientToken', () => {
  test('answers a client token; a captcha token sent with it must be the payment form’s', async () => {
    const plain = ok(await s.call('GetClientToken', {}));
    expect(plain.clientToken).toEqual(expect.any(String));
    expect(plain.clientToken.length).toBeGreaterThan(10);
    expect((await s.call('GetClientToken', { captchaToken: 'local-captcha:paymentForm' })).status).toBe(200);
    const refused = await s.call('GetClientToken', { captchaToken: 'local-captcha:registration' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 142, messageKey: 'CAPTCHA_FAILED', error: 'Please complete the reCaptcha requirements' });
  });

  test('a logged-in customer gets a token too', async () => {
    const parent = await s.signUp();
    ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'monthly', expectedTodayCharge: 0 },
        parent.token,
      ),
    );
    expect(ok(await s.call('GetClientToken', {}, { token: parent.token })).clientToken).toEqual(expect.any(String));
  });
});

describe('PurchaseSubscription', () => {
  test('a trial offer: $0.00 today, no payment recorded, the trial active in the customer details, CRM and StartTrial queued', async () => {
    const parent = await s.signUp();
    const answer = ok(
      await pay(
        'PurchaseSubscription',
        {
          paymentMethodToken: 'fake-valid-visa-nonce',
          webOfferId: 'annual',
          expectedTodayCharge: 0,
          customerOptions: { firstName: 'Ada', lastName: 'Lovelace' },
          utmParamsObject: { utm_source: 'newsletter', utm_campaign: 'spring' },
        },
        parent.token,
      ),
    );
    expect(answer).toMatchObject({
      subscriptionData: { id: expect.any(String), status: 'Active', trialDuration: 7 },
      customer: { email: parent.email },
      webOffer: { id: 'annual', price: 79.99 },
    });
    near(answer.subscriptionData.nextBillingDate!, Date.now() + 7 * DAY);

    expect(await history(parent.token)).toEqual([]);
    expect(await details(parent.token)).toMatchObject({
      plan: { id: 'annual' },
      isExpired: false,
      isTrialActive: true,
      hasUsedTrial: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
      store: 'WebStore',
      paymentInfo: {
        paymentType: 'card',
        cardType: 'Visa',
        last4: '1881',
        expirationDate: expect.stringMatching(/^12\/20\d\d$/),
        subscriptions: [{ id: answer.subscriptionData.id }],
      },
      activeSubscription: { id: answer.subscriptionData.id, price: 79.99, status: 'Active', trialDuration: 7 },
    });

    const outbox = await s.db
      .selectFrom('outbox')
      .select(['name', 'payload'])
      .where('dedupe_key', 'in', [`crmAddCustomer:${answer.subscriptionData.id}`, `StartTrial:${answer.subscriptionData.id}`])
      .orderBy('name')
      .execute();
    expect(outbox).toEqual([
      {
        name: 'conversion.event',
        payload: expect.objectContaining({
          event_name: 'StartTrial',
          subscriptionID: answer.subscriptionData.id,
          source: 'newsletter',
          campaign: 'spring',
          timestamp: expect.any(Number),
        }),
      },
      {
        name: 'crm.addCustomer',
        payload: expect.objectContaining({
          email: parent.email,
          productId: 'codeling_annual_7999',
          productDuration: 'annual',
          fullName: 'Ada Lovelace',
        }),
      },
    ]);
    const event = outbox[0]!.payload as { timestamp: number };
    expect(Math.abs(event.timestamp - Date.now() / 1000)).toBeLessThan(60);
    // The account status: registered, then a trialist.
    expect(await accountStatusesOf(s.db, parent.id)).toEqual(['Pretrial', 'Active Trialist']);
  });

  test('an offer without a trial charges its first period now: one settled payment, paid through the next billing date', async () => {
    const parent = await s.signUp();
    const answer = ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-mastercard-nonce', webOfferId: 'test_monthly_no_trial', expectedTodayCharge: 12.34 },
        parent.token,
      ),
    );
    expect(answer.subscriptionData).toMatchObject({ trialDuration: 0, status: 'Active' });
    const payments = await history(parent.token);
    expect(payments).toEqual([
      {
        id: expect.any(String),
        date: expect.any(String),
        amount: 12.34,
        status: 'settled',
        description: 'Monthly, no trial',
        paymentMethod: 'MasterCard ending in 4444',
      },
    ]);
    expect(await details(parent.token)).toMatchObject({
      isTrialActive: false,
      isExpired: false,
      activeSubscription: { price: 12.34, trialDuration: 0 },
    });
    // No trial, no StartTrial; a subscriber at once.
    expect(
      await s.db.selectFrom('outbox').select('id').where('dedupe_key', '=', `StartTrial:${answer.subscriptionData.id}`).execute(),
    ).toEqual([]);
    expect(await accountStatusesOf(s.db, parent.id)).toEqual(['Pretrial', 'Active Subscriber']);
  });

  test('a purchase records the release of the page that paid (X-Release): its intent, subscription and payment', async () => {
    const parent = await s.signUp();
    const bought = (token: string, headers: Record<string, string>) =>
      s.call(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-mastercard-nonce', webOfferId: 'test_monthly_no_trial', expectedTodayCharge: 12.34 },
        { token, headers: { 'idempotency-key': newKey(), ...headers } },
      );
    const answer = ok(await bought(parent.token, { [RELEASE_HEADER]: '7' }));
    const releaseOf = async (table: 'subscriptions' | 'payments' | 'payment_intents') =>
      (await s.db.selectFrom(table).select('release_id').where('user_id', '=', parent.id).execute()).map((r) => Number(r.release_id));
    expect(await releaseOf('subscriptions')).toEqual([7]);
    expect(await releaseOf('payments')).toEqual([7]);
    expect(await releaseOf('payment_intents')).toEqual([7]);
    expect(answer.subscriptionData.id).toBeDefined();

    // A page that names no release (or not a release id): the purchase records none.
    const other = await s.signUp();
    ok(await bought(other.token, { [RELEASE_HEADER]: 'seven' }));
    const subscription = await s.db
      .selectFrom('subscriptions')
      .select('release_id')
      .where('user_id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(subscription.release_id).toBeNull();
  });

  test('lifetime: one sale and no renewing subscription', async () => {
    const parent = await s.signUp();
    const answer = ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-apple-pay-visa-nonce', webOfferId: 'lifetime', expectedTodayCharge: 149.99 },
        parent.token,
      ),
    );
    expect(answer.subscriptionData).toMatchObject({ status: 'Active', trialDuration: 0, nextBillingDate: null });
    const row = await s.db.selectFrom('subscriptions').selectAll().where('id', '=', answer.subscriptionData.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_lifetime: true, gateway_subscription_id: null, price_cents: 14999 });
    expect(await history(parent.token)).toMatchObject([{ amount: 149.99, status: 'settled', paymentMethod: 'ApplePay' }]);
    expect(await details(parent.token)).toMatchObject({
      isLifetime: true,
      isExpired: false,
      plan: { id: 'lifetime' },
      paymentInfo: { paymentType: 'ApplePay', subscriptions: [] },
    });
  });

  test('PayPal (vault flow) and Google Pay are payment methods like a card', async () => {
    const paypal = await s.signUp();
    ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-paypal-billing-agreement-nonce', webOfferId: 'monthly', expectedTodayCharge: 0 },
        paypal.token,
      ),
    );
    expect((await details(paypal.token)).paymentInfo).toMatchObject({
      paymentType: 'PayPal',
      cardType: null,
      last4: null,
      expirationDate: null,
    });
    const google = await s.signUp();
    ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-android-pay-visa-nonce', webOfferId: 'monthly', expectedTodayCharge: 0 },
        google.token,
      ),
    );
    expect((await details(google.token)).paymentInfo).toMatchObject({ paymentType: 'GooglePay', cardType: 'Visa' });
  });

  test('a card whose verification is declined: WP_CardNotValid with processor code 2000, nothing bought', async () => {
    const parent = await s.signUp();
    const answer = await pay(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-processor-declined-visa-nonce', webOfferId: 'annual', expectedTodayCharge: 0 },
      parent.token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 141, error: expect.any(String), messageKey: 'WP_CardNotValid', processorCode: '2000' });
    expect(answer.body.error).not.toContain('fake-');
    expect(await details(parent.token)).toMatchObject({ plan: null, isExpired: true, hasUsedTrial: false });
    expect(await s.db.selectFrom('subscriptions').select('id').where('user_id', '=', parent.id).execute()).toEqual([]);
  });

  test('refusals by message key: processor failure 3000, card type not accepted, gateway-rejected, unknown nonce', async () => {
    const parent = await s.signUp();
    const failure = await pay(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-processor-failure-jcb-nonce', webOfferId: 'annual', expectedTodayCharge: 0 },
      parent.token,
    );
    expect(failure.body).toMatchObject({ code: 141, messageKey: 'WP_CardNotValid', processorCode: '3000' });
    const notAccepted = await pay(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-maestro-nonce', webOfferId: 'annual', expectedTodayCharge: 0 },
      parent.token,
    );
    expect(notAccepted.body).toEqual({
      code: 141,
      error: 'Unfortunately, this type of card is not accepted at this time. Please try another card.',
      messageKey: 'WP_PaymentInvalid',
    });
    const fraud = await pay(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-gateway-rejected-fraud-nonce', webOfferId: 'annual', expectedTodayCharge: 0 },
      parent.token,
    );
    expect(fraud.body).toEqual({ code: 141, error: expect.any(String) });
    const unknown = await pay(
      'PurchaseSubscription',
      { paymentMethodToken: 'not-a-nonce-at-all', webOfferId: 'annual', expectedTodayCharge: 0 },
      parent.token,
    );
    expect(unknown.body).toEqual({ code: 141, error: expect.any(String) });
    expect(unknown.body.error).not.toContain('not-a-nonce');
  });

  test('a parent with an active plan: WP_AlreadyHaveSubscription, and no second charge', async () => {
    const parent = await s.signUp();
    ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'test_monthly_no_trial', expectedTodayCharge: 12.34 },
        parent.token,
      ),
    );
    const again = await pay(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-amex-nonce', webOfferId: 'annual', expectedTodayCharge: 0 },
      parent.token,
    );
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 141, messageKey: 'WP_AlreadyHaveSubscription' });
    expect(await history(parent.token)).toHaveLength(1);
  });

  test(
    'resubscribing over a gift: allowed with isResubscribe, ' + 'and the new plan bills only when the gift ends; without the flag refused',
    async () => {
      const parent = await s.signUp();
      const { codes } = await createCodes(s.db, { kind: 'gift', months: 3, source: 'test' });
      ok(await s.call('RedeemComp', { userId: parent.id, couponCode: codes[0]! }, { token: parent.token }));
      const giftEnd = new Date((await details(parent.token)).giftExpiresAt!).getTime();

      const refused = await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'annual', expectedTodayCharge: 0 },
        parent.token,
      );
      expect(refused.body).toMatchObject({ messageKey: 'WP_AlreadyHaveSubscription' });
      const answer = ok(
        await pay(
          'PurchaseSubscription',
          { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'annual', expectedTodayCharge: 0, isResubscribe: true },
          parent.token,
        ),
      );
      // The parent's first plan: its 7-day trial, and no charge before the gift's end.
      expect(answer.subscriptionData.trialDuration).toBe(7);
      expect(new Date(answer.subscriptionData.nextBillingDate!).getTime()).toBeGreaterThanOrEqual(giftEnd);
      expect(await history(parent.token)).toEqual([]);
    },
  );

  test('a second plan after the first ran out has no second trial', async () => {
    const parent = await s.signUp();
    const first = ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'monthly', expectedTodayCharge: 0 },
        parent.token,
      ),
    );
    await s.db.updateTable('subscriptions').set({ status: 'Expired' }).where('id', '=', first.subscriptionData.id).execute();
    // The same card again would be refused as already vaulted (WP_PaymentMethodDuplicate): another one.
    const second = ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-amex-nonce', webOfferId: 'monthly', expectedTodayCharge: 9.99, isResubscribe: true },
        parent.token,
      ),
    );
    expect(second.subscriptionData.trialDuration).toBe(0);
    expect(await history(parent.token)).toMatchObject([{ amount: 9.99, status: 'settled' }]);
  });

  test('never another amount than shown: a returning parent shown $0.00 is refused with the true amount, nothing charged', async () => {
    const parent = await s.signUp();
    const first = ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'monthly', expectedTodayCharge: 0 },
        parent.token,
      ),
    );
    await s.db.updateTable('subscriptions').set({ status: 'Expired' }).where('id', '=', first.subscriptionData.id).execute();
    expect(await details(parent.token)).toMatchObject({ hasUsedTrial: true, hasUsedTrialByProduct: { app: true, classes: false } });
    const methodsBefore = await s.db.selectFrom('payment_methods').select('id').execute();

    const stale = await pay(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-amex-nonce', webOfferId: 'monthly', expectedTodayCharge: 0, isResubscribe: true },
      parent.token,
    );
    expect([stale.status, stale.body]).toEqual([
      400,
      {
        code: 141,
        error:
          "Today's charge is $9.99, not the amount this page showed. You have not been charged: please check your order and confirm again.",
        messageKey: 'WP_TodayChargeChanged',
        todayCharge: 9.99,
      },
    ]);
    // Refused before the gateway: no card vaulted, no intent, no payment.
    expect(await s.db.selectFrom('payment_methods').select('id').execute()).toHaveLength(methodsBefore.length);
    expect(await s.db.selectFrom('payment_intents').select('id').where('user_id', '=', parent.id).execute()).toHaveLength(1);
    expect(await history(parent.token)).toEqual([]);

    // More than today's charge is refused the same way: the amount must be the one charged.
    const more = await pay(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-amex-nonce', webOfferId: 'monthly', expectedTodayCharge: 19.99, isResubscribe: true },
      parent.token,
    );
    expect(more.body).toMatchObject({ messageKey: 'WP_TodayChargeChanged', todayCharge: 9.99 });

    const confirmed = ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-amex-nonce', webOfferId: 'monthly', expectedTodayCharge: 9.99, isResubscribe: true },
        parent.token,
      ),
    );
    expect(confirmed.subscriptionData.trialDuration).toBe(0);
    expect(await history(parent.token)).toMatchObject([{ amount: 9.99, status: 'settled' }]);
  });

  test('the amount shown is required: a charging call without expectedTodayCharge is refused at the boundary', async () => {
    const parent = await s.signUp();
    const answer = await pay('PurchaseSubscription', { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'annual' }, parent.token);
    expect([answer.status, answer.body.code]).toEqual([400, 142]);
    expect(answer.body.error).toContain('expectedTodayCharge');
  });

  test('a coupon buys its offer and is spent once; its offer is not sold without it; another parent finds it used', async () => {
    const { codes } = await createCodes(s.db, { kind: 'coupon', webOfferId: 'coupon_annual', source: 'test' });
    const code = displayCode(codes[0]!);
    const parent = await s.signUp();

    const withoutCode = await pay(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'coupon_annual', expectedTodayCharge: 0 },
      parent.token,
    );
    expect(withoutCode.body).toMatchObject({ code: 141, messageKey: 'CODE_INVALID', error: 'This plan is only available with its code.' });
    const otherOffer = await pay(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'annual', expectedTodayCharge: 0, couponCode: code },
      parent.token,
    );
    expect(otherOffer.body).toMatchObject({ code: 141, messageKey: 'CODE_INVALID' });

    const answer = ok(
      await pay(
        'PurchaseSubscription',
        {
          paymentMethodToken: 'fake-valid-visa-nonce',
          webOfferId: 'coupon_annual',
          expectedTodayCharge: 0,
          couponCode: code.toLowerCase(),
        },
        parent.token,
      ),
    );
    expect(answer.webOffer).toMatchObject({ id: 'coupon_annual', price: 49.99 });
    expect((await findCode(s.db, code))?.redeemed_by_user_id).toBe(parent.id);
    expect(await s.db.selectFrom('subscriptions').select('code').where('id', '=', answer.subscriptionData.id).executeTakeFirst()).toEqual({
      code: codes[0],
    });

    const other = await s.signUp();
    const used = await pay(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'coupon_annual', expectedTodayCharge: 0, couponCode: code },
      other.token,
    );
    expect(used.body).toMatchObject({ code: 141, messageKey: 'CODE_ALREADY_USED', error: 'This code was already used.' });
  });

  test('the card of a declined charge pays for another plan: a card on file is not a "duplicate" at checkout', async () => {
    const parent = await s.signUp();
    const declined = await pay(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'test_monthly_2001_no_trial', expectedTodayCharge: 2001 },
      parent.token,
    );
    expect(declined.body).toMatchObject({ messageKey: 'WP_CardNotValid', processorCode: '2001' });
    const bought = ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'test_monthly_no_trial', expectedTodayCharge: 12.34 },
        parent.token,
      ),
    );
    expect(bought.subscriptionData).toMatchObject({ status: 'Active' });
    expect((await history(parent.token)).map((p) => [p.status, p.amount])).toEqual([['settled', 12.34]]);
  });

  test('a coupon is given back when the payment is refused', async () => {
    const { codes } = await createCodes(s.db, { kind: 'coupon', webOfferId: 'coupon_annual', source: 'test' });
    const parent = await s.signUp();
    const declined = await pay(
      'PurchaseSubscription',
      {
        paymentMethodToken: 'fake-processor-declined-mastercard-nonce',
        webOfferId: 'coupon_annual',
        expectedTodayCharge: 0,
        couponCode: codes[0]!,
      },
      parent.token,
    );
    expect(declined.body).toMatchObject({ messageKey: 'WP_CardNotValid', processorCode: '2000' });
    expect((await findCode(s.db, codes[0]!))?.redeemed_at).toBeNull();
    ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'coupon_annual', expectedTodayCharge: 0, couponCode: codes[0]! },
        parent.token,
      ),
    );
  });

  test('a promo code buys its offer (SAVE50); a wrong one is refused; a partner named by the client is not recorded', async () => {
    const parent = await s.signUp();
    const wrong = await pay(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'promo_annual_half_price', expectedTodayCharge: 0, promoCode: 'NOPE' },
      parent.token,
    );
    expect(wrong.body).toMatchObject({ code: 141, messageKey: 'CODE_INVALID' });
    const answer = ok(
      await pay(
        'PurchaseSubscription',
        {
          paymentMethodToken: 'fake-valid-visa-nonce',
          webOfferId: 'promo_annual_half_price',
          expectedTodayCharge: 0,
          promoCode: 'save50',
          partner: 'gympass',
        },
        parent.token,
      ),
    );
    expect(answer.webOffer).toMatchObject({ id: 'promo_annual_half_price', price: 39.99 });
    // The partner comes from the partner's offer or the partner's signup, never from a field of the purchase.
    expect(await details(parent.token)).toMatchObject({ plan: { id: 'promo_annual_half_price' }, partner: null });
  });

  test('a purchase for another parent is forbidden; an unknown or unsellable offer is refused', async () => {
    const parent = await s.signUp();
    const other = await s.signUp();
    expect(
      (
        await pay(
          'PurchaseSubscription',
          { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'annual', expectedTodayCharge: 0, userId: other.id },
          parent.token,
        )
      ).body,
    ).toMatchObject({ code: 119 });
    const unknown = await pay(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'no-such-offer', expectedTodayCharge: 0 },
      parent.token,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 101, error: 'This plan is not available.' });
    expect(
      (
        await pay(
          'PurchaseSubscription',
          { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'gift_12_months', expectedTodayCharge: 0 },
          parent.token,
        )
      ).body,
    ).toMatchObject({ code: 141, error: 'This plan is not sold here.' });
  });

  test('without a session: 209; without an Idempotency-Key: 142 naming the header', async () => {
    const anonymous = await s.call(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'annual', expectedTodayCharge: 0 },
      { headers: { 'idempotency-key': newKey() } },
    );
    expect(anonymous.body).toEqual({ code: 209, error: 'Invalid session token' });
    const parent = await s.signUp();
    const keyless = await s.call(
      'PurchaseSubscription',
      { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'annual', expectedTodayCharge: 0 },
      { token: parent.token },
    );
    expect(keyless.status).toBe(400);
    expect(keyless.body).toMatchObject({
      code: 142,
      messageKey: 'IDEMPOTENCY_KEY_REQUIRED',
      error: expect.stringContaining('Idempotency-Key'),
    });
  });
});
