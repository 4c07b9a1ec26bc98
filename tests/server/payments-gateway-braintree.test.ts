/**
 * The Braintree gateway: the official SDK against a local server that answers like Braintree
 * (tests/server/fakeBraintree.ts). Asserted: what the SDK sends (paths, options such as
 * verify_card and fail_on_duplicate_payment_method, amounts as dollars) and what the gateway
 * answers its callers (success, processor declined, gateway rejected, duplicate, card type not
 * accepted, not found). Then the webhook route with notifications signed by the SDK's own
 * webhookTesting, the environment variables, and /api/client-config following the gateway.
 */

import braintree from 'braintree';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildServer } from '../../src/server/app.ts';
import { importCatalog } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { ConfigError, readPaymentsEnv, readServerEnv } from '../../src/server/config.ts';
import { newId } from '../../src/server/db/ids.ts';
import { createBraintreeGateway } from '../../src/server/payments/braintree/gateway.ts';
import type { PaymentGateway } from '../../src/server/payments/gateway.ts';
import { braintreeWebhookRoutes } from '../../src/server/payments/webhook.ts';
import { useTestDatabase } from './db.ts';
import { CREDENTIALS, type FakeBraintree, MERCHANT_ID, startFakeBraintree, xml } from './fakeBraintree.ts';
import { startFakeBraintreeGateway } from './fakeBraintreeGateway.ts';

const NOW = new Date('2025-03-10T15:00:00Z');
const base = `/merchants/${MERCHANT_ID}`;
let fake: FakeBraintree;
let gateway: PaymentGateway;

beforeAll(async () => {
  fake = await startFakeBraintree();
  gateway = createBraintreeGateway({ credentials: CREDENTIALS, endpoint: { host: fake.host, port: fake.port } });
});
afterAll(() => fake?.close());

const lastRequest = () => fake.requests.at(-1)!;

describe('reconciliation through the SDK (a fake Braintree that remembers)', () => {
  test(
    'a subscription made under our id is found by it, ' +
      'and a second one with it is refused (81902); a sale is found by its order id and voided once',
    async () => {
      const remembering = await startFakeBraintreeGateway({ delayMs: 0 });
      try {
        const bt = createBraintreeGateway({ credentials: CREDENTIALS, endpoint: { host: '127.0.0.1', port: remembering.port } });
        const request = {
          id: 'intent_abc',
          paymentMethodToken: 'tok_visa',
          planId: 'codeling_monthly_999',
          priceCents: 999,
          trialDurationDays: 0,
          billingFrequencyMonths: 1,
          now: NOW,
        };
        const created = await bt.createSubscription(request);
        expect(created).toMatchObject({
          ok: true,
          value: { id: 'intent_abc', status: 'Active', transaction: { amountCents: 999, status: 'settled' } },
        });
        expect(await bt.createSubscription(request)).toMatchObject({ ok: false, failure: { kind: 'validation', code: '81902' } });
        expect(await bt.findSubscription('intent_abc', NOW)).toMatchObject({
          id: 'intent_abc',
          status: 'Active',
          transaction: { amountCents: 999, status: 'settled' },
        });
        expect(await bt.findSubscription('intent_none', NOW)).toBeNull();

        const sale = await bt.sale({ paymentMethodToken: 'tok_visa', amountCents: 14_999, orderId: 'intent_sale', now: NOW });
        expect(sale.ok).toBe(true);
        expect(await bt.findSale('intent_sale')).toMatchObject({ amountCents: 14_999, status: 'settled' });
        expect(await bt.findSale('intent_never')).toBeNull();
        const saleId = (await bt.findSale('intent_sale'))!.id;
        expect(await bt.reverseSale({ transactionId: saleId, now: NOW })).toMatchObject({
          ok: true,
          value: { id: saleId, status: 'voided' },
        });
        expect(await bt.reverseSale({ transactionId: saleId, now: NOW })).toMatchObject({ ok: true, value: { status: 'voided' } });
        expect(await bt.findSale('intent_sale')).toMatchObject({ status: 'voided' });
        expect(await bt.reverseSale({ transactionId: 'txn_missing', now: NOW })).toMatchObject({
          ok: false,
          failure: { kind: 'validation', code: 'notFound' },
        });
      } finally {
        await remembering.close();
      }
    },
  );

  test('a charge already settling is refunded, and a refunded one is answered as it is', async () => {
    fake.answer('GET', `${base}/transactions/txn_settled`, {
      status: 200,
      xml: xml.transaction({ id: 'txn_settled', status: 'settled', amount: '79.99' }),
    });
    fake.answer('POST', `${base}/transactions/txn_settled/refund`, {
      status: 201,
      xml: xml.transaction({ id: 'txn_refund', status: 'submitted_for_settlement', amount: '79.99' }),
    });
    expect(await gateway.reverseSale({ transactionId: 'txn_settled', now: NOW })).toMatchObject({
      ok: true,
      value: { id: 'txn_settled', status: 'refunded' },
    });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `${base}/transactions/txn_settled/refund` });
    fake.answer('GET', `${base}/transactions/txn_refunded`, {
      status: 200,
      xml: xml
        .transaction({ id: 'txn_refunded', status: 'settled', amount: '79.99' })
        .replace('</transaction>', '<refund-ids type="array"><item>txn_r</item></refund-ids></transaction>'),
    });
    expect(await gateway.reverseSale({ transactionId: 'txn_refunded', now: NOW })).toMatchObject({
      ok: true,
      value: { status: 'refunded' },
    });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `${base}/transactions/txn_refunded` });
  });
});

