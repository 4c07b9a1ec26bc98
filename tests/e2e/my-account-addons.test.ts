/**
 * Class add-ons in My Account, in the browser
 * against the real backend and the sandbox gateway: a subscriber with an app plan adds classes
 * on /addclasses-payment, then Manage Plans lists the app plan and the classes plan each as its
 * own entry; the classes panel shows every field, and Edit on it leads to the web-store
 * cancel path, which calls CancelMinervaClasses and cancels the classes plan only.
 *
 * With SCREENS_DIR set, the two plan panels are saved there (my-account-classes-app.png,
 * my-account-classes-addon.png) and side by side (my-account-classes.png).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { fakeBookingProvider, giveAnnualPlan } from './classesHelpers.ts';
import { arrivesAt, expectHealthyScreen, storedClientState, useE2E, visible } from './harness.ts';
import { expectOrderSummary, fillCard, newParent, openPaymentPage } from './paymentsHelpers.ts';

const e2e = useE2E();
const db = () => e2e.app.backend.accounts.db;
const subscriptionsOf = (userId: string) =>
  db().selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();

const longDate = (d: Date | string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(d));

/** The value next to a label of the open plan panel (a <dt>/<dd> pair). */
const field = (page: Page, label: string) =>
  page.locator('.plan-field', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

/**
 * The card the parent types on /addclasses-payment (MM/YY there). A MasterCard, so the add-on's
 * card differs from the app plan's Visa; its expiry three years ahead, 12/YY.
 */
const EXPIRY_YEAR = new Date().getUTCFullYear() + 3;
const ADD_ON_CARD = {
  number: '5555 5555 5555 4444',
  expiration: `12/${String(EXPIRY_YEAR % 100).padStart(2, '0')}`,
  postalCode: '94107',
  cvv: '123',
  name: 'Ada Lovelace',
};

const ADD_ON_DESCRIPTION =
  'Expert-guided online classes added to your plan: 45 minutes each, at most 6 students, Monday to Friday, 4-7pm EST.';

async function saveScreens(page: Page, shots: { app: Buffer; addOn: Buffer }): Promise<void> {
  const dir = process.env.SCREENS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'my-account-classes-app.png'), shots.app);
  writeFileSync(join(dir, 'my-account-classes-addon.png'), shots.addOn);
  // The two panels side by side (only the open entry is on the page, so one shot per entry).
  const side = await page.context().newPage();
  await side.setViewportSize({ width: 2 * 1280 + 24, height: 800 });
  const img = (png: Buffer, alt: string) =>
    `<img alt="${alt}" style="width:1280px;border:1px solid #999" src="data:image/png;base64,${png.toString('base64')}">`;
  await side.setContent(
    '<body style="margin:0;display:flex;align-items:flex-start;gap:22px;background:#fff">' +
      `${img(shots.app, 'the app plan')}${img(shots.addOn, 'the classes add-on')}</body>`,
  );
  await side.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
  writeFileSync(join(dir, 'my-account-classes.png'), await side.screenshot({ fullPage: true }));
  await side.close();
}

