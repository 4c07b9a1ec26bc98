/**
 * The sandbox payment gateway, as the call handlers see it through `PaymentGateway`: the cards
 * typed in the sandbox card fields, Braintree's test nonces, its amount rules, subscriptions with
 * and without trials, and its client token.
 */
import { describe, expect, test } from 'vitest';
import { nonceForCard } from '../../src/adapters/payment/sandbox/cards.ts';
import { newId } from '../../src/server/db/ids.ts';
import { createPaymentGateway } from '../../src/server/payments/createGateway.ts';
import type { GatewayResult, PaymentGateway, VaultedPaymentMethod } from '../../src/server/payments/gateway.ts';
import { decodeSandboxClientToken } from '../../src/server/payments/sandbox/clientToken.ts';
import { useTestDatabase } from './db.ts';

const t = useTestDatabase();
const NOW = new Date('2025-03-10T15:00:00Z');
let gateway: PaymentGateway;
const sandbox = () => (gateway ??= createPaymentGateway({ kind: 'sandbox', db: t.db, now: () => NOW }));

function value<T>(result: GatewayResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.failure)}`);
  return result.value;
}

async function customer(email = `parent-${Math.random().toString(36).slice(2)}@example.com`) {
  return (await sandbox().createCustomer({ email, firstName: 'Pat', lastName: 'Doe' })).customerId;
}

async function vault(nonce: string, customerId?: string, failOnDuplicate = true): Promise<GatewayResult<VaultedPaymentMethod>> {
  return sandbox().vaultPaymentMethod({ customerId: customerId ?? (await customer()), nonce, makeDefault: true, failOnDuplicate });
}

describe('vaulting test nonces', () => {
  test('a valid card nonce is vaulted as that card: type, last four, an expiry in the future; never a number', async () => {
    const method = value(await vault('fake-valid-visa-nonce'));
    expect(method).toMatchObject({
      paymentType: 'card',
      cardType: 'Visa',
      last4: '1881',
      expirationMonth: 12,
      expirationYear: 2028,
      paypalEmail: null,
    });
    expect(method.token).toMatch(/^sbx_pm_/);
    expect(value(await vault('fake-valid-amex-nonce'))).toMatchObject({ cardType: 'American Express', last4: '0005' });
    expect(value(await vault('fake-valid-mastercard-nonce'))).toMatchObject({ cardType: 'MasterCard', last4: '4444' });
  });

  test('the same card twice for one customer is a duplicate; another customer may vault it', async () => {
    const first = await customer();
    value(await vault('fake-valid-visa-nonce', first));
    expect(await vault('fake-valid-visa-nonce', first)).toEqual({ ok: false, failure: { kind: 'gatewayRejected', reason: 'duplicate' } });
    // fake-valid-nonce is the same Visa card.
    expect(await vault('fake-valid-nonce', first)).toEqual({ ok: false, failure: { kind: 'gatewayRejected', reason: 'duplicate' } });
    expect((await vault('fake-valid-mastercard-nonce', first)).ok).toBe(true);
    expect((await vault('fake-valid-visa-nonce', await customer())).ok).toBe(true);
    // A checkout does not ask for the check: paying again with a card on file gets a new token.
    const again = value(await vault('fake-valid-visa-nonce', first, false));
    expect(again).toMatchObject({ cardType: 'Visa', last4: '1881' });
  });

  test('PayPal: a billing agreement is vaulted with the payer email; a one-time payment cannot be vaulted', async () => {
    expect(value(await vault('fake-paypal-billing-agreement-nonce'))).toMatchObject({
      paymentType: 'PayPal',
      paypalEmail: 'payer@example.com',
      cardType: null,
      last4: null,
    });
    expect(await vault('fake-paypal-one-time-nonce')).toEqual({
      ok: false,
      failure: { kind: 'validation', code: '82902', message: 'Cannot vault one-time use PayPal account.' },
    });
  });

  test('Apple Pay and Google Pay nonces are vaulted as wallet cards of their network', async () => {
    expect(value(await vault('fake-apple-pay-visa-nonce'))).toMatchObject({ paymentType: 'ApplePay', cardType: 'Visa', last4: '1881' });
    expect(value(await vault('fake-android-pay-mastercard-nonce'))).toMatchObject({
      paymentType: 'GooglePay',
      cardType: 'MasterCard',
      last4: '4444',
    });
    // A wallet card is a new network token each time: never a duplicate.
    const id = await customer();
    value(await vault('fake-apple-pay-visa-nonce', id));
    expect((await vault('fake-apple-pay-visa-nonce', id)).ok).toBe(true);
  });

  test('cards whose verification fails: processor declined 2000, processor failure 3000', async () => {
    for (const brand of ['visa', 'mastercard', 'amex', 'discover'])
      expect(await vault(`fake-processor-declined-${brand}-nonce`)).toEqual({
        ok: false,
        failure: { kind: 'processorDeclined', code: '2000', text: 'Do Not Honor' },
      });
    expect(await vault('fake-processor-failure-jcb-nonce')).toEqual({
      ok: false,
      failure: { kind: 'failed', code: '3000', text: 'Processor Network Unavailable - Try Again' },
    });
  });

  test('refused nonces: gateway rejected, consumed, unknown, a card type the merchant does not take', async () => {
    expect(await vault('fake-luhn-invalid-nonce')).toEqual({ ok: false, failure: { kind: 'gatewayRejected', reason: 'other' } });
    expect(await vault('fake-gateway-rejected-fraud-nonce')).toEqual({ ok: false, failure: { kind: 'gatewayRejected', reason: 'fraud' } });
    expect(await vault('fake-gateway-rejected-risk-thresholds-nonce')).toEqual({
      ok: false,
      failure: { kind: 'gatewayRejected', reason: 'risk_threshold' },
    });
    expect(await vault('fake-consumed-nonce')).toEqual({
      ok: false,
      failure: { kind: 'validation', code: '91564', message: 'Cannot use a payment_method_nonce more than once.' },
    });
    expect(await vault('tokencc_bogus_nonce')).toEqual({
      ok: false,
      failure: { kind: 'validation', code: '93108', message: 'Unknown or expired payment_method_nonce.' },
    });
    expect(await vault('fake-valid-maestro-nonce')).toEqual({ ok: false, failure: { kind: 'cardTypeNotAccepted', cardType: 'Maestro' } });
    expect(await vault('fake-venmo-account-nonce')).toEqual({ ok: false, failure: { kind: 'cardTypeNotAccepted', cardType: 'Venmo' } });
  });

  test('an unknown customer cannot vault', async () => {
    expect(
      await sandbox().vaultPaymentMethod({ customerId: 'nobody', nonce: 'fake-valid-nonce', makeDefault: true, failOnDuplicate: true }),
    ).toMatchObject({ ok: false, failure: { kind: 'validation', code: '93105' } });
  });
});

describe('vaulting the cards typed in the sandbox card fields (their nonces)', () => {
  /** The nonce the sandbox card fields give for this card. */
  const typed = (number: string, expiry = '11/2031') => {
    const [month, year] = expiry.split('/').map(Number);
    return nonceForCard(number, { month: month!, year: year! });
  };

  test('a typed card is vaulted as that card: its brand, last four digits and expiry', async () => {
    expect(value(await vault(typed('4111 1111 1111 1111', '11/2031')))).toMatchObject({
      paymentType: 'card',
      cardType: 'Visa',
      last4: '1111',
      expirationMonth: 11,
      expirationYear: 2031,
      paypalEmail: null,
    });
    expect(value(await vault(typed('5555 5555 5555 4444', '03/2032')))).toMatchObject({
      cardType: 'MasterCard',
      last4: '4444',
      expirationMonth: 3,
      expirationYear: 2032,
    });
    expect(value(await vault(typed('3782 822463 10005')))).toMatchObject({ cardType: 'American Express', last4: '0005' });
    expect(value(await vault(typed('6011 1111 1111 1117')))).toMatchObject({ cardType: 'Discover', last4: '1117' });
    expect(value(await vault(typed('3530 1113 3330 0000')))).toMatchObject({ cardType: 'JCB', last4: '0000' });
    expect(value(await vault(typed('3625 960000 0004')))).toMatchObject({ cardType: 'Diners Club', last4: '0004' });
  });

  test("Braintree's unsuccessful-verification test cards are declined 2000; its JCB fails 3000; nothing is vaulted", async () => {
    const id = await customer();
    for (const number of ['4000111111111115', '5105105105105100', '378734493671000', '6011000990139424'])
      expect(await vault(typed(number), id), number).toEqual({
        ok: false,
        failure: { kind: 'processorDeclined', code: '2000', text: 'Do Not Honor' },
      });
    expect(await vault(typed('3566002020360505'), id)).toEqual({
      ok: false,
      failure: { kind: 'failed', code: '3000', text: 'Processor Network Unavailable - Try Again' },
    });
    expect(await t.db.selectFrom('sandbox_payment_methods').select('token').where('customer_id', '=', id).execute()).toEqual([]);
  });

  test(
    'the same number is the same card (whatever the expiry); ' +
      "4012 8888 8888 1881 is fake-valid-visa-nonce's card, 4111 1111 1111 1111 is not",
    async () => {
      const id = await customer();
      value(await vault(typed('4111 1111 1111 1111', '11/2031'), id));
      expect(await vault(typed('4111-1111-1111-1111', '05/2033'), id)).toEqual({
        ok: false,
        failure: { kind: 'gatewayRejected', reason: 'duplicate' },
      });
      expect((await vault('fake-valid-visa-nonce', id)).ok).toBe(true);
      expect(await vault(typed('4012 8888 8888 1881'), id)).toEqual({
        ok: false,
        failure: { kind: 'gatewayRejected', reason: 'duplicate' },
      });
      expect((await vault(typed('4111 1111 1111 1111'), await customer())).ok).toBe(true);
    },
  );

  test('brands the merchant does not take are refused; a malformed sandbox card nonce is unknown', async () => {
    expect(await vault(typed('6304 0000 0000 0000'))).toEqual({ ok: false, failure: { kind: 'cardTypeNotAccepted', cardType: 'Maestro' } });
    expect(await vault(typed('6200 0000 0000 0005'))).toEqual({
      ok: false,
      failure: { kind: 'cardTypeNotAccepted', cardType: 'UnionPay' },
    });
    const unknown = { ok: false, failure: { kind: 'validation', code: '93108', message: 'Unknown or expired payment_method_nonce.' } };
    const good = typed('4111 1111 1111 1111');
    expect(await vault(good.replace('-11-2031-', '-13-2031-'))).toEqual(unknown);
    expect(await vault(good.replace('-approved-', '-fraud-'))).toEqual(unknown);
    expect(await vault(good.slice(0, -1))).toEqual(unknown);
  });

  test(
    'a card names its number (uniqueNumberIdentifier): one number, one identifier, typed or a test nonce, for any customer; ' +
      'wallet cards and PayPal name none',
    async () => {
      const idOf = async (nonce: string) => value(await vault(nonce, await customer(), false)).uniqueNumberIdentifier;
      const visa1881 = await idOf('fake-valid-visa-nonce');
      expect(visa1881).toMatch(/^[0-9a-f]{32}$/);
      expect(await idOf(typed('4012 8888 8888 1881', '05/2029'))).toBe(visa1881);
      expect(await idOf('fake-valid-nonce')).toBe(visa1881);
      expect(await idOf(typed('4111 1111 1111 1111'))).not.toBe(visa1881);
      expect(await idOf('fake-apple-pay-visa-nonce')).toBeNull();
      expect(await idOf('fake-paypal-billing-agreement-nonce')).toBeNull();
    },
  );

  test(
    'vaulted with verifyCard: false, a card the bank declines is vaulted and named; ' +
      'verifyPaymentMethod then answers the refusal vaulting would have',
    async () => {
      const unverified = async (nonce: string) =>
        value(
          await sandbox().vaultPaymentMethod({
            customerId: await customer(),
            nonce,
            makeDefault: true,
            failOnDuplicate: false,
            verifyCard: false,
          }),
        );
      const declined = { ok: false, failure: { kind: 'processorDeclined', code: '2000', text: 'Do Not Honor' } };
      expect(await vault('fake-processor-declined-visa-nonce')).toEqual(declined);

      const card = await unverified('fake-processor-declined-visa-nonce');
      expect(card).toMatchObject({ cardType: 'Visa', last4: '1115', uniqueNumberIdentifier: expect.stringMatching(/^[0-9a-f]{32}$/) });
      // Typed, 4000 1111 1111 1115 is the same card.
      expect((await unverified(typed('4000 1111 1111 1115'))).uniqueNumberIdentifier).toBe(card.uniqueNumberIdentifier);
      expect(await sandbox().verifyPaymentMethod({ token: card.token })).toEqual(declined);
      expect(await sandbox().verifyPaymentMethod({ token: (await unverified(typed('3566 0020 2036 0505'))).token })).toEqual({
        ok: false,
        failure: { kind: 'failed', code: '3000', text: 'Processor Network Unavailable - Try Again' },
      });
      expect(await sandbox().verifyPaymentMethod({ token: (await unverified('fake-valid-visa-nonce')).token })).toEqual({
        ok: true,
        value: null,
      });
      expect(await sandbox().verifyPaymentMethod({ token: 'sbx_pm_none' })).toMatchObject({ ok: false, failure: { code: '91903' } });
    },
  );

  test('the vault keeps the last four digits and a fingerprint, never the number', async () => {
    const id = await customer();
    value(await vault(typed('4111 1111 1111 1111'), id));
    const rows = await t.db.selectFrom('sandbox_payment_methods').selectAll().where('customer_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('41111111');
    expect(rows[0]).toMatchObject({ last4: '1111', unique_number_identifier: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });
});

describe('subscriptions and charges', () => {
  // Each subscription is made under its own id, as a payment intent's.
  const plan = () => ({ id: newId(), planId: 'codeling_annual_7999', billingFrequencyMonths: 12, now: NOW });

  test('with a trial nothing is charged today; the first billing date is after the trial', async () => {
    const { token } = value(await vault('fake-valid-visa-nonce'));
    const subscription = value(
      await sandbox().createSubscription({ ...plan(), paymentMethodToken: token, priceCents: 7999, trialDurationDays: 7 }),
    );
    expect(subscription).toMatchObject({
      status: 'Active',
      priceCents: 7999,
      trialDurationDays: 7,
      firstBillingDate: new Date('2025-03-17T15:00:00Z'),
      nextBillingDate: new Date('2025-03-17T15:00:00Z'),
      transaction: null,
    });
  });

  test('without a trial the first period is charged at once and the next date is a period later', async () => {
    const { token } = value(await vault('fake-valid-visa-nonce'));
    const subscription = value(
      await sandbox().createSubscription({ ...plan(), paymentMethodToken: token, priceCents: 7999, trialDurationDays: 0 }),
    );
    expect(subscription).toMatchObject({ status: 'Active', firstBillingDate: NOW, nextBillingDate: new Date('2026-03-10T15:00:00Z') });
    expect(subscription.transaction).toMatchObject({
      amountCents: 7999,
      status: 'settled',
      processorResponseCode: '1000',
      processorResponseText: 'Approved',
      createdAt: NOW,
    });
  });

  test('a first charge of 2001.00 is declined with 2001 Insufficient Funds and no subscription is made; 3000.xx fails', async () => {
    const { token } = value(await vault('fake-valid-visa-nonce'));
    expect(await sandbox().createSubscription({ ...plan(), paymentMethodToken: token, priceCents: 200_100, trialDurationDays: 0 })).toEqual(
      {
        ok: false,
        failure: { kind: 'processorDeclined', code: '2001', text: 'Insufficient Funds' },
      },
    );
    expect(await sandbox().createSubscription({ ...plan(), paymentMethodToken: token, priceCents: 300_050, trialDurationDays: 0 })).toEqual(
      {
        ok: false,
        failure: { kind: 'failed', code: '3000', text: 'Processor Network Unavailable - Try Again' },
      },
    );
    const made = await t.db.selectFrom('sandbox_subscriptions').select('id').where('payment_method_token', '=', token).execute();
    expect(made).toEqual([]);
  });

  test('a one-off sale follows the amount rules', async () => {
    const { token } = value(await vault('fake-paypal-billing-agreement-nonce'));
    const sale = value(await sandbox().sale({ paymentMethodToken: token, amountCents: 14_999, orderId: 'order-1', now: NOW }));
    expect(sale).toMatchObject({ amountCents: 14_999, status: 'settled', createdAt: NOW });
    expect(sale.id).toMatch(/^sbx_txn_/);
    expect(await sandbox().sale({ paymentMethodToken: token, amountCents: 200_400, orderId: 'order-2', now: NOW })).toEqual({
      ok: false,
      failure: { kind: 'processorDeclined', code: '2004', text: 'Expired Card' },
    });
    expect(await sandbox().sale({ paymentMethodToken: 'no-such-token', amountCents: 100, orderId: 'order-3', now: NOW })).toMatchObject({
      ok: false,
      failure: { kind: 'validation', code: '91518' },
    });
  });

  test('update changes plan, price and payment method (of the same customer only); cancel stops it for good', async () => {
    const id = await customer();
    const visa = value(await vault('fake-valid-visa-nonce', id));
    const paypal = value(await vault('fake-paypal-billing-agreement-nonce', id));
    const stranger = value(await vault('fake-valid-visa-nonce'));
    const created = value(
      await sandbox().createSubscription({ ...plan(), paymentMethodToken: visa.token, priceCents: 7999, trialDurationDays: 7 }),
    );

    const updated = value(
      await sandbox().updateSubscription({
        subscriptionId: created.id,
        planId: 'codeling_premium',
        priceCents: 11_999,
        paymentMethodToken: paypal.token,
        now: NOW,
      }),
    );
    expect(updated).toMatchObject({ id: created.id, status: 'Active', priceCents: 11_999, nextBillingDate: created.nextBillingDate });
    const row = await t.db.selectFrom('sandbox_subscriptions').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ plan_id: 'codeling_premium', payment_method_token: paypal.token });
    expect(await sandbox().updateSubscription({ subscriptionId: created.id, paymentMethodToken: stranger.token, now: NOW })).toMatchObject({
      ok: false,
      failure: { kind: 'validation', code: '91903' },
    });

    const canceled = value(await sandbox().cancelSubscription({ subscriptionId: created.id, now: NOW }));
    expect(canceled).toMatchObject({ status: 'Canceled', nextBillingDate: created.nextBillingDate });
    expect(await sandbox().cancelSubscription({ subscriptionId: created.id, now: NOW })).toMatchObject({
      ok: false,
      failure: { kind: 'validation', code: '81905' },
    });
    expect(await sandbox().updateSubscription({ subscriptionId: created.id, priceCents: 100, now: NOW })).toMatchObject({
      ok: false,
      failure: { kind: 'validation', code: '81901' },
    });
    expect(await sandbox().cancelSubscription({ subscriptionId: 'sbx_sub_missing', now: NOW })).toMatchObject({
      ok: false,
      failure: { kind: 'validation', code: 'notFound' },
    });
  });

  test(
    'reconciliation’s questions: a subscription found by our id (a second one with it is refused, ' +
      '81902), a sale by its order id; a charge reversed once',
    async () => {
      const { token } = value(await vault('fake-valid-visa-nonce'));
      const request = { ...plan(), paymentMethodToken: token, priceCents: 1999, trialDurationDays: 0 };
      const created = value(await sandbox().createSubscription(request));
      expect(created.id).toBe(request.id);
      expect(await sandbox().createSubscription(request)).toEqual({
        ok: false,
        failure: { kind: 'validation', code: '81902', message: 'ID has already been taken.' },
      });
      expect(await sandbox().findSubscription(request.id, NOW)).toMatchObject({
        id: request.id,
        status: 'Active',
        transaction: { id: created.transaction!.id, amountCents: 1999, status: 'settled' },
      });
      expect(await sandbox().findSubscription('sbx_sub_missing', NOW)).toBeNull();

      const sale = value(await sandbox().sale({ paymentMethodToken: token, amountCents: 500, orderId: 'order-found', now: NOW }));
      expect(await sandbox().findSale('order-found')).toEqual(sale);
      expect(await sandbox().findSale('order-never')).toBeNull();
      expect(value(await sandbox().reverseSale({ transactionId: sale.id, now: NOW }))).toMatchObject({ id: sale.id, status: 'refunded' });
      expect(value(await sandbox().reverseSale({ transactionId: sale.id, now: NOW }))).toMatchObject({ status: 'refunded' });
      expect(await sandbox().findSale('order-found')).toMatchObject({ status: 'refunded' });

      expect(await sandbox().sale({ paymentMethodToken: token, amountCents: 200_100, orderId: 'order-declined', now: NOW })).toMatchObject({
        ok: false,
      });
      expect(await sandbox().findSale('order-declined')).toMatchObject({ status: 'declined', processorResponseCode: '2001' });
      expect(await sandbox().reverseSale({ transactionId: (await sandbox().findSale('order-declined'))!.id, now: NOW })).toMatchObject({
        ok: false,
        failure: { kind: 'validation', code: '91506' },
      });
    },
  );

  test('an unknown payment method token cannot subscribe', async () => {
    expect(
      await sandbox().createSubscription({ ...plan(), paymentMethodToken: 'nope', priceCents: 999, trialDurationDays: 7 }),
    ).toMatchObject({ ok: false, failure: { kind: 'validation', code: '91903' } });
  });
});

describe('client token and choice of gateway', () => {
  test('the client token is base64 JSON that says it is the sandbox', async () => {
    const token = await sandbox().clientToken({ customerId: 'sbx_cus_1' });
    expect(JSON.parse(Buffer.from(token, 'base64').toString('utf8'))).toEqual({
      gateway: 'sandbox',
      version: 1,
      customerId: 'sbx_cus_1',
      issuedAt: NOW.toISOString(),
    });
    expect(decodeSandboxClientToken(await sandbox().clientToken({}))).toMatchObject({ gateway: 'sandbox', customerId: null });
  });

  test('createPaymentGateway: sandbox by kind; braintree needs its credentials', () => {
    expect(createPaymentGateway({ kind: 'sandbox', db: t.db }).name).toBe('sandbox');
    expect(() => createPaymentGateway({ kind: 'braintree', db: t.db })).toThrow(/BRAINTREE_MERCHANT_ID/);
    expect(
      createPaymentGateway({
        kind: 'braintree',
        db: t.db,
        braintree: { environment: 'sandbox', merchantId: 'm', publicKey: 'pub', privateKey: 'priv' },
      }).name,
    ).toBe('braintree');
  });

  test('the sandbox answers no webhooks', async () => {
    expect(await sandbox().parseWebhook({ signature: 'x|y', payload: 'eA==' })).toBeNull();
  });
});
