/**
 * Never charged more than shown, in the browser against the real backend: a parent whose trial
 * has ended sees no trial and the full price at the checkout, and pays it; a checkout whose
 * amount went stale (the trial was used in another tab meanwhile) is refused with nothing
 * charged, shows the true amount, and charges it once the parent confirms.
 * With E2E_SCREENSHOT_DIR set, both checkouts are saved there as pictures.
 */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { insertEndedTrial } from '../server/endedTrial.ts';
import { arrivesAt, expectHealthyScreen, useE2E, visible } from './harness.ts';
import { expectOrderSummary, fillCard, newParent, openPaymentPage, toast } from './paymentsHelpers.ts';

const e2e = useE2E();
const db = () => e2e.app.backend.accounts.db;
const VISA = { number: '4111 1111 1111 1111', expiration: '12/2030', postalCode: '94107', cvv: '123', name: 'Ada Lovelace' };
const paymentsOf = (userId: string) =>
  db().selectFrom('payments').select(['amount_cents', 'status']).where('user_id', '=', userId).orderBy('created_at').execute();
const partnerPage = (u: URL) => u.hostname === 'partners.codeling.example';

async function screenshot(page: import('playwright-core').Page, name: string) {
  if (process.env.E2E_SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOT_DIR, name), fullPage: true });
}

describe("today's charge is the amount shown", () => {
  test("a returning parent whose trial ended: no trial at the checkout, 'Today's charge $9.99', and $9.99 charged", async () => {
    const parent = await newParent(e2e, 'returning');
    await insertEndedTrial(db(), parent.objectId);
    const page = await openPaymentPage(e2e, '/signup-payment?offer=monthly', parent, { viewport: { width: 390, height: 844 } });
    await expectOrderSummary(page, ['Monthly Plan: $9.99', "Today's charge $9.99"]);
    await visible(page.getByRole('heading', { name: 'Welcome back! Choose your plan' }), 'the heading without a trial');
    // Nowhere a trial: not in the heading, the plan dropdown or the summary.
    expect(await page.getByText(/trial/i).count()).toBe(0);
    expect(await page.locator('option').allInnerTexts()).toContain('Monthly Plan · $9.99/month');
    await expectHealthyScreen(page);
    await screenshot(page, 'returning-parent-checkout.png');

    await fillCard(page, VISA);
    await page.getByRole('button', { name: 'Join Now' }).click();
    await arrivesAt(page, partnerPage, 'the partner page after /signup-thankyou', 30_000);
    expect(await paymentsOf(parent.objectId)).toEqual([{ amount_cents: 999, status: 'settled' }]);
  });

  test('a checkout whose amount went stale: refused with nothing charged, the true amount shown, charged once confirmed', async () => {
    const parent = await newParent(e2e, 'stale');
    const page = await openPaymentPage(e2e, '/signup-payment?offer=monthly', parent, { viewport: { width: 390, height: 844 } });
    await expectOrderSummary(page, ['Monthly Plan: $9.99 charged after 7-day free trial. Cancel anytime.', "Today's charge $0.00"]);
    // Meanwhile, in another tab, the parent had the monthly trial.
    await insertEndedTrial(db(), parent.objectId);

    await fillCard(page, VISA);
    await page.getByRole('button', { name: 'Join Now' }).click();
    const refusal =
      "Today's charge is $9.99, not the amount this page showed. You have not been charged. Please check your order and confirm again.";
    await visible(toast(page, refusal), 'the refusal with the true amount');
    await expectOrderSummary(page, ['Monthly Plan: $9.99', "Today's charge $9.99"]);
    // The page reads the account again: no trial is offered any more.
    await visible(page.getByRole('heading', { name: 'Welcome back! Choose your plan' }), 'the heading without a trial');
    expect(await page.locator('option').allInnerTexts()).toContain('Monthly Plan · $9.99/month');
    expect(await paymentsOf(parent.objectId)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/signup-payment');
    await screenshot(page, 'stale-amount-refused.png');

    await page.getByRole('button', { name: 'Join Now' }).click();
    await arrivesAt(page, partnerPage, 'the partner page after /signup-thankyou', 30_000);
    expect(await paymentsOf(parent.objectId)).toEqual([{ amount_cents: 999, status: 'settled' }]);
  });
});
