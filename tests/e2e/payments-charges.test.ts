/**
 * Charges, in the browser against the real backend (sandbox adapter, sandbox gateway): a
 * double click and a reload in the middle of a purchase charge once; the card on /my-account
 * (a duplicate, a renewal declined for insufficient funds); the class funnels' payment forms
 * with their own wording and durations. The database says what happened.
 */
import { describe, expect, test } from 'vitest';
import { nonceForCard, parseExpiration } from '../../src/adapters/payment/sandbox/cards.ts';
import { catalogChanged } from '../../src/server/catalog/cache.ts';
import { runSandboxBilling } from '../../src/server/payments/sandbox/billing.ts';
import { arrivesAt, expectHealthyScreen, heading, useE2E, visible } from './harness.ts';
import {
  expectMessage,
  expectOrderSummary,
  fillCard,
  lastEvent,
  newParent,
  openPaymentPage,
  type PaymentPage,
  type Session,
} from './paymentsHelpers.ts';

const e2e = useE2E();
const db = () => e2e.app.backend.accounts.db;
const subscriptionsOf = (userId: string) =>
  db().selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
const paymentsOf = (userId: string) =>
  db().selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
const requestsTo = (page: PaymentPage, name: string) => page.sentToServer.filter((r) => r.url.endsWith(`/api/functions/${name}`));

const VISA = { number: '4111 1111 1111 1111', expiration: '12/2030', postalCode: '94107', cvv: '123', name: 'Ada Lovelace' };
const MASTERCARD = { number: '5555 5555 5555 4444', expiration: '11/2031', postalCode: '94107', cvv: '456', name: 'Ada Lovelace' };
/** The nonce the sandbox card fields give for a card typed with its expiry as MM/YYYY. */
const nonceOf = (card: { number: string; expiration: string }) => nonceForCard(card.number, parseExpiration(card.expiration, 'MM/YYYY')!);

/** A purchase made without the browser (to give a parent a plan), as the browser sends it. */
async function purchase(parent: Session, webOfferId: string, nonce: string): Promise<void> {
  const response = await fetch(`${e2e.url}/api/functions/PurchaseSubscription`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-parse-session-token': parent.sessionToken,
      'idempotency-key': `test-${parent.objectId}-${webOfferId}`,
    },
    body: JSON.stringify({ paymentMethodToken: nonce, webOfferId, customerOptions: { email: parent.email }, expectedTodayCharge: 0 }),
  });
  const body = (await response.json()) as { result?: unknown };
  if (!('result' in body)) throw new Error(`The purchase failed: ${JSON.stringify(body)}`);
}

const partnerPage = (u: URL) => u.hostname === 'partners.codeling.example';

describe('one attempt, one charge', () => {
  test(
    "double-clicking 'Join Now', then reloading while the purchase is under way: " +
      'one subscription and one charge, and the parent reaches /signup-thankyou',
    async () => {
      const parent = await newParent(e2e, 'lifetime');
      const page = await openPaymentPage(e2e, '/signup-payment?offer=lifetime', parent);
      const sent: { key: string | undefined; body: string | null }[] = [];
      let firstAnswer!: (status: number) => void;
      const firstAnswered = new Promise<number>((resolve) => (firstAnswer = resolve));
      let reloaded!: () => void;
      const afterReload = new Promise<void>((resolve) => (reloaded = resolve));
      await page.route('**/api/functions/PurchaseSubscription', async (route) => {
        const request = route.request();
        sent.push({ key: request.headers()['idempotency-key'], body: request.postData() });
        if (sent.length > 1) return route.continue();
        // The server takes the first request and charges; its answer never reaches the page, which reloads meanwhile.
        const answer = await route.fetch();
        firstAnswer(answer.status());
        await afterReload;
        await route.fulfill({ response: answer }).catch(() => undefined);
      });

      // No trial: the full price is charged today, and that is what the server charges below.
      await expectOrderSummary(page, ['Lifetime: $149.99', "Today's charge $149.99"]);
      await fillCard(page, VISA);
      await page.getByRole('button', { name: 'Join Now' }).dblclick();
      await visible(page.getByRole('dialog', { name: 'Processing your order' }), 'the processing popup');
      expect(await firstAnswered).toBe(200); // charged on the server...
      expect(await subscriptionsOf(parent.objectId)).toHaveLength(1);
      await page.reload({ waitUntil: 'domcontentloaded' }); // ...while the page still waits for the answer
      reloaded();

      // After the reload the form sends the same request again (same key, same params): the
      // server answers what it answered the first time, and the parent goes on.
      await arrivesAt(page, partnerPage, 'the partner page after /signup-thankyou', 30_000);
      expect(page.visited.some((u) => new URL(u).pathname === '/signup-thankyou')).toBe(true);
      expect(sent).toHaveLength(2);
      expect(sent[1]).toEqual(sent[0]);
      expect(sent[0]!.key).toMatch(/^checkout-/);

      const subscriptions = await subscriptionsOf(parent.objectId);
      expect(subscriptions).toHaveLength(1);
      expect(subscriptions[0]).toMatchObject({ web_offer_id: 'lifetime', is_lifetime: true, status: 'Active' });
      const payments = await paymentsOf(parent.objectId);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({ amount_cents: 14999, status: 'settled', subscription_id: subscriptions[0]!.id });
      const sales = await db()
        .selectFrom('sandbox_transactions')
        .selectAll()
        .where('amount_cents', '=', 14999)
        .where(
          'payment_method_token',
          '=',
          (
            await db()
              .selectFrom('payment_methods')
              .select('gateway_token')
              .where('id', '=', subscriptions[0]!.payment_method_id!)
              .executeTakeFirstOrThrow()
          ).gateway_token,
        )
        .execute();
      expect(sales).toHaveLength(1);
    },
  );
});

