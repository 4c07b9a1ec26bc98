/**
 * Classes and codes bought with the sandbox gateway: class add-ons for subscribers (
 * $54.99/month for 4 classes with $10 today, $14.99/month for 1 class with $1 today, after a
 * 30-day promo), live and on-demand class plans (SubscribeToMinervaClasses,
 * CancelMinervaClasses), and bulk purchases of codes (BulkPurchase).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { CallInput, CallName } from '../../src/contract/index.ts';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { findCode } from '../../src/server/codes/repository.ts';
import { accountStatusesOf } from './accountStatuses.ts';
import { type Answer, useBackendServer } from './backendServer.ts';

const s = useBackendServer();
const DAY = 86_400_000;

beforeAll(async () => {
  await importCatalogIfEmpty(s.db, () => readCatalog('funnels'));
}, 60_000);

let keys = 0;
const newKey = () => `classes-key-${process.pid}-${Date.now().toString(36)}-${++keys}`;
const pay = <N extends CallName>(name: N, input: CallInput<N> | Record<string, unknown>, token: string | null) =>
  s.call(name, input, { token, headers: { 'idempotency-key': newKey() } });
const ok = <N extends CallName>(answer: Answer<N>) => {
  if (answer.status !== 200) throw new Error(`expected a result, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result!;
};
const details = async (token: string) => ok(await s.call('GetCustomerDetails', {}, { token }));
const history = async (token: string) => ok(await s.call('GetPaymentHistory', {}, { token })).paymentHistory;
const near = (date: Date | string, expected: number) => expect(Math.abs(new Date(date).getTime() - expected)).toBeLessThan(60_000);

describe('CreateClassAddOnSubscription', () => {
  test('4 classes: $10 charged today, $54.99 a month from day 30; 1 class: $1 today, $14.99 a month', async () => {
    const parent = await s.signUp();
    const app = ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'annual', expectedTodayCharge: 0 },
        parent.token,
      ),
    );

    const four = ok(
      await pay(
        'CreateClassAddOnSubscription',
        { paymentMethodToken: 'fake-valid-mastercard-nonce', classAddOnId: 'addon_four_classes', expectedTodayCharge: 10 },
        parent.token,
      ),
    );
    expect(four).toEqual({ id: expect.any(String) });
    const row = await s.db.selectFrom('subscriptions').selectAll().where('id', '=', four.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ product: 'addOn', class_add_on_id: 'addon_four_classes', price_cents: 5499, status: 'Active' });
    near(row.first_billing_date!, Date.now() + 30 * DAY);
    expect(await history(parent.token)).toMatchObject([
      { amount: 10, status: 'settled', description: '4 classes a month, first 30 days', paymentMethod: 'MasterCard ending in 4444' },
    ]);
    const gateway = await s.db
      .selectFrom('sandbox_subscriptions')
      .select(['price_cents', 'plan_id'])
      .where('id', '=', row.gateway_subscription_id!)
      .executeTakeFirstOrThrow();
    expect(gateway).toEqual({ price_cents: 5499, plan_id: 'minerva_addon_4_classes' });

    // The card of the app plan stays the default one shown, with the plan it pays (the add-on is on the MasterCard).
    expect((await details(parent.token)).paymentInfo).toMatchObject({ cardType: 'Visa', subscriptions: [{ id: app.subscriptionData.id }] });

    ok(
      await pay(
        'CreateClassAddOnSubscription',
        { paymentMethodToken: 'fake-valid-amex-nonce', classAddOnId: 'addon_one_class', expectedTodayCharge: 1 },
        parent.token,
      ),
    );
    expect((await history(parent.token)).map((p) => p.amount).sort()).toEqual([1, 10]);
  });

  test('the same add-on twice: WP_AlreadyHaveSubscription; without a plan: the add-classes alert’s words', async () => {
    const parent = await s.signUp();
    const none = await pay(
      'CreateClassAddOnSubscription',
      { paymentMethodToken: 'fake-valid-visa-nonce', classAddOnId: 'addon_one_class', expectedTodayCharge: 1 },
      parent.token,
    );
    expect(none.body).toEqual({ code: 141, error: `Account ${parent.email} has no active subscription.` });

    ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'monthly', expectedTodayCharge: 0 },
        parent.token,
      ),
    );
    ok(
      await pay(
        'CreateClassAddOnSubscription',
        { paymentMethodToken: 'fake-valid-mastercard-nonce', classAddOnId: 'addon_one_class', expectedTodayCharge: 1 },
        parent.token,
      ),
    );
    const again = await pay(
      'CreateClassAddOnSubscription',
      { paymentMethodToken: 'fake-valid-amex-nonce', classAddOnId: 'addon_one_class', expectedTodayCharge: 1 },
      parent.token,
    );
    expect(again.body).toMatchObject({ code: 141, messageKey: 'WP_AlreadyHaveSubscription' });
    expect(
      (
        await pay(
          'CreateClassAddOnSubscription',
          { paymentMethodToken: 'fake-valid-amex-nonce', classAddOnId: 'nope', expectedTodayCharge: 0 },
          parent.token,
        )
      ).body,
    ).toMatchObject({ code: 101 });
  });

  test('an add-on charges its first amount today only when the screen showed it', async () => {
    const parent = await s.signUp();
    ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'monthly', expectedTodayCharge: 0 },
        parent.token,
      ),
    );
    const input = { paymentMethodToken: 'fake-valid-mastercard-nonce', classAddOnId: 'addon_four_classes' };
    expect((await pay('CreateClassAddOnSubscription', { ...input, expectedTodayCharge: 54.99 }, parent.token)).body).toMatchObject({
      messageKey: 'WP_TodayChargeChanged',
      todayCharge: 10,
    });
    expect(await history(parent.token)).toEqual([]);
    ok(await pay('CreateClassAddOnSubscription', { ...input, expectedTodayCharge: 10 }, parent.token));
    expect(await history(parent.token)).toMatchObject([{ amount: 10, status: 'settled' }]);
  });

  test('a declined card: WP_CardNotValid, no add-on and nothing left at the gateway', async () => {
    const parent = await s.signUp();
    ok(
      await pay(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'monthly', expectedTodayCharge: 0 },
        parent.token,
      ),
    );
    const declined = await pay(
      'CreateClassAddOnSubscription',
      { paymentMethodToken: 'fake-processor-declined-discover-nonce', classAddOnId: 'addon_four_classes', expectedTodayCharge: 10 },
      parent.token,
    );
    expect(declined.body).toMatchObject({ messageKey: 'WP_CardNotValid', processorCode: '2000' });
    expect(
      await s.db.selectFrom('subscriptions').select('id').where('user_id', '=', parent.id).where('product', '=', 'addOn').execute(),
    ).toEqual([]);
  });
});

describe('class add-ons in GetCustomerDetails (one plan per app plan and per classes plan)', () => {
  test(
    'an app plan and two add-ons: three plans, ' + 'each add-on a classes plan with its add-on, price, renewal and the card that pays it',
    async () => {
      const parent = await s.signUp();
      const app = ok(
        await pay(
          'PurchaseSubscription',
          { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'annual', expectedTodayCharge: 0 },
          parent.token,
        ),
      );
      const four = ok(
        await pay(
          'CreateClassAddOnSubscription',
          { paymentMethodToken: 'fake-valid-mastercard-nonce', classAddOnId: 'addon_four_classes', expectedTodayCharge: 10 },
          parent.token,
        ),
      );
      const one = ok(
        await pay(
          'CreateClassAddOnSubscription',
          { paymentMethodToken: 'fake-valid-amex-nonce', classAddOnId: 'addon_one_class', expectedTodayCharge: 1 },
          parent.token,
        ),
      );
      const row = await s.db.selectFrom('subscriptions').selectAll().where('id', '=', four.id).executeTakeFirstOrThrow();

      const d = await details(parent.token);
      // The account's main plan is still the app plan; the add-ons do not replace it.
      expect(d).toMatchObject({
        plan: { id: 'annual' },
        classesPlan: null,
        isExpired: false,
        paymentInfo: { cardType: 'Visa', last4: '1881' },
      });
      const plans = d.planSubscriptions!;
      expect(plans.map((p) => [p.id, p.product, p.classAddOn?.id ?? null])).toEqual([
        [app.subscriptionData.id, 'app', null],
        [four.id, 'classes', 'addon_four_classes'],
        [one.id, 'classes', 'addon_one_class'],
      ]);
      expect(plans[0]).toMatchObject({
        offer: { id: 'annual' },
        classAddOn: null,
        paymentMethod: { paymentType: 'card', cardType: 'Visa', last4: '1881', expirationDate: expect.stringMatching(/^\d{2}\/\d{4}$/) },
      });
      expect(plans[1]).toEqual({
        id: four.id,
        product: 'classes',
        offer: null,
        classAddOn: {
          id: 'addon_four_classes',
          planId: 'minerva_addon_4_classes',
          name: '4 classes a month',
          classesPerMonth: 4,
          price: 54.99,
          todayPrice: 10,
          promoDays: 30,
          status: 'active',
        },
        status: 'Active',
        price: 54.99,
        nextBillingDate: row.next_billing_date!.toISOString(),
        firstBillingDate: row.first_billing_date!.toISOString(),
        trialDuration: 0,
        store: 'WebStore',
        termExpiresAt: row.term_expires_at!.toISOString(),
        compExpiresAt: null,
        giftExpiresAt: null,
        isLifetime: false,
        isGifted: false,
        renews: true,
        // Paid with the MasterCard, not the Visa on file.
        paymentMethod: {
          paymentType: 'card',
          cardType: 'MasterCard',
          last4: '4444',
          expirationDate: expect.stringMatching(/^\d{2}\/\d{4}$/),
        },
      });
      near(plans[1]!.nextBillingDate!, Date.now() + 30 * DAY);
      expect(plans[2]).toMatchObject({
        price: 14.99,
        classAddOn: { name: '1 class a month' },
        paymentMethod: { cardType: 'American Express', last4: '0005' },
      });
    },
  );

  test(
    'CancelMinervaClasses cancels only the add-on: ' + 'it stays listed until its paid promo ends, the app plan renews as before',
    async () => {
      const parent = await s.signUp();
      const app = ok(
        await pay(
          'PurchaseSubscription',
          { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'monthly', expectedTodayCharge: 0 },
          parent.token,
        ),
      );
      const addOn = ok(
        await pay(
          'CreateClassAddOnSubscription',
          { paymentMethodToken: 'fake-valid-mastercard-nonce', classAddOnId: 'addon_four_classes', expectedTodayCharge: 10 },
          parent.token,
        ),
      );
      const before = await s.db.selectFrom('subscriptions').selectAll().where('id', '=', addOn.id).executeTakeFirstOrThrow();

      const cancelled = ok(
        await s.call('CancelMinervaClasses', { subscriptionId: addOn.id, cancelReason: 'It is too expensive' }, { token: parent.token }),
      );
      expect(cancelled).toEqual({ subscriptionId: addOn.id, status: 'Canceled', accessEndsAt: before.first_billing_date!.toISOString() });
      const gateway = await s.db
        .selectFrom('sandbox_subscriptions')
        .select('status')
        .where('id', '=', before.gateway_subscription_id!)
        .executeTakeFirstOrThrow();
      expect(gateway.status).toBe('Canceled');

      const plans = (await details(parent.token)).planSubscriptions!;
      expect(plans).toMatchObject([
        { id: app.subscriptionData.id, product: 'app', status: 'Active', renews: true },
        {
          id: addOn.id,
          product: 'classes',
          classAddOn: { id: 'addon_four_classes' },
          status: 'Canceled',
          renews: false,
          nextBillingDate: null,
          termExpiresAt: before.first_billing_date!.toISOString(),
        },
      ]);
      const appRow = await s.db
        .selectFrom('subscriptions')
        .select(['status', 'canceled_at'])
        .where('id', '=', app.subscriptionData.id)
        .executeTakeFirstOrThrow();
      expect(appRow).toEqual({ status: 'Active', canceled_at: null });
    },
  );
});

describe('SubscribeToMinervaClasses and CancelMinervaClasses', () => {
  test('live classes: $49.99 a month after a 30-day trial; the classes plan beside no app plan; cancelled to the trial’s end', async () => {
    const parent = await s.signUp();
    const answer = ok(
      await pay(
        'SubscribeToMinervaClasses',
        {
          webOfferId: 'live_multi_classes',
          expectedTodayCharge: 0,
          paymentMethodToken: 'fake-valid-visa-nonce',
          customerOptions: { firstName: 'Grace' },
          utmParamsObject: null,
        },
        parent.token,
      ),
    );
    expect(answer).toEqual({ subscriptionId: expect.any(String), classType: 'live' });
    const row = await s.db.selectFrom('subscriptions').selectAll().where('id', '=', answer.subscriptionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ product: 'classes', price_cents: 4999, trial_duration_days: 30 });
    near(row.first_billing_date!, Date.now() + 30 * DAY);
    expect(await history(parent.token)).toEqual([]);
    expect(await details(parent.token)).toMatchObject({
      classesPlan: { id: 'live_multi_classes', classType: 'live' },
      plan: null,
      isTrialActive: true,
      firstName: 'Grace',
    });

    const again = await pay(
      'SubscribeToMinervaClasses',
      { webOfferId: 'ondemand_monthly', expectedTodayCharge: 0, paymentMethodToken: 'fake-valid-amex-nonce' },
      parent.token,
    );
    expect(again.body).toMatchObject({ messageKey: 'WP_AlreadyHaveSubscription' });

    const cancelled = ok(
      await s.call('CancelMinervaClasses', { subscriptionId: answer.subscriptionId, cancelReason: 'schedule' }, { token: parent.token }),
    );
    expect(cancelled).toEqual({
      subscriptionId: answer.subscriptionId,
      status: 'Canceled',
      accessEndsAt: row.first_billing_date!.toISOString(),
    });
  });

  test(
    'on-demand classes: classType onDemand; an app offer is not a class offer; ' + 'CancelMinervaClasses does not cancel an app plan',
    async () => {
      const parent = await s.signUp();
      expect(
        ok(
          await pay(
            'SubscribeToMinervaClasses',
            { webOfferId: 'ondemand_monthly', expectedTodayCharge: 0, paymentMethodToken: 'fake-valid-visa-nonce' },
            parent.token,
          ),
        ),
      ).toMatchObject({ classType: 'onDemand' });
      expect(
        (
          await pay(
            'SubscribeToMinervaClasses',
            { webOfferId: 'annual', expectedTodayCharge: 0, paymentMethodToken: 'fake-valid-visa-nonce' },
            parent.token,
          )
        ).body,
      ).toMatchObject({ code: 141, error: 'This plan is not sold here.' });
      const app = ok(
        await pay(
          'PurchaseSubscription',
          { paymentMethodToken: 'fake-valid-amex-nonce', webOfferId: 'monthly', expectedTodayCharge: 0 },
          parent.token,
        ),
      );
      expect(
        (await s.call('CancelMinervaClasses', { subscriptionId: app.subscriptionData.id, cancelReason: 'x' }, { token: parent.token }))
          .body,
      ).toMatchObject({ code: 101 });
    },
  );
});

describe('BulkPurchase', () => {
  test('a visitor (with the payment form’s captcha) buys 3 one-year gifts: a sale of 3 × $79.99, 3 single-use GIFT codes', async () => {
    const answer = ok(
      await pay(
        'BulkPurchase',
        {
          webOfferId: 'gift_12_months',
          expectedTodayCharge: 239.97,
          quantity: 3,
          paymentMethodToken: 'fake-valid-visa-nonce',
          customerOptions: { email: 'Buyer@Example.com', firstName: 'Gift', lastName: 'Giver' },
          captchaToken: 'local-captcha:paymentForm',
        },
        null,
      ),
    );
    expect(answer.codes).toHaveLength(3);
    for (const code of answer.codes as string[]) {
      expect(code).toMatch(/^GIFT[A-Z0-9]{12}$/);
      expect(await findCode(s.db, code)).toMatchObject({
        kind: 'gift',
        web_offer_id: 'gift_12_months',
        comp_months: 12,
        redeemed_at: null,
      });
    }
    const payment = await s.db.selectFrom('payments').selectAll().where('id', '=', answer.orderId).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ amount_cents: 3 * 7999, status: 'settled', user_id: null, description: '3 × 1-year gift' });
    const batch = await s.db.selectFrom('code_batches').selectAll().where('payment_id', '=', answer.orderId).executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ kind: 'gift', quantity: 3, purchaser_email: 'buyer@example.com', source: 'purchase' });
    // The buyer is emailed the codes; they travel as the message's secret, never in its payload.
    const email = await s.db
      .selectFrom('outbox')
      .selectAll()
      .where('name', '=', 'codesPurchased')
      .where('dedupe_key', '=', `codesPurchased:${answer.orderId}`)
      .executeTakeFirstOrThrow();
    expect(email).toMatchObject({
      kind: 'email',
      payload: { to: 'buyer@example.com', orderId: answer.orderId, kind: 'gift', quantity: 3, offerTitle: '1-year gift' },
    });
    expect(email.secret).toBe((answer.codes as string[]).join('\n'));
    expect(JSON.stringify(email.payload)).not.toContain(answer.codes[0]);

    // A code bought is a code a parent redeems, who is then gifted (its account status).
    const parent = await s.signUp();
    expect(ok(await s.call('RedeemComp', { userId: parent.id, couponCode: answer.codes[0] }, { token: parent.token }))).toMatchObject({
      redeemed: true,
    });
    expect(await accountStatusesOf(s.db, parent.id)).toEqual(['Pretrial', 'Active Gifted']);
  });

  test('a campaign’s seats are EDU codes at its seat price; a logged-in buyer’s payment is in their history', async () => {
    const parent = await s.signUp();
    const answer = ok(
      await pay(
        'BulkPurchase',
        {
          campaignId: 'girl-scouts',
          webOfferId: 'edu_12_months',
          expectedTodayCharge: 100,
          quantity: 5,
          paymentMethodToken: 'fake-valid-visa-nonce',
          customerOptions: {},
        },
        parent.token,
      ),
    );
    expect(answer.codes).toHaveLength(5);
    expect((answer.codes as string[]).every((c) => /^EDU[A-Z0-9]{13}$/.test(c))).toBe(true);
    expect(await history(parent.token)).toMatchObject([
      { id: answer.orderId, amount: 100, status: 'settled', description: '5 × 1-year education seat' },
    ]);
  });

  test('a bulk purchase charges quantity × the seat price, and only when that is the amount shown', async () => {
    const input = {
      webOfferId: 'gift_12_months',
      quantity: 2,
      paymentMethodToken: 'fake-valid-visa-nonce',
      customerOptions: { email: 'two-gifts@example.com' },
      captchaToken: 'local-captcha:paymentForm',
    };
    expect((await pay('BulkPurchase', { ...input, expectedTodayCharge: 79.99 }, null)).body).toMatchObject({
      messageKey: 'WP_TodayChargeChanged',
      todayCharge: 159.98,
    });
    const bought = ok(await pay('BulkPurchase', { ...input, expectedTodayCharge: 159.98 }, null));
    expect(await s.db.selectFrom('payments').select('amount_cents').where('id', '=', bought.orderId).executeTakeFirst()).toEqual({
      amount_cents: 15998,
    });
  });

  test('100 seats at $20 is $2000.00, which the sandbox declines: WP_CardNotValid 2000 and no codes', async () => {
    const before = await s.db
      .selectFrom('codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const declined = await pay(
      'BulkPurchase',
      {
        campaignId: 'girl-scouts',
        webOfferId: 'edu_12_months',
        expectedTodayCharge: 2000,
        quantity: 100,
        paymentMethodToken: 'fake-valid-visa-nonce',
        customerOptions: { email: 'council@example.com' },
        captchaToken: 'local-captcha:paymentForm',
      },
      null,
    );
    expect(declined.body).toEqual({ code: 141, error: expect.any(String), messageKey: 'WP_CardNotValid', processorCode: '2000' });
    const after = await s.db
      .selectFrom('codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  test('refusals: not sold as codes, a campaign of another offer, a campaign’s offer without it, no purchaser email', async () => {
    const base = {
      quantity: 1,
      paymentMethodToken: 'fake-valid-visa-nonce',
      customerOptions: { email: 'buyer@example.com' },
      expectedTodayCharge: 79.99,
    };
    expect((await pay('BulkPurchase', { ...base, webOfferId: 'annual' }, null)).body).toMatchObject({
      code: 142,
      error: 'This plan is not sold as codes.',
    });
    expect((await pay('BulkPurchase', { ...base, webOfferId: 'gift_12_months', campaignId: 'girl-scouts' }, null)).body).toMatchObject({
      code: 142,
      error: 'This campaign sells another plan.',
    });
    // The Girl Scouts' $20 seat is theirs: without the campaign it is not sold at all (not even at another price).
    for (const expectedTodayCharge of [20, 59.99])
      expect((await pay('BulkPurchase', { ...base, webOfferId: 'edu_12_months', expectedTodayCharge }, null)).body).toMatchObject({
        code: 142,
        error: 'This plan is only sold to its campaign.',
      });
    expect((await pay('BulkPurchase', { ...base, webOfferId: 'gift_12_months', customerOptions: {} }, null)).body).toMatchObject({
      code: 142,
      error: expect.stringContaining('the purchaser’s email is required'),
    });
  });
});