describe('class add-ons in My Account', () => {
  test(
    'a subscriber adds 4 classes on /addclasses-payment: Manage Plans lists the app plan and the classes plan; ' +
      'the classes panel shows every field; Edit → cancel → CancelMinervaClasses cancels the classes plan only',
    async () => {
      const parent = await newParent(e2e, 'addons');
      await giveAnnualPlan(e2e.url, parent);

      // The add-on is bought as a parent buys it: the card typed on /addclasses-payment.
      const page = await openPaymentPage(e2e, '/addclasses-payment?class=addon_four_classes', parent, {
        before: async (p) => void (await fakeBookingProvider(p)),
      });
      await expectOrderSummary(page, ['4 classes a month: $54.99/month after a 30-day promo.', "Today's charge $10.00"]);
      await fillCard(page, ADD_ON_CARD, { name: 'Cardholder name' });
      await page.getByRole('button', { name: 'Save Payment' }).click();
      await arrivesAt(page, (u) => u.pathname === '/addclasses-thankyou-semester', 'the semester thank-you');
      const subs = await subscriptionsOf(parent.objectId);
      const app = subs.find((s) => s.product === 'app')!;
      const addOn = subs.find((s) => s.product === 'addOn')!;
      expect(addOn).toMatchObject({ class_add_on_id: 'addon_four_classes', status: 'Active', price_cents: 5499 });

      await page.goto(`${e2e.url}/my-account`);
      const tabs = page.getByRole('tablist', { name: 'My Account' }).getByRole('tab');
      await visible(tabs.first(), 'the tabs');
      // One entry per app plan and per classes plan, then the other sections.
      expect(await tabs.allInnerTexts()).toEqual([
        'Manage Plans\nAnnual Plan',
        'Manage Plans\n4 classes a month',
        'Manage Account',
        'Billing History',
        'Notification Settings',
        'How to Play',
      ]);
      expect(await tabs.first().getAttribute('aria-selected')).toBe('true');

      // The app plan, first and open, as before: its own card.
      await visible(field(page, 'Plan name').getByText('Annual Plan', { exact: true }), 'the app plan');
      expect(await field(page, 'Plan Duration').innerText()).toBe('Annual');
      expect(await field(page, 'Price in USD').innerText()).toBe('$79.99');
      await visible(field(page, 'Payment Method').getByText(/^Visa ending in \d{4}$/), "the app plan's card");
      await expectHealthyScreen(page, 'the app plan');
      const appShot = await page.screenshot({ fullPage: true });

      // The classes plan: every field classes plan panel.
      await page.getByRole('tab', { name: /4 classes a month/ }).click();
      await visible(page.getByRole('tabpanel', { name: /4 classes a month/ }), 'the classes panel');
      expect(await field(page, 'Plan name').innerText()).toBe('4 classes a month');
      expect(await field(page, 'Description').innerText()).toBe(ADD_ON_DESCRIPTION);
      expect(await field(page, 'Plan Duration').innerText()).toBe('Monthly');
      expect(await field(page, 'Price in USD').innerText()).toBe('$54.99');
      expect(await field(page, 'Renews on').innerText()).toBe(longDate(addOn.next_billing_date!));
      expect(await field(page, 'Plan Status').innerText()).toMatch(/^Active\s*Edit$/);
      expect(await field(page, 'Purchase Store').innerText()).toBe('Web Store');
      // The card typed for the add-on (not the app plan's Visa), with the expiry typed.
      const payment = field(page, 'Payment Method');
      await visible(payment.getByText('MasterCard ending in 4444', { exact: true }), "the add-on's card");
      await visible(payment.getByText(`Expires 12/${EXPIRY_YEAR}`, { exact: true }), 'its expiry');
      await visible(payment.getByRole('button', { name: 'Edit' }), "the payment method's Edit");
      await expectHealthyScreen(page, 'the classes plan');
      await saveScreens(page, { app: appShot, addOn: await page.screenshot({ fullPage: true }) });

      // Edit on its Plan Status: the web store's cancel path.
      const cancels: string[] = [];
      page.on('request', (r) => void (r.url().includes('/api/functions/Cancel') && cancels.push(new URL(r.url()).pathname)));
      const status = field(page, 'Plan Status');
      await status.getByRole('button', { name: 'Edit' }).click();
      await visible(status.getByRole('button', { name: 'Cancel plan' }), "'Cancel plan'");
      await visible(status.getByRole('button', { name: 'Go back' }), "'Go back'");
      await status.getByRole('button', { name: 'Cancel plan' }).click();
      await visible(
        status.getByText('Are you sure you want to cancel your plan? Your child will no longer have access to learn with Codeling.', {
          exact: true,
        }),
        'the confirmation',
      );
      await visible(status.getByRole('button', { name: 'No, go back' }), "'No, go back'");
      await status.getByRole('button', { name: 'Yes, cancel my plan' }).click();

      await arrivesAt(page, (u) => u.pathname === '/dont-go/1', '/dont-go/1');
      expect((await storedClientState(page)).cancelClass).toEqual({
        subscriptionId: addOn.id,
        classes: true,
        planName: '4 classes a month',
        email: parent.email,
      });
      expect(await page.getByRole('heading', { name: 'Not ready to leave?' }).count(), 'no app-plan offer for classes').toBe(0);
      await page.getByRole('radio', { name: 'It is too expensive' }).check();
      await page.getByRole('button', { name: 'Yes, cancel my plan' }).click();
      await arrivesAt(page, (u) => u.pathname === '/my-account', 'back to /my-account');
      await visible(
        page.getByText('Your plan has been cancelled. It stays active until the end of the period you have paid for.'),
        'the cancellation message',
      );
      expect(cancels).toEqual(['/api/functions/CancelMinervaClasses']);

      // Only the classes plan is cancelled: it lasts to the end of its paid promo; the app plan stays.
      const after = await subscriptionsOf(parent.objectId);
      const addOnAfter = after.find((s) => s.id === addOn.id)!;
      expect(addOnAfter).toMatchObject({ status: 'Canceled', cancel_reason: 'It is too expensive', next_billing_date: null });
      expect(addOnAfter.term_expires_at?.toISOString()).toBe(addOn.first_billing_date?.toISOString());
      expect(after.find((s) => s.id === app.id)).toMatchObject({
        status: 'Active',
        canceled_at: null,
        next_billing_date: app.next_billing_date,
      });

      await visible(field(page, 'Plan name').getByText('Annual Plan', { exact: true }), 'the app plan, first');
      expect(await field(page, 'Plan Status').innerText()).toMatch(/^Active \(free trial\)\s*Edit$/);
      await page.getByRole('tab', { name: /4 classes a month/ }).click();
      await visible(
        field(page, 'Expires on').getByText(longDate(addOnAfter.term_expires_at!), { exact: true }),
        'the classes plan ends with its promo',
      );
      expect(await field(page, 'Plan Status').innerText()).toContain('Canceled');
      expect(await field(page, 'Plan Status').getByRole('button', { name: 'Edit' }).count(), 'nothing more to cancel').toBe(0);
      await expectHealthyScreen(page, 'the cancelled classes plan');
    },
  );
});