describe('an address the backend would refuse', () => {
  test(
    'arriving with utm_source=%00x: the purchase goes through with ' + 'the attribution cleaned; every charge at the gateway is ours',
    async () => {
      const parent = await newParent(e2e, 'nul-utm');
      const page = await openPaymentPage(e2e, '/signup-payment?offer=lifetime&utm_source=%00x&utm_campaign=spring', parent);
      await visible(page.getByText('Lifetime: $149.99', { exact: true }), 'the lifetime offer');
      await fillCard(page, VISA);
      await page.getByRole('button', { name: 'Join Now' }).click();
      await arrivesAt(page, partnerPage, 'the partner page after /signup-thankyou', 30_000);
      expect(page.visited.some((u) => new URL(u).pathname === '/signup-thankyou')).toBe(true);

      const sent = requestsTo(page, 'PurchaseSubscription').map((r) => JSON.parse(r.body) as { utmParamsObject?: unknown });
      expect(sent.map((body) => body.utmParamsObject)).toEqual([{ utm_source: 'x', utm_campaign: 'spring' }]);
      expect(await subscriptionsOf(parent.objectId)).toMatchObject([{ web_offer_id: 'lifetime', status: 'Active' }]);
      expect(await db().selectFrom('payment_intents').select(['status', 'call']).where('user_id', '=', parent.objectId).execute()).toEqual([
        { status: 'completed', call: 'PurchaseSubscription' },
      ]);
      // No orphan: every charge and every renewing subscription at the sandbox gateway has our record.
      const unrecordedCharges = await db()
        .selectFrom('sandbox_transactions')
        .select('id')
        .where('status', '=', 'settled')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('payments').select('payments.id').whereRef('payments.gateway_transaction_id', '=', 'sandbox_transactions.id'),
            ),
          ),
        )
        .execute();
      const unrecordedSubscriptions = await db()
        .selectFrom('sandbox_subscriptions')
        .select('id')
        .where('status', 'in', ['Active', 'PastDue'])
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('subscriptions')
                .select('subscriptions.id')
                .whereRef('subscriptions.gateway_subscription_id', '=', 'sandbox_subscriptions.id'),
            ),
          ),
        )
        .execute();
      expect({ unrecordedCharges, unrecordedSubscriptions }).toEqual({ unrecordedCharges: [], unrecordedSubscriptions: [] });
    },
  );
});

