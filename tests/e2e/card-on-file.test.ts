/**
 * The card on file is the card the parent typed: paying with the sandbox card fields
 * and updating the card on /my-account, in the browser against the real backend (sandbox
 * adapter, sandbox gateway). My Account's Payment Method (card type plus last four
 * digits, with the expiration date) and the billing history show the brand, last four digits and
 * expiry that were typed — not a fixed test card.
 *
 * With E2E_SCREENSHOT_DIR set, the account page showing the card is saved there as
 * card-on-file.png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { runSandboxBilling } from '../../src/server/payments/sandbox/billing.ts';
import { arrivesAt, expectHealthyScreen, heading, useE2E, visible } from './harness.ts';
import { fillCard, newParent, openPaymentPage, type Session } from './paymentsHelpers.ts';

const e2e = useE2E();
const db = () => e2e.app.backend.accounts.db;
const DAY = 24 * 3600 * 1000;

const VISA = { number: '4111 1111 1111 1111', expiration: '11/2031', postalCode: '94107', cvv: '123', name: 'Ada Lovelace' };
const MASTERCARD = { number: '5555 5555 5555 4444', expiration: '03/2032', postalCode: '94107', cvv: '456', name: 'Ada Lovelace' };

/** The value next to a label of the plan panel (a <dt>/<dd> pair). */
const field = (page: Page, label: string) =>
  page.locator('.plan-field', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

const longDate = (d: Date | string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(d));

/** The rows of the billing history, as the parent reads them (date, description, amount, payment method, status). */
async function billingHistory(parent: Session): Promise<string[][]> {
  const page = await openPaymentPage(e2e, '/my-account', parent);
  await heading(page);
  await page.getByRole('tab', { name: 'Billing History' }).click();
  const rows = page.getByRole('table', { name: 'Your payments' }).getByRole('row');
  await visible(rows.nth(1), 'a payment in the billing history');
  const texts: string[][] = [];
  for (const row of await rows.all()) {
    const cells = row.getByRole('cell');
    if ((await cells.count()) > 0) texts.push(await cells.allInnerTexts());
  }
  await page.close();
  return texts;
}

describe('the card on file is the card typed', () => {
  test(
    "pay with 4111 1111 1111 1111 expiring 11/2031: 'Visa ending in 1111', 'Expires 11/2031', " +
      'and the renewal in the billing history on it; a new Mastercard 5555 5555 5555 4444 expiring 03/2032 replaces it',
    async () => {
      const parent = await newParent(e2e, 'card-on-file');

      // The parent pays for the monthly plan with the card they type.
      const checkout = await openPaymentPage(e2e, '/signup-payment?offer=monthly', parent);
      await fillCard(checkout, VISA);
      await checkout.getByRole('button', { name: 'Join Now' }).click();
      await arrivesAt(checkout, (u) => u.hostname === 'partners.codeling.example', 'the partner page after /signup-thankyou');
      await checkout.close();

      // My Account shows that card.
      const account = await openPaymentPage(e2e, '/my-account', parent);
      await heading(account);
      const payment = field(account, 'Payment Method');
      await visible(payment.getByText('Visa ending in 1111', { exact: true }), 'the card typed, on file');
      await visible(payment.getByText('Expires 11/2031', { exact: true }), 'its expiry as typed');
      expect(await payment.getByText(/1881/).count(), "Braintree's fixed test Visa").toBe(0);
      await expectHealthyScreen(account, 'my-account with the card on file');
      if (process.env.E2E_SCREENSHOT_DIR) {
        mkdirSync(process.env.E2E_SCREENSHOT_DIR, { recursive: true });
        await account.screenshot({ path: path.join(process.env.E2E_SCREENSHOT_DIR, 'card-on-file.png'), fullPage: true });
      }

      // The first charge after the trial is on that card, and the billing history says so.
      const first = await runSandboxBilling({ db: db(), at: new Date(Date.now() + 8 * DAY) });
      expect(first.settled.count).toBeGreaterThanOrEqual(1);
      const [charge] = await db().selectFrom('payments').selectAll().where('user_id', '=', parent.objectId).execute();
      expect(await billingHistory(parent)).toEqual([
        [longDate(charge!.created_at), charge!.description, '$9.99', 'Visa ending in 1111', 'Paid'],
      ]);

      // The parent updates the card: the Mastercard typed is on file, with its own expiry.
      await payment.getByRole('button', { name: 'Edit' }).click();
      await visible(
        account.getByRole('tab', { name: 'Enter new credit card info', selected: true }),
        "the 'Enter new credit card info' tab",
      );
      await fillCard(account, MASTERCARD);
      const loads = account.visited.length;
      await account.getByRole('button', { name: 'Update Payment' }).click();
      await expect.poll(() => account.visited.length, { timeout: 10_000 }).toBeGreaterThan(loads); // success reloads the page
      await visible(field(account, 'Payment Method').getByText('MasterCard ending in 4444', { exact: true }), 'the new card on file');
      await visible(field(account, 'Payment Method').getByText('Expires 03/2032', { exact: true }), 'its expiry as typed');
      expect(await field(account, 'Payment Method').getByText('Visa ending in 1111').count(), 'the old card is no longer on file').toBe(0);

      // The next renewal is charged on the new card; the earlier charge stays on the Visa.
      await runSandboxBilling({ db: db(), at: new Date(Date.now() + 40 * DAY) });
      const charges = await db()
        .selectFrom('payments')
        .selectAll()
        .where('user_id', '=', parent.objectId)
        .orderBy('created_at', 'desc')
        .execute();
      expect(charges.map((p) => [p.amount_cents, p.status])).toEqual([
        [999, 'settled'],
        [999, 'settled'],
      ]);
      expect(await billingHistory(parent)).toEqual([
        [longDate(charges[0]!.created_at), charges[0]!.description, '$9.99', 'MasterCard ending in 4444', 'Paid'],
        [longDate(charges[1]!.created_at), charges[1]!.description, '$9.99', 'Visa ending in 1111', 'Paid'],
      ]);
    },
  );
});