describe('calls through the SDK', () => {
  test('createCustomer and clientToken: paths, the merchant credentials, the answers', async () => {
    fake.answer('POST', `${base}/customers`, { status: 201, xml: xml.customer('81234567', 'pat@example.com') });
    expect(await gateway.createCustomer({ email: 'pat@example.com', firstName: 'Pat', lastName: null })).toEqual({
      customerId: '81234567',
    });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: `${base}/customers`,
      body: { customer: { email: 'pat@example.com', first_name: 'Pat' } },
    });
    expect(lastRequest().authorization).toBe(`Basic ${Buffer.from('test_public_key:test_private_key').toString('base64')}`);

    fake.answer('POST', `${base}/client_token`, { status: 201, xml: xml.clientToken('eyJ2ZXJzaW9uIjoyfQ==') });
    expect(await gateway.clientToken({ customerId: '81234567' })).toBe('eyJ2ZXJzaW9uIjoyfQ==');
    expect(lastRequest().body).toEqual({ client_token: { customer_id: '81234567', version: 2 } });
  });

  test('vaulting verifies the card and refuses duplicates; a card comes back with type, last four and expiry', async () => {
    fake.answer('POST', `${base}/payment_methods`, {
      status: 201,
      xml: xml.creditCard({ token: 'tok_visa', cardType: 'Visa', last4: '1881', month: '12', year: '2028' }),
    });
    const result = await gateway.vaultPaymentMethod({
      customerId: '81234567',
      nonce: 'fake-valid-visa-nonce',
      makeDefault: true,
      failOnDuplicate: true,
    });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: `${base}/payment_methods`,
      body: {
        payment_method: {
          customer_id: '81234567',
          payment_method_nonce: 'fake-valid-visa-nonce',
          options: { verify_card: true, fail_on_duplicate_payment_method: true, make_default: true },
        },
      },
    });
    expect(result).toEqual({
      ok: true,
      value: {
        token: 'tok_visa',
        paymentType: 'card',
        cardType: 'Visa',
        last4: '1881',
        expirationMonth: 12,
        expirationYear: 2028,
        paypalEmail: null,
        uniqueNumberIdentifier: null,
      },
    });

    fake.answer('POST', `${base}/payment_methods`, {
      status: 201,
      xml: xml.paypalAccount({ token: 'tok_pp', email: 'payer@example.com' }),
    });
    expect(
      await gateway.vaultPaymentMethod({
        customerId: '81234567',
        nonce: 'fake-paypal-billing-agreement-nonce',
        makeDefault: false,
        failOnDuplicate: false,
      }),
    ).toEqual({
      ok: true,
      value: {
        token: 'tok_pp',
        paymentType: 'PayPal',
        cardType: null,
        last4: null,
        expirationMonth: null,
        expirationYear: null,
        paypalEmail: 'payer@example.com',
        uniqueNumberIdentifier: null,
      },
    });
    expect(lastRequest().body?.payment_method?.options).toEqual({
      verify_card: true,
      fail_on_duplicate_payment_method: false,
      make_default: false,
    });
  });

  test('a card the bank declines at verification: processor declined 2000 with its text', async () => {
    fake.answer('POST', `${base}/payment_methods`, {
      status: 422,
      xml: xml.error({
        message: 'Do Not Honor',
        verification: xml.verification({ status: 'processor_declined', code: '2000', text: 'Do Not Honor' }),
      }),
    });
    expect(
      await gateway.vaultPaymentMethod({
        customerId: '81234567',
        nonce: 'fake-processor-declined-visa-nonce',
        makeDefault: true,
        failOnDuplicate: true,
      }),
    ).toEqual({
      ok: false,
      failure: { kind: 'processorDeclined', code: '2000', text: 'Do Not Honor' },
    });
  });

  test(
    'vaulted without verification, a card answers its uniqueNumberIdentifier; verifyPaymentMethod verifies a nonce of it, ' +
      'and a decline comes back as vaulting answers it',
    async () => {
      fake.answer('POST', `${base}/payment_methods`, {
        status: 201,
        xml: xml.creditCard({
          token: 'tok_unverified',
          cardType: 'Visa',
          last4: '1115',
          month: '12',
          year: '2030',
          uniqueNumberIdentifier: 'a2d4e3f1b0c9d8e7f6a5b4c3d2e1f0a9',
        }),
      });
      const vaulted = await gateway.vaultPaymentMethod({
        customerId: '81234567',
        nonce: 'nonce-from-hosted-fields',
        makeDefault: true,
        failOnDuplicate: false,
        verifyCard: false,
      });
      expect(lastRequest().body?.payment_method?.options).toEqual({
        verify_card: false,
        fail_on_duplicate_payment_method: false,
        make_default: true,
      });
      expect(vaulted).toMatchObject({
        ok: true,
        value: { token: 'tok_unverified', last4: '1115', uniqueNumberIdentifier: 'a2d4e3f1b0c9d8e7f6a5b4c3d2e1f0a9' },
      });

      fake.answer('POST', `${base}/payment_methods/tok_unverified/nonces`, {
        status: 201,
        xml: xml.paymentMethodNonce('nonce-of-vaulted'),
      });
      fake.answer('POST', `${base}/verifications`, {
        status: 422,
        xml: xml.error({
          message: 'Do Not Honor',
          verification: xml.verification({ status: 'processor_declined', code: '2000', text: 'Do Not Honor' }),
        }),
      });
      expect(await gateway.verifyPaymentMethod({ token: 'tok_unverified' })).toEqual({
        ok: false,
        failure: { kind: 'processorDeclined', code: '2000', text: 'Do Not Honor' },
      });
      expect(fake.requests.slice(-2).map((r) => [r.method, r.path, r.body])).toEqual([
        ['POST', `${base}/payment_methods/tok_unverified/nonces`, null],
        ['POST', `${base}/verifications`, { verification: { payment_method_nonce: 'nonce-of-vaulted' } }],
      ]);

      fake.answer('POST', `${base}/payment_methods/tok_good/nonces`, { status: 201, xml: xml.paymentMethodNonce('nonce-of-good') });
      fake.answer('POST', `${base}/verifications`, {
        status: 201,
        xml: xml.verification({ status: 'verified', code: '1000', text: 'Approved' }),
      });
      expect(await gateway.verifyPaymentMethod({ token: 'tok_good' })).toEqual({ ok: true, value: null });
      fake.answer('POST', `${base}/payment_methods/tok_gone/nonces`, { status: 404, xml: '' });
      expect(await gateway.verifyPaymentMethod({ token: 'tok_gone' })).toMatchObject({
        ok: false,
        failure: { kind: 'validation', code: 'notFound' },
      });
    },
  );

  test('gateway rejected for the security code: reason cvv', async () => {
    fake.answer('POST', `${base}/payment_methods`, {
      status: 422,
      xml: xml.error({
        message: 'Gateway Rejected: cvv',
        verification: xml.verification({ status: 'gateway_rejected', rejection: 'cvv' }),
      }),
    });
    expect(
      await gateway.vaultPaymentMethod({
        customerId: '81234567',
        nonce: 'nonce-from-hosted-fields',
        makeDefault: true,
        failOnDuplicate: true,
      }),
    ).toEqual({ ok: false, failure: { kind: 'gatewayRejected', reason: 'cvv' } });
  });

  test(
    'a duplicate card (81724) is answered as gateway rejected duplicate; ' +
      'an unaccepted card type (81703) as such; other errors as validation',
    async () => {
      fake.answer('POST', `${base}/payment_methods`, {
        status: 422,
        xml: xml.error({
          message: 'Duplicate card exists in the vault.',
          errors: [{ on: 'credit-card', code: '81724', attribute: 'number', message: 'Duplicate card exists in the vault.' }],
        }),
      });
      expect(
        await gateway.vaultPaymentMethod({
          customerId: '81234567',
          nonce: 'fake-valid-visa-nonce',
          makeDefault: true,
          failOnDuplicate: true,
        }),
      ).toEqual({ ok: false, failure: { kind: 'gatewayRejected', reason: 'duplicate' } });

      fake.answer('POST', `${base}/payment_methods`, {
        status: 422,
        xml: xml.error({
          message: 'Credit card type is not accepted by this merchant account.',
          errors: [
            {
              on: 'credit-card',
              code: '81703',
              attribute: 'number',
              message: 'Credit card type is not accepted by this merchant account.',
            },
          ],
        }),
      });
      expect(
        await gateway.vaultPaymentMethod({
          customerId: '81234567',
          nonce: 'fake-valid-maestro-nonce',
          makeDefault: true,
          failOnDuplicate: true,
        }),
      ).toMatchObject({ ok: false, failure: { kind: 'cardTypeNotAccepted' } });

      fake.answer('POST', `${base}/payment_methods`, {
        status: 422,
        xml: xml.error({
          message: 'Cannot use a payment_method_nonce more than once.',
          errors: [
            {
              on: 'payment-method',
              code: '91564',
              attribute: 'payment_method_nonce',
              message: 'Cannot use a payment_method_nonce more than once.',
            },
          ],
        }),
      });
      expect(
        await gateway.vaultPaymentMethod({
          customerId: '81234567',
          nonce: 'fake-consumed-nonce',
          makeDefault: true,
          failOnDuplicate: true,
        }),
      ).toEqual({
        ok: false,
        failure: { kind: 'validation', code: '91564', message: 'Cannot use a payment_method_nonce more than once.' },
      });
    },
  );

  test(
    'createSubscription sends the plan, our price and our trial; ' + 'with a trial no transaction, without one the first charge',
    async () => {
      fake.answer('POST', `${base}/subscriptions`, {
        status: 201,
        xml: xml.subscription({ id: 'sub_trial', status: 'Active', price: '79.99', trialDays: 7, first: '2025-03-17', next: '2025-03-17' }),
      });
      const trial = await gateway.createSubscription({
        id: 'sub_trial',
        paymentMethodToken: 'tok_visa',
        planId: 'codeling_annual_7999',
        priceCents: 7999,
        trialDurationDays: 7,
        billingFrequencyMonths: 12,
        now: NOW,
      });
      expect(lastRequest()).toMatchObject({
        path: `${base}/subscriptions`,
        body: {
          subscription: {
            id: 'sub_trial',
            payment_method_token: 'tok_visa',
            plan_id: 'codeling_annual_7999',
            price: '79.99',
            trial_period: true,
            trial_duration: 7,
            trial_duration_unit: 'day',
          },
        },
      });
      expect(trial).toEqual({
        ok: true,
        value: {
          id: 'sub_trial',
          status: 'Active',
          priceCents: 7999,
          trialDurationDays: 7,
          firstBillingDate: new Date('2025-03-17T00:00:00Z'),
          nextBillingDate: new Date('2025-03-17T00:00:00Z'),
          transaction: null,
        },
      });

      fake.answer('POST', `${base}/subscriptions`, {
        status: 201,
        xml: xml.subscription({
          id: 'sub_now',
          status: 'Active',
          price: '9.99',
          first: '2025-03-10',
          next: '2025-04-10',
          transactions: [xml.transaction({ id: 'txn_first', status: 'submitted_for_settlement', amount: '9.99' })],
        }),
      });
      const charged = await gateway.createSubscription({
        id: 'sub_now',
        paymentMethodToken: 'tok_visa',
        planId: 'codeling_monthly_999',
        priceCents: 999,
        trialDurationDays: 0,
        billingFrequencyMonths: 1,
        now: NOW,
      });
      expect(lastRequest().body?.subscription).toEqual({
        id: 'sub_now',
        payment_method_token: 'tok_visa',
        plan_id: 'codeling_monthly_999',
        price: '9.99',
        trial_period: false,
      });
      expect(charged).toMatchObject({
        ok: true,
        value: {
          id: 'sub_now',
          nextBillingDate: new Date('2025-04-10T00:00:00Z'),
          transaction: { id: 'txn_first', amountCents: 999, status: 'settled', processorResponseCode: '1000', createdAt: NOW },
        },
      });
    },
  );

  test('a first charge the bank declines fails the subscription with the processor code', async () => {
    fake.answer('POST', `${base}/subscriptions`, {
      status: 422,
      xml: xml.error({
        message: 'Insufficient Funds',
        transaction: xml.transaction({
          id: 'txn_declined',
          status: 'processor_declined',
          amount: '2001.00',
          code: '2001',
          text: 'Insufficient Funds',
        }),
      }),
    });
    expect(
      await gateway.createSubscription({
        id: 'sub_declined',
        paymentMethodToken: 'tok_visa',
        planId: 'codeling_annual_7999',
        priceCents: 200_100,
        trialDurationDays: 0,
        billingFrequencyMonths: 12,
        now: NOW,
      }),
    ).toEqual({
      ok: false,
      failure: { kind: 'processorDeclined', code: '2001', text: 'Insufficient Funds' },
    });
    expect(lastRequest().body?.subscription?.price).toBe('2001.00');
  });

  test('update and cancel: the subscription paths; an unknown subscription is a refusal, not an outage', async () => {
    fake.answer('PUT', `${base}/subscriptions/sub_now`, {
      status: 200,
      xml: xml.subscription({ id: 'sub_now', status: 'Active', price: '119.99', first: '2025-03-10', next: '2025-04-10' }),
    });
    expect(
      await gateway.updateSubscription({
        subscriptionId: 'sub_now',
        planId: 'codeling_premium',
        priceCents: 11_999,
        paymentMethodToken: 'tok_pp',
        now: NOW,
      }),
    ).toMatchObject({
      ok: true,
      value: { id: 'sub_now', priceCents: 11_999 },
    });
    expect(lastRequest()).toMatchObject({
      method: 'PUT',
      body: { subscription: { plan_id: 'codeling_premium', price: '119.99', payment_method_token: 'tok_pp' } },
    });

    fake.answer('PUT', `${base}/subscriptions/sub_now/cancel`, {
      status: 200,
      xml: xml.subscription({ id: 'sub_now', status: 'Canceled', price: '119.99', first: '2025-03-10', next: '2025-04-10' }),
    });
    expect(await gateway.cancelSubscription({ subscriptionId: 'sub_now', now: NOW })).toMatchObject({
      ok: true,
      value: { status: 'Canceled', nextBillingDate: new Date('2025-04-10T00:00:00Z') },
    });

    fake.answer('PUT', `${base}/subscriptions/sub_missing/cancel`, { status: 404, xml: '<error/>' });
    expect(await gateway.cancelSubscription({ subscriptionId: 'sub_missing', now: NOW })).toMatchObject({
      ok: false,
      failure: { kind: 'validation', code: 'notFound' },
    });

    fake.answer('PUT', `${base}/subscriptions/sub_past/cancel`, {
      status: 422,
      xml: xml.error({
        message: 'Subscription has already been canceled.',
        errors: [{ on: 'subscription', code: '81905', attribute: 'status', message: 'Subscription has already been canceled.' }],
      }),
    });
    expect(await gateway.cancelSubscription({ subscriptionId: 'sub_past', now: NOW })).toEqual({
      ok: false,
      failure: { kind: 'validation', code: '81905', message: 'Subscription has already been canceled.' },
    });
  });

  test('sale submits for settlement; gateway rejected (cvv) and processor declined come back as refusals', async () => {
    fake.answer('POST', `${base}/transactions`, {
      status: 201,
      xml: xml.transaction({ id: 'txn_sale', status: 'submitted_for_settlement', amount: '149.99' }),
    });
    expect(await gateway.sale({ paymentMethodToken: 'tok_visa', amountCents: 14_999, orderId: 'order-1', now: NOW })).toEqual({
      ok: true,
      value: {
        id: 'txn_sale',
        amountCents: 14_999,
        status: 'settled',
        processorResponseCode: '1000',
        processorResponseText: 'Approved',
        createdAt: NOW,
      },
    });
    expect(lastRequest().body).toEqual({
      transaction: {
        amount: '149.99',
        payment_method_token: 'tok_visa',
        order_id: 'order-1',
        options: { submit_for_settlement: true },
        type: 'sale',
      },
    });

    fake.answer('POST', `${base}/transactions`, {
      status: 422,
      xml: xml.error({
        message: 'Gateway Rejected: cvv',
        transaction: xml.transaction({ id: 'txn_cvv', status: 'gateway_rejected', amount: '10.00', code: '', text: '', rejection: 'cvv' }),
      }),
    });
    expect(await gateway.sale({ paymentMethodToken: 'tok_visa', amountCents: 1000, orderId: 'order-2', now: NOW })).toEqual({
      ok: false,
      failure: { kind: 'gatewayRejected', reason: 'cvv' },
    });

    fake.answer('POST', `${base}/transactions`, {
      status: 422,
      xml: xml.error({
        message: 'Do Not Honor',
        transaction: xml.transaction({
          id: 'txn_2000',
          status: 'processor_declined',
          amount: '2000.00',
          code: '2000',
          text: 'Do Not Honor',
        }),
      }),
    });
    expect(await gateway.sale({ paymentMethodToken: 'tok_visa', amountCents: 200_000, orderId: 'order-3', now: NOW })).toEqual({
      ok: false,
      failure: { kind: 'processorDeclined', code: '2000', text: 'Do Not Honor' },
    });
  });

  test('an outage (Braintree answers 500) is thrown, not answered as a refusal', async () => {
    fake.answer('POST', `${base}/transactions`, { status: 500, xml: '<error/>' });
    await expect(gateway.sale({ paymentMethodToken: 'tok_visa', amountCents: 1000, orderId: 'order-4', now: NOW })).rejects.toThrow();
  });
});

