/**
 * The sandbox's recurring billing and the events it applies to our tables (the same
 * `applyGatewayEvent` Braintree's webhooks go through): charges after a trial, catch-up over
 * several periods, a decline making the plan PastDue, retries, idempotent re-runs, and
 * `npm run billing` against a running server on the embedded database (and on PostgreSQL
 * directly when that is the database of this run).
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { importCatalog } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { newId } from '../../src/server/db/ids.ts';
import type { Database } from '../../src/server/db/types.ts';
import { applyGatewayEvent } from '../../src/server/payments/events.ts';
import type { GatewayResult, PaymentGateway } from '../../src/server/payments/gateway.ts';
import { runSandboxBilling } from '../../src/server/payments/sandbox/billing.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox/gateway.ts';
import { accountStatusesOf } from './accountStatuses.ts';
import { cliEnv, root, runScript, startQuietServer, useCliFolder } from './cliHarness.ts';
import { useTestDatabase } from './db.ts';

const DAY = 86_400_000;

function value<T>(result: GatewayResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.failure)}`);
  return result.value;
}

/**
 * A parent who bought `offerId` at `now` through the sandbox, recorded in our tables the way the
 * purchase call does: customer, payment method, subscription with the gateway's ids.
 */
async function purchase(
  db: Kysely<Database>,
  o: { offerId: string; priceCents: number; trialDays: number; months: number; now: Date; nonce?: string },
) {
  const gateway: PaymentGateway = createSandboxGateway({ db, now: () => o.now });
  const userId = newId();
  const email = `parent-${userId.toLowerCase()}@example.com`;
  await db.insertInto('users').values({ id: userId, email, password_hash: 'x', signup: '{}' }).execute();
  const { customerId: gatewayCustomerId } = await gateway.createCustomer({ email, firstName: 'Pat', lastName: 'Doe' });
  const method = value(
    await gateway.vaultPaymentMethod({
      customerId: gatewayCustomerId,
      nonce: o.nonce ?? 'fake-valid-visa-nonce',
      makeDefault: true,
      failOnDuplicate: false,
    }),
  );
  const sub = value(
    await gateway.createSubscription({
      id: newId(),
      paymentMethodToken: method.token,
      planId: 'plan',
      priceCents: o.priceCents,
      trialDurationDays: o.trialDays,
      billingFrequencyMonths: o.months,
      now: o.now,
    }),
  );
  const customerId = newId();
  const paymentMethodId = newId();
  const subscriptionId = newId();
  await db
    .insertInto('customers')
    .values({ id: customerId, user_id: userId, gateway: 'sandbox', gateway_customer_id: gatewayCustomerId, email })
    .execute();
  await db
    .insertInto('payment_methods')
    .values({
      id: paymentMethodId,
      customer_id: customerId,
      gateway_token: method.token,
      payment_type: method.paymentType,
      card_type: method.cardType,
      last4: method.last4,
      is_default: true,
    })
    .execute();
  await db
    .insertInto('subscriptions')
    .values({
      id: subscriptionId,
      user_id: userId,
      customer_id: customerId,
      web_offer_id: o.offerId,
      product: 'app',
      status: 'Active',
      price_cents: o.priceCents,
      trial_duration_days: o.trialDays,
      first_billing_date: sub.firstBillingDate,
      next_billing_date: sub.nextBillingDate,
      term_expires_at: sub.nextBillingDate,
      source: 'purchase',
      gateway_subscription_id: sub.id,
      payment_method_id: paymentMethodId,
    })
    .execute();
  return { gateway, userId, subscriptionId, gatewaySubscriptionId: sub.id, paymentMethodToken: method.token, gatewayCustomerId };
}

const ours = (db: Kysely<Database>, id: string) =>
  db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const paymentsOf = (db: Kysely<Database>, subscriptionId: string) =>
  db.selectFrom('payments').selectAll().where('subscription_id', '=', subscriptionId).orderBy('created_at').execute();

