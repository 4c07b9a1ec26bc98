/**
 * Paying, in the browser, against the real backend with the sandbox adapter and the sandbox
 * gateway (nothing under /api is faked): the card form, Braintree's test cards and
 * nonces, the wallets' sandbox dialogs, and every message a parent reads — its exact words
 * and how long it stays (payment errors 8 s, validation 5 s).
 *
 * Also what must never happen: a card number or security code reaching our server — in any
 * request, in the server's log, or in any table.
 */
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { arrivesAt, expectHealthyScreen, heading, useE2E, visible } from './harness.ts';
import {
  everyTableAsText,
  expectMessage,
  fillCard,
  holdsToken,
  lastEvent,
  newParent,
  openPaymentPage,
  type PaymentPage,
  toast,
} from './paymentsHelpers.ts';

// The server's log, at info level (every request), kept to look for card data; warnings and
// errors still reach the console.
const serverLog: string[] = [];
const stdoutWrite = process.stdout.write;
process.stdout.write = function (this: typeof process.stdout, chunk: unknown, ...rest: unknown[]) {
  const line = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk);
  if (line.startsWith('{"level":')) {
    serverLog.push(line);
    if (Number(/^\{"level":(\d+)/.exec(line)?.[1]) < 40) return true;
  }
  return (stdoutWrite as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
} as typeof process.stdout.write;
process.env.LOG_LEVEL = 'info';
afterAll(() => {
  process.stdout.write = stdoutWrite;
});

const e2e = useE2E();
const db = () => e2e.app.backend.accounts.db;
const subscriptionsOf = (userId: string) => db().selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();
const paymentsOf = (userId: string) => db().selectFrom('payments').selectAll().where('user_id', '=', userId).execute();
const chargeRequests = (page: PaymentPage, name = 'PurchaseSubscription') =>
  page.sentToServer.filter((r) => r.url.endsWith(`/api/functions/${name}`));

const VISA = { number: '4111 1111 1111 1111', expiration: '12/2030', postalCode: '94107', cvv: '739', name: 'Ada Lovelace' };

describe('the app checkout (/signup-payment)', () => {
  test('a trial purchase by card reaches /signup-thankyou; no card number or security code reaches our server', async () => {
    const parent = await newParent(e2e, 'trial');
    const page = await openPaymentPage(e2e, '/signup-payment?offer=annual', parent);
    await heading(page, 'Start your free trial');
    // The form: tabs, the fields, the button, the provider line.
    await visible(page.getByRole('tab', { name: 'Pay by Credit Card', selected: true }), "the 'Pay by Credit Card' tab");
    await visible(page.getByRole('tab', { name: 'Other Payment Options', selected: false }), "the 'Other Payment Options' tab");
    await visible(page.getByText('Secure payment processed by a card payment provider.', { exact: true }), 'the secure-payment line');
    await visible(page.getByLabel('Card number'), 'the card number field');
    expect(await page.getByLabel('Card number').getAttribute('maxlength')).toBe('19');
    expect(await page.getByLabel('Expiration date').getAttribute('placeholder')).toBe('MM/YYYY');
    await page.getByRole('button', { name: 'What is the security code?' }).click();
    await visible(page.getByText('The 3-digit number on the back of your card', { exact: false }), 'the security code tooltip');
    await expectHealthyScreen(page, 'signup-payment');

    // Entering checkout is tracked with the offer.
    await expect
      .poll(() => lastEvent(page, 'Memberships v2.1 Page: Checkout'))
      .toMatchObject({ props: { productId: 'codeling_annual_7999', productionDuration: 'annual' } });

    // While the order is under way, the processing popup says so and the button cannot be pressed again.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/functions/PurchaseSubscription', async (route) => {
      await held;
      await route.continue();
    });
    await fillCard(page, VISA);
    await page.getByRole('button', { name: 'Join Now' }).click();
    const popup = page.getByRole('dialog', { name: 'Processing your order' });
    await visible(popup, 'the processing popup');
    expect(await popup.innerText()).toContain(
      'Your order is processing. Please do not refresh the page or attempt multiple clicks in order to avoid multiple charges.',
    );
    expect(await page.getByRole('button', { name: 'Join Now', includeHidden: true }).isDisabled()).toBe(true);
    release();

    // Success: /signup-thankyou, which the route table sends to the partner product page.
    await arrivesAt(page, (u) => u.hostname === 'partners.codeling.example', 'the partner page after /signup-thankyou');
    expect(page.visited.some((u) => new URL(u).pathname === '/signup-thankyou')).toBe(true);
    const [subscription, ...more] = await subscriptionsOf(parent.objectId);
    expect(more).toEqual([]);
    expect(subscription).toMatchObject({ web_offer_id: 'annual', status: 'Active', trial_duration_days: 7, is_lifetime: false });
    expect(await paymentsOf(parent.objectId)).toEqual([]); // a trial charges nothing today
    expect(lastEvent(page, 'Checkout Complete')).toMatchObject({
      props: { productId: 'codeling_annual_7999', productDuration: 'annual', paymentMethod: 'card' },
    });

    // The purchase request: the nonce of the card typed (brand, last four, expiry, outcome, and a
    // fingerprint of the number), the offer, the payer's name split at the space, an Idempotency-Key.
    const [purchase, ...again] = chargeRequests(page);
    expect(again).toEqual([]);
    const fingerprint = createHash('sha256').update('4111111111111111').digest('hex').slice(0, 2);
    expect(JSON.parse(purchase!.body)).toMatchObject({
      paymentMethodToken: `sandbox-card-visa-1111-12-2030-approved-${fingerprint}`,
      webOfferId: 'annual',
      userId: parent.objectId,
      customerOptions: { email: parent.email, firstName: 'Ada', lastName: 'Lovelace' },
      captchaToken: 'local-captcha:paymentForm',
      // The amount the summary showed ("Today's charge $0.00"): the server charges no other.
      expectedTodayCharge: 0,
    });
    expect(purchase!.headers['idempotency-key']).toMatch(/^checkout-[0-9a-f-]{32,}$/);

    // Nothing of the card but its nonce: not in a request (address, headers or body), not in the log, not in a table.
    const digits = VISA.number.replace(/\s/g, '');
    const seen = page.sentToServer.map((r) => `${r.method} ${r.url}\n${JSON.stringify(r.headers)}\n${r.body}`).join('\n');
    const stored = await everyTableAsText(db());
    const logged = serverLog.join('');
    expect(logged).toContain('/api/functions/PurchaseSubscription'); // the log did record the purchase
    expect(stored).toContain(parent.objectId); // the tables were read
    for (const [where, text] of [
      ['requests', seen],
      ['server log', logged],
      ['database', stored],
    ] as const) {
      expect(text.includes(digits), `card number in the ${where}`).toBe(false);
      expect(text.includes(VISA.number), `card number (spaced) in the ${where}`).toBe(false);
      expect(holdsToken(text, VISA.cvv), `security code in the ${where}`).toBe(false);
    }
  });

  test('an empty form, then a card without a name: the form asks (5 s), nothing is sent', async () => {
    const parent = await newParent(e2e, 'empty');
    const page = await openPaymentPage(e2e, '/signup-payment?offer=annual', parent);
    await visible(page.getByLabel('Card number'), 'the card number field');
    const join = page.getByRole('button', { name: 'Join Now' });
    await join.click();
    await expectMessage(page, 'Please fill out the form.', 8000);
    await fillCard(page, { ...VISA, name: '' });
    await join.click();
    await expectMessage(page, 'Please fill out your name', 5000);
    expect(await page.getByLabel('Name on Card').getAttribute('aria-invalid')).toBe('true');
    // A card number that is not one (Luhn): the card's message, the field marked.
    await page.getByLabel('Name on Card').fill('Ada Lovelace');
    await page.getByLabel('Card number').fill('4111 1111 1111 1112');
    await join.click();
    await expectMessage(page, 'Please verify the credit card you entered is correct.', 8000);
    expect(await page.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(lastEvent(page, 'web_payment_method_rejected')).toMatchObject({
      props: { reason: 'HOSTED_FIELDS_FIELDS_INVALID', paymentMethod: 'card' },
    });
    expect(chargeRequests(page)).toEqual([]);
    await expectHealthyScreen(page, 'signup-payment with messages');
  });

  test('without an offer chosen: "Please select a plan before proceeding"', async () => {
    const parent = await newParent(e2e, 'noplan');
    // The plan dropdown always has a plan; a link naming an offer that does not exist leaves none.
    const page = await openPaymentPage(e2e, '/signup-payment?offer=none', parent);
    await fillCard(page, VISA);
    await page.getByRole('button', { name: 'Join Now' }).click();
    await expectMessage(page, 'Please select a plan before proceeding', 5000);
    expect(chargeRequests(page)).toEqual([]);
  });

  test(
    'a card the processor declines at verification (4000 1111 1111 1115): ' +
      'the code 2000 message for 8 s; a new attempt gets a new key and succeeds',
    async () => {
      const parent = await newParent(e2e, 'declined');
      const page = await openPaymentPage(e2e, '/signup-payment?offer=annual', parent);
      await fillCard(page, { ...VISA, number: '4000 1111 1111 1115' });
      await page.getByRole('button', { name: 'Join Now' }).click();
      await expectMessage(page, 'Your card was declined. Please try another card or contact your bank.', 8000);
      expect(new URL(page.url()).pathname).toBe('/signup-payment');
      expect(await subscriptionsOf(parent.objectId)).toEqual([]);
      expect(lastEvent(page, 'web_payment_method_rejected')).toMatchObject({
        props: { reason: 'WP_CardNotValid:2000', paymentMethod: 'card' },
      });
      const [declined] = chargeRequests(page);
      expect(JSON.parse(declined!.body)).toMatchObject({
        paymentMethodToken: expect.stringMatching(/^sandbox-card-visa-1115-12-2030-declined-[0-9a-f]{2}$/),
      });

      // The decline ended the attempt: the next one goes under a new key.
      await page.getByLabel('Card number').fill(VISA.number);
      await page.getByRole('button', { name: 'Join Now' }).click();
      await arrivesAt(page, (u) => u.hostname === 'partners.codeling.example', 'the partner page after /signup-thankyou');
      const [first, second] = chargeRequests(page);
      expect(second!.headers['idempotency-key']).toBeTruthy();
      expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
      expect(await subscriptionsOf(parent.objectId)).toHaveLength(1);
    },
  );

  test("a security code Braintree's sandbox fails (200): the provider's message for 8 s, nothing is sent", async () => {
    const parent = await newParent(e2e, 'cvv');
    const page = await openPaymentPage(e2e, '/signup-payment?offer=annual', parent);
    await fillCard(page, { ...VISA, cvv: '200' });
    await page.getByRole('button', { name: 'Join Now' }).click();
    await expectMessage(page, 'Please verify the credit card you entered is correct.', 8000);
    expect(lastEvent(page, 'web_payment_method_rejected')).toMatchObject({
      props: { reason: 'HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED', paymentMethod: 'card' },
    });
    expect(chargeRequests(page)).toEqual([]);
    expect(await subscriptionsOf(parent.objectId)).toEqual([]);
  });
});