describe('webhooks', () => {
  const t = useTestDatabase();
  let app: FastifyInstance;
  const sdk = new braintree.BraintreeGateway({
    environment: braintree.Environment.Sandbox,
    merchantId: MERCHANT_ID,
    publicKey: CREDENTIALS.publicKey,
    privateKey: CREDENTIALS.privateKey,
  });
  const sample = async (kind: string, id: string) =>
    (await sdk.webhookTesting.sampleNotification(kind as never, id)) as unknown as { bt_signature: string; bt_payload: string };
  const post = (form: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/webhooks/braintree',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  beforeAll(async () => {
    await importCatalog(t.db, readCatalog('funnels'));
    app = Fastify();
    await app.register(async (api) => api.register(braintreeWebhookRoutes, { db: t.db, gateway, now: () => NOW }), { prefix: '/api' });
  });
  afterAll(() => app?.close());

  async function subscriber(gatewaySubscriptionId: string) {
    const userId = newId();
    const subscriptionId = newId();
    await t.db
      .insertInto('users')
      .values({ id: userId, email: `parent-${userId.toLowerCase()}@example.com`, password_hash: 'x', signup: '{}' })
      .execute();
    await t.db
      .insertInto('subscriptions')
      .values({
        id: subscriptionId,
        user_id: userId,
        web_offer_id: 'monthly',
        product: 'app',
        status: 'Active',
        price_cents: 4999,
        first_billing_date: new Date('2025-03-01T00:00:00Z'),
        next_billing_date: new Date('2025-04-01T00:00:00Z'),
        term_expires_at: new Date('2025-04-01T00:00:00Z'),
        source: 'purchase',
        gateway_subscription_id: gatewaySubscriptionId,
      })
      .execute();
    return subscriptionId;
  }

  test(
    'a signed "charged successfully" is recorded once: a payment row, ' + 'the plan Active; the same delivery again changes nothing',
    async () => {
      const subscriptionId = await subscriber('bt_sub_paid');
      const form = await sample('subscription_charged_successfully', 'bt_sub_paid');
      const response = await post(form);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: 'subscriptionChargedSuccessfully', changed: true });
      const payments = await t.db.selectFrom('payments').selectAll().where('subscription_id', '=', subscriptionId).execute();
      expect(payments).toEqual([
        expect.objectContaining({
          amount_cents: 4999,
          status: 'settled',
          description: 'Monthly Plan',
          gateway_transaction_id: 'bt_sub_paid',
        }),
      ]);

      const again = await post(form);
      expect(again.json()).toEqual({ received: 'subscriptionChargedSuccessfully', changed: false });
      expect(await t.db.selectFrom('payments').select('id').where('subscription_id', '=', subscriptionId).execute()).toHaveLength(1);
    },
  );

  test('"charged unsuccessfully" makes the plan PastDue; "canceled" cancels it', async () => {
    const subscriptionId = await subscriber('bt_sub_failing');
    expect((await post(await sample('subscription_charged_unsuccessfully', 'bt_sub_failing'))).statusCode).toBe(200);
    expect(await t.db.selectFrom('subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirstOrThrow()).toMatchObject({
      status: 'PastDue',
    });
    expect(await t.db.selectFrom('payments').selectAll().where('subscription_id', '=', subscriptionId).execute()).toEqual([
      expect.objectContaining({ status: 'failed', amount_cents: 4999 }),
    ]);

    expect((await post(await sample('subscription_canceled', 'bt_sub_failing'))).json()).toEqual({
      received: 'subscriptionCanceled',
      changed: true,
    });
    expect(await t.db.selectFrom('subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirstOrThrow()).toMatchObject({
      status: 'Canceled',
      canceled_at: NOW,
    });
  });

  test('a bad signature is refused with 403 and changes nothing; a form without the fields is 400', async () => {
    const subscriptionId = await subscriber('bt_sub_forged');
    const form = await sample('subscription_canceled', 'bt_sub_forged');
    const forged = await post({ ...form, bt_signature: `${CREDENTIALS.publicKey}|${'0'.repeat(40)}` });
    expect(forged.statusCode).toBe(403);
    const otherKey = await post({ ...form, bt_signature: form.bt_signature.replace(CREDENTIALS.publicKey, 'someone_else') });
    expect(otherKey.statusCode).toBe(403);
    expect(await t.db.selectFrom('subscriptions').select('status').where('id', '=', subscriptionId).executeTakeFirstOrThrow()).toEqual({
      status: 'Active',
    });
    expect((await post({ bt_payload: form.bt_payload })).statusCode).toBe(400);
  });

  test('a notification we do not act on is acknowledged', async () => {
    const response = await post(await sample('check', 'x'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: 'ignored', changed: false });
  });
});