describe('runSandboxBilling', () => {
  const t = useTestDatabase();
  beforeAll(async () => {
    await importCatalog(t.db, readCatalog(path.join(root, 'funnels')));
  });

  test(
    'a trial subscription is charged after its trial: ' + 'a settled payment, the next date a year on; a re-run charges nothing',
    async () => {
      const now = new Date('2025-01-05T10:00:00Z');
      const bought = await purchase(t.db, { offerId: 'annual', priceCents: 7999, trialDays: 7, months: 12, now });
      const firstBilling = new Date('2025-01-12T10:00:00Z');

      const during = await runSandboxBilling({ db: t.db, at: new Date(firstBilling.getTime() - 1) });
      expect(during.charges.filter((c) => c.gatewaySubscriptionId === bought.gatewaySubscriptionId)).toEqual([]);

      const at = new Date('2025-01-12T12:00:00Z');
      const summary = await runSandboxBilling({ db: t.db, at });
      const charges = summary.charges.filter((c) => c.gatewaySubscriptionId === bought.gatewaySubscriptionId);
      expect(charges).toEqual([
        expect.objectContaining({
          subscriptionId: bought.subscriptionId,
          amountCents: 7999,
          status: 'settled',
          processorResponseCode: '1000',
          chargedAt: firstBilling.toISOString(),
        }),
      ]);

      const nextYear = new Date('2026-01-12T10:00:00Z');
      expect(await ours(t.db, bought.subscriptionId)).toMatchObject({
        status: 'Active',
        next_billing_date: nextYear,
        term_expires_at: nextYear,
      });
      const payments = await paymentsOf(t.db, bought.subscriptionId);
      expect(payments).toEqual([
        expect.objectContaining({
          user_id: bought.userId,
          amount_cents: 7999,
          status: 'settled',
          description: 'Annual Plan',
          gateway_transaction_id: charges[0]!.transactionId,
          created_at: firstBilling,
        }),
      ]);

      const again = await runSandboxBilling({ db: t.db, at });
      expect(again.charges.filter((c) => c.gatewaySubscriptionId === bought.gatewaySubscriptionId)).toEqual([]);
      expect(await paymentsOf(t.db, bought.subscriptionId)).toHaveLength(1);
      // The trialist is now a subscriber (its account status), told once.
      expect(await accountStatusesOf(t.db, bought.userId)).toEqual(['Active Subscriber']);
    },
  );

  test('billing catches up period after period, each charge dated on its billing date', async () => {
    const now = new Date('2025-01-31T08:00:00Z');
    const bought = await purchase(t.db, { offerId: 'monthly', priceCents: 999, trialDays: 0, months: 1, now });
    const summary = await runSandboxBilling({ db: t.db, at: new Date('2025-04-30T09:00:00Z') });
    const dates = summary.charges.filter((c) => c.gatewaySubscriptionId === bought.gatewaySubscriptionId).map((c) => c.chargedAt);
    // Started on the 31st: the last day of February, then the 31st and the 30th.
    expect(dates).toEqual(['2025-02-28T08:00:00.000Z', '2025-03-31T08:00:00.000Z', '2025-04-30T08:00:00.000Z']);
    expect(await ours(t.db, bought.subscriptionId)).toMatchObject({
      status: 'Active',
      next_billing_date: new Date('2025-05-31T08:00:00Z'),
    });
    expect((await paymentsOf(t.db, bought.subscriptionId)).map((p) => [p.amount_cents, p.status, p.description])).toEqual([
      [999, 'settled', 'Monthly Plan'],
      [999, 'settled', 'Monthly Plan'],
      [999, 'settled', 'Monthly Plan'],
    ]);
  });

  test(
    'a price of 2001.00 is declined with 2001 Insufficient Funds: PastDue, ' +
      'access ends; retried 10 days later, paid once the price is right',
    async () => {
      const now = new Date('2025-02-01T00:00:00Z');
      const bought = await purchase(t.db, { offerId: 'annual', priceCents: 200_100, trialDays: 7, months: 12, now });
      const due = new Date('2025-02-08T00:00:00Z');

      const summary = await runSandboxBilling({ db: t.db, at: new Date('2025-02-08T06:00:00Z') });
      expect(summary.charges.filter((c) => c.gatewaySubscriptionId === bought.gatewaySubscriptionId)).toEqual([
        expect.objectContaining({
          status: 'declined',
          amountCents: 200_100,
          processorResponseCode: '2001',
          processorResponseText: 'Insufficient Funds',
        }),
      ]);
      expect(summary.declined.codes).toContainEqual(expect.objectContaining({ code: '2001', text: 'Insufficient Funds' }));
      expect(await ours(t.db, bought.subscriptionId)).toMatchObject({ status: 'PastDue', term_expires_at: due, next_billing_date: due });
      expect(await paymentsOf(t.db, bought.subscriptionId)).toEqual([
        expect.objectContaining({
          status: 'declined',
          amount_cents: 200_100,
          processor_response_code: '2001',
          processor_response_text: 'Insufficient Funds',
          description: 'Annual Plan',
        }),
      ]);

      // The same time again: nothing more.
      const again = await runSandboxBilling({ db: t.db, at: new Date('2025-02-08T06:00:00Z') });
      expect(again.charges.filter((c) => c.gatewaySubscriptionId === bought.gatewaySubscriptionId)).toEqual([]);

      // A retry 10 days later, after the price was changed: it settles and the plan is Active again.
      value(
        await bought.gateway.updateSubscription({
          subscriptionId: bought.gatewaySubscriptionId,
          priceCents: 7999,
          now: new Date('2025-02-10T00:00:00Z'),
        }),
      );
      const retry = await runSandboxBilling({ db: t.db, at: new Date('2025-02-18T01:00:00Z') });
      expect(retry.charges.filter((c) => c.gatewaySubscriptionId === bought.gatewaySubscriptionId)).toEqual([
        expect.objectContaining({ status: 'settled', amountCents: 7999, chargedAt: new Date(due.getTime() + 10 * DAY).toISOString() }),
      ]);
      expect(await ours(t.db, bought.subscriptionId)).toMatchObject({
        status: 'Active',
        next_billing_date: new Date('2026-02-08T00:00:00Z'),
        term_expires_at: new Date('2026-02-08T00:00:00Z'),
      });
    },
  );

  test('a decline is retried at most three times; a new payment method makes it due again at once', async () => {
    const now = new Date('2025-03-01T00:00:00Z');
    const bought = await purchase(t.db, { offerId: 'annual', priceCents: 205_100, trialDays: 7, months: 12, now });
    const summary = await runSandboxBilling({ db: t.db, at: new Date('2025-06-01T00:00:00Z') });
    const mine = summary.charges.filter((c) => c.gatewaySubscriptionId === bought.gatewaySubscriptionId);
    expect(mine.map((c) => [c.chargedAt.slice(0, 10), c.status, c.processorResponseCode])).toEqual([
      ['2025-03-08', 'declined', '2051'],
      ['2025-03-18', 'declined', '2051'],
      ['2025-03-28', 'declined', '2051'],
      ['2025-04-07', 'declined', '2051'],
    ]);
    expect(await ours(t.db, bought.subscriptionId)).toMatchObject({ status: 'PastDue' });

    const paypal = value(
      await bought.gateway.vaultPaymentMethod({
        customerId: bought.gatewayCustomerId,
        nonce: 'fake-paypal-billing-agreement-nonce',
        makeDefault: true,
        failOnDuplicate: false,
      }),
    );
    value(
      await bought.gateway.updateSubscription({
        subscriptionId: bought.gatewaySubscriptionId,
        paymentMethodToken: paypal.token,
        priceCents: 7999,
        now: new Date('2025-06-02T00:00:00Z'),
      }),
    );
    const after = await runSandboxBilling({ db: t.db, at: new Date('2025-06-02T00:00:01Z') });
    expect(after.charges.filter((c) => c.gatewaySubscriptionId === bought.gatewaySubscriptionId)).toEqual([
      expect.objectContaining({ status: 'settled', amountCents: 7999 }),
    ]);
    expect(await ours(t.db, bought.subscriptionId)).toMatchObject({ status: 'Active' });
  });

  test('3000.xx fails at the processor; a canceled subscription is never billed', async () => {
    const now = new Date('2025-04-01T00:00:00Z');
    const failing = await purchase(t.db, { offerId: 'annual', priceCents: 300_000, trialDays: 7, months: 12, now });
    const canceled = await purchase(t.db, { offerId: 'annual', priceCents: 7999, trialDays: 7, months: 12, now });
    value(await canceled.gateway.cancelSubscription({ subscriptionId: canceled.gatewaySubscriptionId, now }));
    const summary = await runSandboxBilling({ db: t.db, at: new Date('2025-04-08T01:00:00Z') });
    expect(summary.charges.filter((c) => c.gatewaySubscriptionId === failing.gatewaySubscriptionId)).toEqual([
      expect.objectContaining({
        status: 'failed',
        processorResponseCode: '3000',
        processorResponseText: 'Processor Network Unavailable - Try Again',
      }),
    ]);
    expect(summary.charges.filter((c) => c.gatewaySubscriptionId === canceled.gatewaySubscriptionId)).toEqual([]);
    expect(await ours(t.db, failing.subscriptionId)).toMatchObject({ status: 'PastDue' });
    expect(await paymentsOf(t.db, failing.subscriptionId)).toEqual([
      expect.objectContaining({ status: 'failed', processor_response_code: '3000' }),
    ]);
  });

  test('two runs at once (two instances on one database) charge each subscription once', async () => {
    const now = new Date('2025-08-01T00:00:00Z');
    const bought = await Promise.all(
      [0, 1, 2].map(() => purchase(t.db, { offerId: 'monthly', priceCents: 999, trialDays: 7, months: 1, now })),
    );
    const other = await t.openAnother();
    try {
      const at = new Date('2025-08-08T01:00:00Z');
      const [a, b] = await Promise.all([runSandboxBilling({ db: t.db, at }), runSandboxBilling({ db: other.db, at })]);
      const mine = new Set(bought.map((p) => p.gatewaySubscriptionId));
      const charged = [...a.charges, ...b.charges].filter((c) => mine.has(c.gatewaySubscriptionId)).map((c) => c.gatewaySubscriptionId);
      expect(charged.sort()).toEqual([...mine].sort());
      for (const p of bought) expect(await paymentsOf(t.db, p.subscriptionId)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  test('the billing run belongs to the sandbox: with Braintree it refuses', async () => {
    await expect(runSandboxBilling({ db: t.db, at: new Date(), gateway: 'braintree' })).rejects.toThrow(
      /Braintree bills subscriptions itself/,
    );
  });
});

describe('applyGatewayEvent', () => {
  const t = useTestDatabase();
  beforeAll(async () => {
    await importCatalog(t.db, readCatalog(path.join(root, 'funnels')));
  });

  test('the same notification twice records one payment and changes nothing the second time', async () => {
    const now = new Date('2025-05-01T00:00:00Z');
    const bought = await purchase(t.db, { offerId: 'monthly', priceCents: 999, trialDays: 7, months: 1, now });
    const event = {
      kind: 'subscriptionChargedSuccessfully' as const,
      subscriptionId: bought.gatewaySubscriptionId,
      transaction: {
        id: 'txn_webhook_1',
        amountCents: 999,
        status: 'settled' as const,
        processorResponseCode: '1000',
        processorResponseText: 'Approved',
        createdAt: new Date('2025-05-08T00:00:00Z'),
      },
      nextBillingDate: new Date('2025-06-08T00:00:00Z'),
    };
    const first = await applyGatewayEvent(t.db, event, now);
    expect(first).toMatchObject({ changed: true, subscriptionId: bought.subscriptionId });
    const before = await ours(t.db, bought.subscriptionId);
    const second = await applyGatewayEvent(t.db, event, new Date('2025-05-09T00:00:00Z'));
    expect(second).toEqual({ changed: false, subscriptionId: bought.subscriptionId, paymentId: first.paymentId });
    expect(await ours(t.db, bought.subscriptionId)).toEqual(before);
    expect(await paymentsOf(t.db, bought.subscriptionId)).toHaveLength(1);
  });

  test('status notifications: past due, active, canceled (once), expired; a late charge never revives a canceled plan', async () => {
    const now = new Date('2025-05-01T00:00:00Z');
    const bought = await purchase(t.db, { offerId: 'monthly', priceCents: 999, trialDays: 7, months: 1, now });
    const id = bought.gatewaySubscriptionId;
    await applyGatewayEvent(t.db, { kind: 'subscriptionWentPastDue', subscriptionId: id }, now);
    expect((await ours(t.db, bought.subscriptionId)).status).toBe('PastDue');
    await applyGatewayEvent(t.db, { kind: 'subscriptionWentActive', subscriptionId: id }, now);
    expect((await ours(t.db, bought.subscriptionId)).status).toBe('Active');
    const canceledAt = new Date('2025-05-02T00:00:00Z');
    expect(await applyGatewayEvent(t.db, { kind: 'subscriptionCanceled', subscriptionId: id }, canceledAt)).toMatchObject({
      changed: true,
    });
    expect(
      await applyGatewayEvent(t.db, { kind: 'subscriptionCanceled', subscriptionId: id }, new Date('2025-05-03T00:00:00Z')),
    ).toMatchObject({ changed: false });
    expect(await ours(t.db, bought.subscriptionId)).toMatchObject({ status: 'Canceled', canceled_at: canceledAt });

    const late = {
      kind: 'subscriptionChargedSuccessfully' as const,
      subscriptionId: id,
      transaction: {
        id: 'txn_late',
        amountCents: 999,
        status: 'settled' as const,
        processorResponseCode: '1000',
        processorResponseText: 'Approved',
        createdAt: now,
      },
      nextBillingDate: new Date('2025-07-01T00:00:00Z'),
    };
    expect(await applyGatewayEvent(t.db, late, now)).toMatchObject({ changed: true });
    expect((await ours(t.db, bought.subscriptionId)).status).toBe('Canceled');
    expect(await paymentsOf(t.db, bought.subscriptionId)).toHaveLength(1);

    await applyGatewayEvent(t.db, { kind: 'subscriptionExpired', subscriptionId: id }, now);
    expect((await ours(t.db, bought.subscriptionId)).status).toBe('Expired');
  });

  test('a subscription that is not ours, and notifications we do not act on, change nothing', async () => {
    expect(await applyGatewayEvent(t.db, { kind: 'subscriptionWentPastDue', subscriptionId: 'someone-elses' }, new Date())).toEqual({
      changed: false,
      subscriptionId: null,
      paymentId: null,
    });
    expect(await applyGatewayEvent(t.db, { kind: 'ignored', notificationKind: 'disbursement' }, new Date())).toEqual({
      changed: false,
      subscriptionId: null,
      paymentId: null,
    });
  });
});

describe('npm run billing', () => {
  const t = useTestDatabase();
  const folder = useCliFolder('billing-cli-');
  const dataDir = folder.dataDir;
  const cli = (args: string[], env = cliEnv(dataDir())) => runScript('billing.ts', args, env);

  test('against a running server on the embedded database it bills through the server and prints the summary', async () => {
    const app = await startQuietServer(folder);
    try {
      const db = app.backend.accounts.db as Kysely<Database>;
      const now = new Date('2025-06-01T00:00:00Z');
      const paid = await purchase(db, { offerId: 'annual', priceCents: 7999, trialDays: 7, months: 12, now });
      const declined = await purchase(db, { offerId: 'annual', priceCents: 200_100, trialDays: 7, months: 12, now });

      const { stdout } = await cli(['run', '--at', '2025-06-09T00:00:00Z']);
      const port = (app.server.address() as { port: number }).port;
      expect(stdout).toContain(
        'Billing at 2025-06-09T00:00:00.000Z: charged 1 ($79.99), ' +
          `declined 1 (2001 Insufficient Funds), failed 0. (in the server on port ${port})`,
      );
      expect(stdout).toContain(`2025-06-08T00:00:00.000Z\tsettled\t79.99\t1000\tApproved\t${paid.gatewaySubscriptionId}`);
      expect(stdout).toContain(`2025-06-08T00:00:00.000Z\tdeclined\t2001.00\t2001\tInsufficient Funds\t${declined.gatewaySubscriptionId}`);
      expect(await ours(db, declined.subscriptionId)).toMatchObject({ status: 'PastDue' });

      const again = await cli(['run', '--at', '2025-06-09T00:00:00Z']);
      expect(again.stdout).toContain('charged 0 ($0.00), declined 0, failed 0.');
    } finally {
      await app.close();
    }
  }, 120_000);

  test('without a server it opens the embedded database itself; a wrong time is refused', async () => {
    const { stdout } = await cli(['run', '--at', '2025-06-10']);
    expect(stdout).toContain(
      `Billing at 2025-06-10T00:00:00.000Z: charged 0 ($0.00), declined 0, failed 0. (in the embedded database in ${dataDir()})`,
    );
    const wrong = await cli(['run', '--at', 'tomorrow']).catch((error: { code: number; stderr: string }) => error);
    expect(wrong).toMatchObject({ code: 1, stderr: expect.stringContaining("'tomorrow' is not a time") });
    const refused = await cli(
      ['run'],
      cliEnv(dataDir(), {
        PAYMENT_GATEWAY: 'braintree',
        BRAINTREE_MERCHANT_ID: 'm',
        BRAINTREE_PUBLIC_KEY: 'p',
        BRAINTREE_PRIVATE_KEY: 'k',
      }),
    ).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('Braintree bills subscriptions itself') });
    const usage = await cli(['bill']).catch((error: { code: number; stderr: string }) => error);
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run billing -- run') });
  }, 120_000);

  test('on PostgreSQL (DATABASE_URL) it connects directly', async () => {
    if (t.kind !== 'postgres') return expect(t.url).toBeNull();
    await importCatalog(t.db, readCatalog(path.join(root, 'funnels')));
    const bought = await purchase(t.db, {
      offerId: 'monthly',
      priceCents: 999,
      trialDays: 7,
      months: 1,
      now: new Date('2025-07-01T00:00:00Z'),
    });
    const { stdout } = await cli(['run', '--at', '2025-07-08T00:00:00Z'], cliEnv(dataDir(), { DATABASE_URL: t.url! }));
    expect(stdout).toContain(`settled\t9.99\t1000\tApproved\t${bought.gatewaySubscriptionId}`);
    expect(stdout).toMatch(/Billing at 2025-07-08T00:00:00\.000Z: charged 1 \(\$9\.99\), declined 0, failed 0\. \(in PostgreSQL\)/);
  }, 120_000);
});