describe('other payment options, with a promo code on /promo-payment', () => {
  const openPromo = async (label: string) => {
    const parent = await newParent(e2e, label);
    const page = await openPaymentPage(e2e, '/promo-payment', parent, { clientState: { webOfferCode: 'SAVE50' } });
    await visible(
      page.getByText('Annual Plan, half price: $39.99 charged after 7-day free trial. Cancel anytime.', { exact: true }),
      "the promo code's offer",
    );
    await page.getByRole('tab', { name: 'Other Payment Options' }).click();
    return { parent, page };
  };

  test('PayPal approved: the billing agreement pays, the parent reaches /promo-thankyou', async () => {
    const { parent, page } = await openPromo('paypal');
    await expectHealthyScreen(page, 'promo-payment, other payment options');
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    const paypal = page.getByRole('dialog', { name: 'Sandbox PayPal' });
    await visible(paypal, 'the sandbox PayPal window');
    expect(await paypal.innerText()).toContain('Codeling: $39.99 USD');
    await expectHealthyScreen(page, 'the sandbox PayPal window');
    await paypal.getByRole('button', { name: 'Approve' }).click();
    await arrivesAt(page, (u) => u.pathname === '/promo-thankyou', '/promo-thankyou');
    await heading(page);
    const [purchase] = chargeRequests(page);
    expect(JSON.parse(purchase!.body)).toMatchObject({
      paymentMethodToken: 'fake-paypal-billing-agreement-nonce',
      webOfferId: 'promo_annual_half_price',
      promoCode: 'SAVE50',
      expectedTodayCharge: 0,
    });
    expect(await subscriptionsOf(parent.objectId)).toMatchObject([{ web_offer_id: 'promo_annual_half_price', status: 'Active' }]);
    expect(lastEvent(page, 'Checkout Complete')).toMatchObject({
      props: { productId: 'codeling_annual_3999', productDuration: 'annual', paymentMethod: 'paypal' },
    });
  });

  test('PayPal window closed: "Payment could not be completed since PayPal window closed." for 8 s; PayPal is offered again', async () => {
    const { parent, page } = await openPromo('paypalclosed');
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.getByRole('dialog', { name: 'Sandbox PayPal' }).getByRole('button', { name: 'Close window' }).click();
    await expectMessage(page, 'Payment could not be completed since PayPal window closed.', 8000);
    expect(lastEvent(page, 'web_payment_method_rejected')).toMatchObject({
      props: { reason: 'PAYPAL_POPUP_CLOSED', paymentMethod: 'paypal' },
    });
    expect(chargeRequests(page)).toEqual([]);
    expect(await subscriptionsOf(parent.objectId)).toEqual([]);
    // PayPal's button is offered again, and a second try pays.
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.getByRole('dialog', { name: 'Sandbox PayPal' }).getByRole('button', { name: 'Approve' }).click();
    await arrivesAt(page, (u) => u.pathname === '/promo-thankyou', '/promo-thankyou');
    expect(chargeRequests(page)).toHaveLength(1);
    expect(await subscriptionsOf(parent.objectId)).toMatchObject([{ web_offer_id: 'promo_annual_half_price', status: 'Active' }]);
  });

  test('Google Pay sheet cancelled: "Unable to complete purchase because Google Pay was cancelled" for 8 s', async () => {
    const { page } = await openPromo('gpay');
    await page.getByRole('button', { name: 'Pay with Google Pay' }).click();
    const sheet = page.getByRole('dialog', { name: 'Sandbox Google Pay' });
    await visible(sheet, 'the sandbox Google Pay sheet');
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await expectMessage(page, 'Unable to complete purchase because Google Pay was cancelled', 8000);
    expect(lastEvent(page, 'web_payment_method_rejected')).toMatchObject({
      props: { reason: 'GOOGLE_PAYMENT_CANCELED', paymentMethod: 'googlePay' },
    });
    expect(chargeRequests(page)).toEqual([]);
  });

  test('Apple Pay payment failed: "There was an error processing your payment" for 8 s', async () => {
    const { page } = await openPromo('applepay');
    await page.getByRole('button', { name: 'Pay with Apple Pay' }).click();
    await page.getByRole('dialog', { name: 'Sandbox Apple Pay' }).getByRole('button', { name: 'Fail the payment' }).click();
    await expectMessage(page, 'There was an error processing your payment', 8000);
    expect(lastEvent(page, 'web_payment_method_rejected')).toMatchObject({
      props: { reason: 'APPLE_PAY_PAYMENT_FAILED', paymentMethod: 'applePay' },
    });
    expect(chargeRequests(page)).toEqual([]);
    expect(await toast(page, 'There was an error processing your payment').count()).toBe(0);
  });
});