describe('the card on /my-account', () => {
  const openAccount = async (parent: Session) => {
    const page = await openPaymentPage(e2e, '/my-account', parent);
    await heading(page);
    return page;
  };
  const editCard = async (page: PaymentPage, card: typeof VISA) => {
    await page
      .locator('.plan-field', { has: page.getByText('Payment Method', { exact: true }) })
      .getByRole('button', { name: 'Edit' })
      .click();
    await visible(page.getByRole('tab', { name: 'Enter new credit card info', selected: true }), "the 'Enter new credit card info' tab");
    await fillCard(page, card);
    await page.getByRole('button', { name: 'Update Payment' }).click();
  };

  test('the same card again: "This payment method already exists." for 8 s; another card replaces it and the page reloads', async () => {
    const parent = await newParent(e2e, 'duplicate');
    await purchase(parent, 'annual', nonceOf(VISA)); // paid with the Visa the parent types again below
    const page = await openAccount(parent);
    await visible(page.getByText('Visa ending in 1111', { exact: true }), 'the card on file');
    await visible(page.getByText('Expires 12/2030', { exact: true }), 'its expiry');
    await expectHealthyScreen(page, 'my-account');
    await editCard(page, VISA);
    await expectMessage(page, 'This payment method already exists.', 8000);
    expect(lastEvent(page, 'web_payment_method_rejected')).toMatchObject({
      props: { reason: 'WP_PaymentMethodDuplicate', paymentMethod: 'card' },
    });
    await expectHealthyScreen(page, 'my-account, card form open');

    await page.getByLabel('Card number').fill(MASTERCARD.number);
    await page.getByLabel('Expiration date').fill(MASTERCARD.expiration);
    await page.getByLabel('Security code').fill(MASTERCARD.cvv);
    const loads = page.visited.length;
    await page.getByRole('button', { name: 'Update Payment' }).click();
    await expect.poll(() => page.visited.length, { timeout: 10_000 }).toBeGreaterThan(loads); // success reloads the page
    await visible(page.getByText('MasterCard ending in 4444', { exact: true }), 'the new card on file');
    await visible(page.getByText('Expires 11/2031', { exact: true }), 'its expiry');
    const [update] = requestsTo(page, 'UpdateCreditCard').slice(-1);
    expect(JSON.parse(update!.body)).toEqual({
      userId: parent.objectId,
      paymentNonce: expect.stringMatching(/^sandbox-card-mastercard-4444-11-2031-approved-[0-9a-f]{2}$/),
    });
    expect(update!.headers['idempotency-key']).toMatch(/^checkout-/);
  });

  test(
    'a renewal declined with 2001 (an offer priced $2001.00): ' +
      'updating the card retries the balance and shows the 2001 message for 8 s',
    async () => {
      // An offer priced $2001.00 (the sandbox declines amounts 2000–2999 with that code), trial 7 days.
      const annual = await db().selectFrom('web_offers').selectAll().where('id', '=', 'annual').executeTakeFirstOrThrow();
      await db()
        .insertInto('web_offers')
        .values({
          ...annual,
          id: 'annual_2001',
          preview_of: null,
          price_cents: 200100,
          original_price_cents: null,
          promo_code: null,
          tags: ['renewalTest'],
          is_default_offer: false,
          offer_title: 'Annual Plan at $2001',
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
      catalogChanged();

      // The trial purchase, in the browser.
      const parent = await newParent(e2e, 'renewal');
      const checkout = await openPaymentPage(e2e, '/signup-payment?offer=annual_2001', parent);
      await expectOrderSummary(checkout, [
        'Annual Plan at $2001: $2001.00 charged after 7-day free trial. Cancel anytime.',
        "Today's charge $0.00",
      ]);
      await fillCard(checkout, VISA);
      await checkout.getByRole('button', { name: 'Join Now' }).click();
      await arrivesAt(checkout, partnerPage, 'the partner page after /signup-thankyou');
      const [trial] = await subscriptionsOf(parent.objectId);
      expect(trial).toMatchObject({ web_offer_id: 'annual_2001', status: 'Active', trial_duration_days: 7 });

      // The sandbox's billing run past the trial: the renewal is declined, 2001 Insufficient Funds.
      const summary = await runSandboxBilling({ db: db(), at: new Date(Date.now() + 8 * 24 * 3600 * 1000) });
      expect(summary.declined.codes).toContainEqual(expect.objectContaining({ code: '2001' }));
      expect((await subscriptionsOf(parent.objectId))[0]).toMatchObject({ status: 'PastDue' });

      // The parent updates the card: the balance is charged on it again, and declined again.
      const page = await openAccount(parent);
      await editCard(page, MASTERCARD);
      await expectMessage(page, 'There was an error updating your payment: Your card was declined (insufficient funds).', 8000);
      expect(lastEvent(page, 'web_payment_method_rejected')).toMatchObject({
        props: { reason: 'WP_CardNotValid:2001', paymentMethod: 'card' },
      });
      const declined = (await paymentsOf(parent.objectId)).filter((p) => p.status === 'declined');
      expect(declined.map((p) => [p.amount_cents, p.processor_response_code])).toEqual([
        [200100, '2001'],
        [200100, '2001'],
      ]);
      expect(new URL(page.url()).pathname).toBe('/my-account');
    },
  );

  test(
    "a card the bank declines: 'There was an error updating your payment:' and the reason, " + 'for 8 s; the card on file stays',
    async () => {
      const parent = await newParent(e2e, 'declined-card');
      await purchase(parent, 'annual', 'fake-valid-mastercard-nonce');
      const page = await openAccount(parent);
      await visible(page.getByText('MasterCard ending in 4444', { exact: true }), 'the card on file');
      await editCard(page, { ...VISA, number: '4000 1111 1111 1115' }); // Braintree's test card declined at verification (2000)
      await expectMessage(
        page,
        'There was an error updating your payment: Your card was declined. Please try another card or contact your bank.',
        8000,
      );
      expect(lastEvent(page, 'web_payment_method_rejected')).toMatchObject({
        props: { reason: 'WP_CardNotValid:2000', paymentMethod: 'card' },
      });
      expect(new URL(page.url()).pathname).toBe('/my-account');
      const methods = await db()
        .selectFrom('payment_methods')
        .innerJoin('customers', 'customers.id', 'payment_methods.customer_id')
        .select(['payment_methods.last4'])
        .where('customers.user_id', '=', parent.objectId)
        .where('payment_methods.deleted_at', 'is', null)
        .execute();
      expect(methods).toEqual([{ last4: '4444' }]);
    },
  );
});

describe('the class funnels (class wording)', () => {
  test(
    '/tryclasses-payment: MM/YY, a failed security code in class wording for 5 s, ' + 'then the on-demand plan and its thank-you',
    async () => {
      const parent = await newParent(e2e, 'classes');
      const page = await openPaymentPage(e2e, '/tryclasses-payment', parent, {
        clientState: { minervaSelectedClassId: 'ondemand_monthly' },
      });
      await visible(page.getByRole('heading', { name: 'STANDARD CHECKOUT' }), "'STANDARD CHECKOUT'");
      await visible(page.getByLabel('Cardholder name'), 'the cardholder name field');
      expect(await page.getByLabel('Expiration date').getAttribute('placeholder')).toBe('MM/YY');
      await expectHealthyScreen(page, 'tryclasses-payment');
      await fillCard(page, { ...VISA, expiration: '12/30', cvv: '201' }, { name: 'Cardholder name', postalCode: 'ZIP code' });
      const save = page.getByRole('button', { name: 'Save Payment' });
      await save.click();
      await expectMessage(
        page,
        'Invalid card information. Please correct the error - if the decline persists, please contact your bank.',
        5000,
      );
      expect(requestsTo(page, 'SubscribeToMinervaClasses')).toEqual([]);

      // Save Payment is disabled with a spinner while the payment is under way.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/functions/SubscribeToMinervaClasses', async (route) => {
        await held;
        await route.continue();
      });
      await page.getByLabel('Security code').fill('123');
      await save.click();
      await expect.poll(() => save.isDisabled()).toBe(true);
      expect(await save.locator('.spinner').count()).toBe(1);
      release();
      await arrivesAt(page, (u) => u.pathname === '/tryclasses-thankyouapp', 'the on-demand thank-you');
      const [subscribe] = requestsTo(page, 'SubscribeToMinervaClasses');
      // MM/YY typed: the nonce carries the full year.
      expect(JSON.parse(subscribe!.body)).toMatchObject({
        webOfferId: 'ondemand_monthly',
        paymentMethodToken: nonceOf(VISA),
        customerOptions: { firstName: 'Ada', lastName: 'Lovelace' },
        expectedTodayCharge: 0,
      });
      expect(await subscriptionsOf(parent.objectId)).toMatchObject([{ web_offer_id: 'ondemand_monthly', product: 'classes' }]);
    },
  );

  test("/addclasses-payment: a subscriber adds four classes; today's $10 is charged and the semester thank-you follows", async () => {
    const parent = await newParent(e2e, 'addclasses');
    await purchase(parent, 'annual', 'fake-valid-visa-nonce');
    const page = await openPaymentPage(e2e, '/addclasses-payment', parent, { clientState: { minervaAddedClassId: 'addon_four_classes' } });
    await visible(page.getByRole('heading', { name: 'STANDARD CHECKOUT' }), "'STANDARD CHECKOUT'");
    await expectOrderSummary(page, ['4 classes a month: $54.99/month after a 30-day promo.', "Today's charge $10.00"]);
    await visible(page.getByText('Secure payment processed by a card payment provider', { exact: true }), 'the secure-payment line');
    await visible(page.getByRole('button', { name: 'Pay with PayPal' }), 'PayPal');
    expect(await page.getByRole('button', { name: 'Pay with Google Pay' }).count()).toBe(0); // no express checkout
    await expectHealthyScreen(page, 'addclasses-payment');
    await fillCard(page, { ...MASTERCARD, expiration: '11/31' }, { name: 'Cardholder name' });
    await page.getByRole('button', { name: 'Save Payment' }).click();
    await arrivesAt(page, (u) => u.pathname === '/addclasses-thankyou-semester', 'the semester thank-you');
    const addOn = (await subscriptionsOf(parent.objectId)).find((s) => s.product === 'addOn');
    expect(addOn).toMatchObject({ class_add_on_id: 'addon_four_classes' });
    expect((await paymentsOf(parent.objectId)).map((p) => [p.amount_cents, p.status])).toEqual([[1000, 'settled']]);
    expect(await page.evaluate(() => window.sessionStorage.getItem('paymentMethod'))).toBe('card');
  });
});