describe('configuration', () => {
  const t = useTestDatabase();
  const sdk = new braintree.BraintreeGateway({
    environment: braintree.Environment.Sandbox,
    merchantId: MERCHANT_ID,
    publicKey: CREDENTIALS.publicKey,
    privateKey: CREDENTIALS.privateKey,
  });

  test('PAYMENT_GATEWAY: sandbox by default; braintree needs its three credentials, said clearly', () => {
    expect(readPaymentsEnv({})).toEqual({ kind: 'sandbox' });
    expect(
      readPaymentsEnv({
        PAYMENT_GATEWAY: 'braintree',
        BRAINTREE_MERCHANT_ID: 'm',
        BRAINTREE_PUBLIC_KEY: 'pub',
        BRAINTREE_PRIVATE_KEY: 'priv',
      }),
    ).toEqual({
      kind: 'braintree',
      braintree: { environment: 'sandbox', merchantId: 'm', publicKey: 'pub', privateKey: 'priv' },
    });
    expect(() => readPaymentsEnv({ PAYMENT_GATEWAY: 'braintree', BRAINTREE_MERCHANT_ID: 'm' })).toThrow(
      new ConfigError(
        'PAYMENT_GATEWAY=braintree needs BRAINTREE_PUBLIC_KEY, BRAINTREE_PRIVATE_KEY ' +
          '(the API keys of the Braintree control panel: Settings → API). Or set PAYMENT_GATEWAY=sandbox.',
      ),
    );
    expect(() => readPaymentsEnv({ PAYMENT_GATEWAY: 'stripe' })).toThrow(
      /PAYMENT_GATEWAY must be 'sandbox' or 'braintree'; it is 'stripe'/,
    );
    expect(() =>
      readPaymentsEnv({
        PAYMENT_GATEWAY: 'braintree',
        BRAINTREE_ENVIRONMENT: 'live',
        BRAINTREE_MERCHANT_ID: 'm',
        BRAINTREE_PUBLIC_KEY: 'p',
        BRAINTREE_PRIVATE_KEY: 'k',
      }),
    ).toThrow(/BRAINTREE_ENVIRONMENT/);
    expect(() => readPaymentsEnv({ PAYMENT_ADAPTER: 'braintree' })).toThrow(
      /PAYMENT_ADAPTER=braintree contradicts PAYMENT_GATEWAY=sandbox/,
    );
    expect(() => readServerEnv({ PAYMENT_GATEWAY: 'braintree' }, '/tmp')).toThrow(ConfigError);
  });

  test('/api/client-config names the browser adapter of the gateway, and the webhook route is mounted', async () => {
    for (const [paymentGateway, adapter] of [
      [{ kind: 'sandbox' as const }, 'sandbox'],
      [{ kind: 'braintree' as const, braintree: CREDENTIALS }, 'braintree'],
    ] as const) {
      const app = await buildServer({ dataDir: '/nonexistent', db: t.db, backend: { paymentGateway, dispatchOutbox: false } });
      try {
        expect((await app.inject({ method: 'GET', url: '/api/client-config' })).json().payments).toEqual({ adapter });
        const unsigned = await app.inject({
          method: 'POST',
          url: '/api/webhooks/braintree',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'bt_signature=a%7Cb&bt_payload=eA%3D%3D',
        });
        expect(unsigned.statusCode).toBe(403);
        // Braintree's "Check URL" notification, signed with the merchant's keys: accepted only by the braintree gateway.
        const check = (await sdk.webhookTesting.sampleNotification('check' as never, 'x')) as unknown as Record<string, string>;
        const signed = await app.inject({
          method: 'POST',
          url: '/api/webhooks/braintree',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(check).toString(),
        });
        expect(signed.statusCode).toBe(adapter === 'braintree' ? 200 : 403);
      } finally {
        await app.close();
      }
    }
  });
});
