/**
 * /my-account (cancellation and the session watch), in the
 * browser against the real backend and the sandbox gateway: every section at desktop width
 * (tabs) and at 375 px (accordions), a cancellation through /dont-go/1, a card update, the
 * billing history after a renewal, an email and a password change (each asking for the current
 * password) each followed by a login, and the session-lost popup when the session is revoked from
 * another client.
 */

import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { runSandboxBilling } from '../../src/server/payments/sandbox/billing.ts';
import { arrivesAt, callBackend, expectHealthyScreen, heading, storedClientState, type TestPage, useE2E, visible } from './harness.ts';
import { expectMessage, fillCard, newParent, openPaymentPage, type Session } from './paymentsHelpers.ts';

const e2e = useE2E();
const db = () => e2e.app.backend.accounts.db;
const subscriptionsOf = (userId: string) =>
  db().selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();

const PHONE = { width: 375, height: 740 };
const MASTERCARD = { number: '5555 5555 5555 4444', expiration: '11/2031', postalCode: '94107', cvv: '456', name: 'Ada Lovelace' };

/** A purchase made without the browser (to give a parent a plan), as the browser sends it. */
async function purchase(parent: Session, webOfferId: string, nonce = 'fake-valid-visa-nonce'): Promise<void> {
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

const longDate = (d: Date | string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(d));

/** The value next to a label of the plan panel (a <dt>/<dd> pair). */
const field = (page: Page, label: string) =>
  page.locator('.plan-field', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

async function openAccount(parent: Session, viewport?: { width: number; height: number }): Promise<TestPage> {
  const page = await e2e.openPage('/my-account', { session: parent, ...(viewport ? { viewport } : {}) });
  await heading(page);
  return page;
}

describe('the sections', () => {
  test('desktop: tabs, the plan tab first and open, every field of the plan; then each section', async () => {
    const parent = await newParent(e2e, 'tabs');
    await purchase(parent, 'monthly');
    const [sub] = await subscriptionsOf(parent.objectId);
    const page = await openAccount(parent);
    expect(await page.title()).toContain('My Account');
    await visible(page.getByRole('heading', { level: 1, name: 'My Account' }));

    const tabs = page.getByRole('tablist', { name: 'My Account' }).getByRole('tab');
    await visible(tabs.first(), 'the tabs');
    expect(await tabs.allInnerTexts()).toEqual([
      'Manage Plans\nMonthly Plan',
      'Manage Account',
      'Billing History',
      'Notification Settings',
      'How to Play',
    ]);
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');

    await visible(field(page, 'Plan name').getByText('Monthly Plan'), 'the plan name');
    expect(await field(page, 'Plan Duration').innerText()).toBe('Monthly');
    expect(await field(page, 'Price in USD').innerText()).toBe('$9.99');
    expect(await field(page, 'Renews on').innerText()).toBe(longDate(sub!.next_billing_date!));
    expect(await field(page, 'Plan Status').innerText()).toMatch(/^Active \(free trial\)\s*Edit$/);
    expect(await field(page, 'Purchase Store').innerText()).toBe('Web Store');
    await visible(field(page, 'Payment Method').getByText('Visa ending in 1881', { exact: true }), 'the card on file');
    await visible(field(page, 'Payment Method').getByText(/^Expires \d{2}\/\d{4}$/), 'its expiry');
    expect(await field(page, 'Description').innerText()).toBe('Monthly');
    await expectHealthyScreen(page, 'plan tab');

    // Arrow keys move between tabs (tablist semantics).
    await tabs.first().focus();
    await page.keyboard.press('ArrowDown');
    await visible(page.getByRole('tab', { name: 'Manage Account', selected: true }));
    await visible(page.getByRole('tabpanel', { name: 'Manage Account' }).getByRole('heading', { name: 'Change email' }));
    await visible(page.getByRole('heading', { name: 'Change password' }));
    await expectHealthyScreen(page, 'manage account tab');

    await page.getByRole('tab', { name: 'Billing History' }).click();
    await visible(page.getByText('There are no payments yet.'), 'no payment during the trial');

    await page.getByRole('tab', { name: 'Notification Settings' }).click();
    await visible(page.getByText(`Account email: ${parent.email}`), 'the account email');
    const offers = page.getByRole('checkbox', { name: 'Offers and news about Codeling' });
    await visible(offers);
    await expectHealthyScreen(page, 'notification settings');
    // The preference is saved on the server.
    const wasChecked = await offers.isChecked();
    await offers.setChecked(!wasChecked);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await visible(page.getByText('Your notification settings have been saved.'));
    const prefs = await callBackend(e2e.url, 'GetSubscribedEmailLists', { email: parent.email }, parent.sessionToken);
    expect(prefs).toEqual({ result: expect.objectContaining({ marketingMessageChannel: !wasChecked }) });

    await page.getByRole('tab', { name: 'How to Play' }).click();
    await visible(page.getByText('Download the app'), 'how to play');
    await expectHealthyScreen(page, 'how to play');
  });

  test('375 px: accordions (buttons with aria-expanded), the plan open first; each section opens', async () => {
    const parent = await newParent(e2e, 'phone');
    await purchase(parent, 'annual');
    const page = await openAccount(parent, PHONE);
    expect(await page.getByRole('tab').count()).toBe(0);
    await visible(page.getByRole('heading', { level: 2, name: 'Manage Plans' }));
    const plan = page.getByRole('button', { name: 'Annual Plan' });
    expect(await plan.getAttribute('aria-expanded')).toBe('true');
    await visible(field(page, 'Plan Duration').getByText('Annual'));
    expect(await field(page, 'Price in USD').innerText()).toBe('$79.99');
    await expectHealthyScreen(page, 'phone, plan open');

    for (const [name, shows] of [
      ['Manage Account', 'Change password'],
      ['Billing History', 'There are no payments yet.'],
      ['Notification Settings', `Account email: ${parent.email}`],
      ['How to Play', 'Let the kids play!'],
    ] as const) {
      const button = page.getByRole('button', { name, exact: true });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      await button.click();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      await visible(page.getByRole('region', { name }).getByText(shows).first(), `${name} opened`);
      await expectHealthyScreen(page, `phone, ${name}`);
    }
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('a parent without a plan: Manage Plans says so and offers to resubscribe', async () => {
    const parent = await newParent(e2e, 'noplan');
    const page = await openAccount(parent);
    await visible(page.getByText('You do not have an active plan.'));
    await page.getByRole('button', { name: 'Resubscribe' }).click();
    await arrivesAt(page, (u) => u.pathname === '/signup-payment', '/signup-payment');
    expect((await storedClientState(page)).isResubscribe).toBe(true);
  });
});

describe('cancellation', () => {
  test(
    "Edit → 'Cancel plan' → the confirmation → 'Yes, cancel my plan' → " + '/dont-go/1 → a reason → cancelled at the end of the period',
    async () => {
      const parent = await newParent(e2e, 'cancel');
      await purchase(parent, 'monthly');
      const [before] = await subscriptionsOf(parent.objectId);
      const page = await openAccount(parent);
      const status = field(page, 'Plan Status');
      await (await visible(status.getByRole('button', { name: 'Edit' }))).click();
      await visible(status.getByRole('button', { name: 'Cancel plan' }));
      await status.getByRole('button', { name: 'Go back' }).click();
      await (await visible(status.getByRole('button', { name: 'Edit' }))).click();
      await status.getByRole('button', { name: 'Cancel plan' }).click();
      await visible(
        status.getByText('Are you sure you want to cancel your plan? Your child will no longer have access to learn with Codeling.', {
          exact: true,
        }),
      );
      await expectHealthyScreen(page, 'the confirmation');
      await status.getByRole('button', { name: 'No, go back' }).click();
      await (await visible(status.getByRole('button', { name: 'Edit' }))).click();
      await status.getByRole('button', { name: 'Cancel plan' }).click();
      await status.getByRole('button', { name: 'Yes, cancel my plan' }).click();

      await arrivesAt(page, (u) => u.pathname === '/dont-go/1', '/dont-go/1');
      expect((await storedClientState(page)).cancelClass).toEqual({
        subscriptionId: before!.id,
        classes: false,
        planName: 'Monthly Plan',
        email: parent.email,
      });
      await visible(page.getByRole('heading', { level: 1, name: 'Before you go' }));
      await visible(page.getByRole('heading', { name: 'Not ready to leave?' }), 'the offer');
      await expectHealthyScreen(page, '/dont-go/1');
      // Without a reason nothing is cancelled.
      await page.getByRole('button', { name: 'Yes, cancel my plan' }).click();
      await visible(page.getByText('Please tell us why you are cancelling.'));
      expect((await subscriptionsOf(parent.objectId))[0]!.status).toBe('Active');

      await page.getByRole('radio', { name: 'My child is not using it' }).check();
      await page.getByRole('button', { name: 'Yes, cancel my plan' }).click();
      await arrivesAt(page, (u) => u.pathname === '/my-account', 'back to /my-account');
      await visible(page.getByText('Your plan has been cancelled. It stays active until the end of the period you have paid for.'));

      const [after] = await subscriptionsOf(parent.objectId);
      expect(after).toMatchObject({ status: 'Canceled', cancel_reason: 'My child is not using it', next_billing_date: null });
      // Cancelled at the end of the period: access lasts to the trial's end (the first billing date).
      expect(after!.term_expires_at?.toISOString()).toBe(before!.first_billing_date?.toISOString());
      expect((await storedClientState(page)).cancelClass ?? null).toBeNull();
      // The panel now shows the expiry, and nothing more to cancel.
      await visible(field(page, 'Expires on').getByText(longDate(after!.term_expires_at!)));
      expect(await field(page, 'Plan Status').innerText()).toContain('Canceled');
      expect(await field(page, 'Plan Status').getByRole('button', { name: 'Edit' }).count()).toBe(0);
    },
  );

  test(
    'an app plan and a classes plan: one entry each; ' + 'cancelling the classes plan calls CancelMinervaClasses, the app plan stays',
    async () => {
      const parent = await newParent(e2e, 'classes');
      await purchase(parent, 'annual');
      const response = await fetch(`${e2e.url}/api/functions/SubscribeToMinervaClasses`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-parse-session-token': parent.sessionToken,
          'idempotency-key': `test-classes-${parent.objectId}`,
        },
        body: JSON.stringify({
          webOfferId: 'ondemand_monthly',
          paymentMethodToken: 'fake-valid-visa-nonce',
          customerOptions: { email: parent.email },
          expectedTodayCharge: 0,
        }),
      });
      expect(await response.json()).toMatchObject({ result: { classType: 'onDemand' } });
      const subs = await subscriptionsOf(parent.objectId);
      const classes = subs.find((x) => x.product === 'classes')!;

      const page = await e2e.openPage('/my-account', { session: parent });
      await heading(page);
      const tabs = page.getByRole('tablist').getByRole('tab');
      await visible(tabs.first());
      expect(await tabs.count()).toBe(6);
      expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
      await visible(field(page, 'Plan name').getByText('Annual Plan'), 'the app plan first');
      await tabs.nth(1).click();
      const requests: string[] = [];
      page.on('request', (r) => void (r.url().includes('/api/functions/Cancel') && requests.push(new URL(r.url()).pathname)));
      await field(page, 'Plan Status').getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('button', { name: 'Cancel plan' }).click();
      await page.getByRole('button', { name: 'Yes, cancel my plan' }).click();
      await arrivesAt(page, (u) => u.pathname === '/dont-go/1', '/dont-go/1');
      expect((await storedClientState(page)).cancelClass).toMatchObject({ subscriptionId: classes.id, classes: true });
      // No app-plan offer for a classes plan.
      expect(await page.getByRole('heading', { name: 'Not ready to leave?' }).count()).toBe(0);
      await page.getByRole('radio', { name: 'It is too expensive' }).check();
      await page.getByRole('button', { name: 'Yes, cancel my plan' }).click();
      await arrivesAt(page, (u) => u.pathname === '/my-account', '/my-account');
      expect(requests).toEqual(['/api/functions/CancelMinervaClasses']);
      const after = await subscriptionsOf(parent.objectId);
      expect(after.find((x) => x.id === classes.id)).toMatchObject({ status: 'Canceled', cancel_reason: 'It is too expensive' });
      expect(after.find((x) => x.product === 'app')).toMatchObject({ status: 'Active' });
    },
  );

  test("'No, go back' on /dont-go/1 returns to the account with the plan untouched", async () => {
    const parent = await newParent(e2e, 'keep');
    await purchase(parent, 'monthly');
    const page = await openAccount(parent, PHONE);
    const status = field(page, 'Plan Status');
    await (await visible(status.getByRole('button', { name: 'Edit' }))).click();
    await status.getByRole('button', { name: 'Cancel plan' }).click();
    await status.getByRole('button', { name: 'Yes, cancel my plan' }).click();
    await arrivesAt(page, (u) => u.pathname === '/dont-go/1', '/dont-go/1');
    await expectHealthyScreen(page, '/dont-go/1 on a phone');
    await page.getByRole('link', { name: 'No, go back' }).click();
    await arrivesAt(page, (u) => u.pathname === '/my-account', '/my-account');
    expect((await subscriptionsOf(parent.objectId))[0]!.status).toBe('Active');
  });

  test('a plan bought in another store: its instructions, no in-page cancel', async () => {
    const parent = await newParent(e2e, 'apple');
    await purchase(parent, 'monthly');
    await db().updateTable('subscriptions').set({ store: 'AppleAppStore' }).where('user_id', '=', parent.objectId).execute();
    const page = await openAccount(parent);
    expect(await field(page, 'Purchase Store').innerText()).toBe('Apple App Store');
    await field(page, 'Plan Status').getByRole('button', { name: 'Edit' }).click();
    await visible(page.getByText(/This plan was bought in the Apple App Store\. To cancel it/));
    expect(await page.getByRole('button', { name: 'Cancel plan' }).count()).toBe(0);
    await expectHealthyScreen(page, 'other store');
  });

  test('the no-upgrade popup when flagged (client state showNoUpgradePopup), once', async () => {
    const parent = await newParent(e2e, 'noupgrade');
    await purchase(parent, 'annual');
    const page = await e2e.openPage('/my-account', { session: parent, clientState: { showNoUpgradePopup: true } });
    const popup = page.getByRole('dialog');
    await visible(popup.getByText(/It seems your subscription hasn't expired yet/));
    await popup.getByRole('button', { name: 'Ok' }).click();
    expect((await storedClientState(page)).showNoUpgradePopup).toBe(false);
  });
});

describe('payment method and upgrade', () => {
  test("Edit on payment → 'Enter new credit card info' → UpdateCreditCard; the page reloads with the new card", async () => {
    const parent = await newParent(e2e, 'card');
    await purchase(parent, 'monthly');
    const page = await openPaymentPage(e2e, '/my-account', parent);
    await heading(page);
    const payment = field(page, 'Payment Method');
    await visible(payment.getByText('Visa ending in 1881', { exact: true }));
    await payment.getByRole('button', { name: 'Edit' }).click();
    await visible(page.getByRole('tab', { name: 'Enter new credit card info', selected: true }));
    await visible(page.getByRole('tab', { name: 'Other Payment Options' }));
    await expectHealthyScreen(page, 'card form');
    await fillCard(page, MASTERCARD);
    const loads = page.visited.length;
    await page.getByRole('button', { name: 'Update Payment' }).click();
    await expect.poll(() => page.visited.length, { timeout: 10_000 }).toBeGreaterThan(loads);
    await visible(field(page, 'Payment Method').getByText('MasterCard ending in 4444', { exact: true }), 'the new card');
    const methods = await db()
      .selectFrom('payment_methods')
      .innerJoin('customers', 'customers.id', 'payment_methods.customer_id')
      .select(['payment_methods.last4', 'payment_methods.is_default', 'payment_methods.deleted_at'])
      .where('customers.user_id', '=', parent.objectId)
      .execute();
    expect(methods.filter((m) => m.deleted_at === null && m.is_default).map((m) => m.last4)).toEqual(['4444']);
  });

  test("upgrade monthly → annual, with today's charge of each choice; without a choice: 'Please select a plan…'", async () => {
    const parent = await newParent(e2e, 'upgrade');
    await purchase(parent, 'monthly');
    const page = await openPaymentPage(e2e, '/my-account', parent);
    await heading(page);
    const upgrade = page.getByRole('group', { name: 'Upgrade your plan' });
    await visible(upgrade);
    await upgrade.getByRole('button', { name: 'Upgrade' }).click();
    await expectMessage(page, 'Please select a plan before proceeding', 5000);
    // What each choice charges today: lifetime at once; a renewing plan when the monthly trial ends.
    await upgrade.getByRole('radio', { name: 'Lifetime: $149.99' }).check();
    await visible(upgrade.getByText("Today's charge $149.99"), "lifetime's charge today");
    await upgrade.getByRole('radio', { name: 'Annual Plan: $79.99' }).check();
    await visible(upgrade.getByText("Today's charge $0.00"), "the annual plan's charge today");
    const loads = page.visited.length;
    await upgrade.getByRole('button', { name: 'Upgrade' }).click();
    await expect.poll(() => page.visited.length, { timeout: 10_000 }).toBeGreaterThan(loads);
    await visible(field(page, 'Plan name').getByText('Annual Plan'), 'the annual plan');
    const subs = await subscriptionsOf(parent.objectId);
    expect(subs.map((s) => [s.web_offer_id, s.status])).toEqual([
      ['monthly', 'Canceled'],
      ['annual', 'Active'],
    ]);
  });
});

describe('billing history (GetPaymentHistory)', () => {
  test('after a sandbox renewal the charge shows, at desktop width and at 375 px', async () => {
    const parent = await newParent(e2e, 'billing');
    await purchase(parent, 'monthly');
    const summary = await runSandboxBilling({ db: db(), at: new Date(Date.now() + 8 * 24 * 3600 * 1000) });
    expect(summary.settled.count).toBeGreaterThanOrEqual(1);
    const payments = await db().selectFrom('payments').selectAll().where('user_id', '=', parent.objectId).execute();
    expect(payments.map((p) => [p.amount_cents, p.status])).toEqual([[999, 'settled']]);

    const page = await openAccount(parent);
    await page.getByRole('tab', { name: 'Billing History' }).click();
    const row = page.getByRole('table', { name: 'Your payments' }).getByRole('row').nth(1);
    await visible(row);
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      longDate(payments[0]!.created_at),
      payments[0]!.description,
      '$9.99',
      'Visa ending in 1881',
      'Paid',
    ]);
    await expectHealthyScreen(page, 'billing history');

    const phone = await openAccount(parent, PHONE);
    await phone.getByRole('button', { name: 'Billing History', exact: true }).click();
    await visible(phone.getByRole('region', { name: 'Billing History' }).getByText('$9.99'));
    await expectHealthyScreen(phone, 'billing history on a phone');
  });
});

describe('Manage Account', () => {
  const logOutAndIn = async (page: TestPage, email: string, password: string) => {
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await arrivesAt(page, (u) => u.pathname === '/login', '/login');
    // The address changes first; the login screen shows once its code is there.
    await visible(page.getByRole('heading', { level: 1, name: 'Log into your account' }), 'the login screen');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await arrivesAt(page, (u) => u.pathname === '/my-account', '/my-account after the login');
  };

  /** The form whose submit button is `submit` (both account forms ask for the current password). */
  const formOf = (page: TestPage, submit: string) => page.locator('form', { has: page.getByRole('button', { name: submit }) });

  test('an email change (the password asked again), then a login with the new email', async () => {
    const parent = await newParent(e2e, 'email');
    const page = await openAccount(parent);
    await page.getByRole('tab', { name: 'Manage Account' }).click();
    const newEmail = `new-${parent.email}`;
    const form = formOf(page, 'Update email');
    await form.getByLabel('New email').fill(newEmail);
    await form.getByLabel('Current password').fill('wrong-password');
    await page.getByRole('button', { name: 'Update email' }).click();
    await visible(page.getByRole('alert').getByText('The current password is not correct.'), 'the refusal of a wrong password');
    expect((await db().selectFrom('users').select('email').where('id', '=', parent.objectId).executeTakeFirstOrThrow()).email).toBe(
      parent.email,
    );

    await form.getByLabel('Current password').fill('secret12');
    await page.getByRole('button', { name: 'Update email' }).click();
    await visible(page.getByText(`Your email has been changed. Use ${newEmail} to log in from now on.`));
    expect((await db().selectFrom('users').select('email').where('id', '=', parent.objectId).executeTakeFirstOrThrow()).email).toBe(
      newEmail,
    );
    await visible(page.getByText(`Signed in as ${newEmail}`), "'Signed in as' with the new email");

    await logOutAndIn(page, newEmail, 'secret12');
    await page.getByRole('tab', { name: 'Notification Settings' }).click();
    await visible(page.getByText(`Account email: ${newEmail}`));
  });

  test("a password change asks for the current password, with the spec's validation; then a login with the new password", async () => {
    const parent = await newParent(e2e, 'password');
    const page = await openAccount(parent, PHONE);
    await page.getByRole('button', { name: 'Manage Account', exact: true }).click();
    const currentPassword = formOf(page, 'Update password').getByLabel('Current password');
    await currentPassword.fill('wrong-password');
    await page.getByLabel('New password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm new password').fill('abc');
    await page.getByRole('button', { name: 'Update password' }).click();
    await visible(page.getByText('Please enter a password with 6 - 32 characters'));
    await page.getByLabel('New password', { exact: true }).fill('brandnew99');
    await page.getByLabel('Confirm new password').fill('brandnew98');
    await page.getByRole('button', { name: 'Update password' }).click();
    await visible(page.getByText('Passwords do not match'));
    await page.getByLabel('Confirm new password').fill('brandnew99');
    await page.getByRole('button', { name: 'Update password' }).click();
    await visible(page.getByRole('alert').getByText('The current password is not correct.'), 'the refusal of a wrong current password');
    expect(await callBackend(e2e.url, 'UserLogin', { username: parent.email, password: 'brandnew99' })).toMatchObject({ code: 101 });

    await currentPassword.fill('secret12');
    await page.getByRole('button', { name: 'Update password' }).click();
    await visible(page.getByText('Your password has been changed.'));
    await expectHealthyScreen(page, 'password changed');

    const old = await callBackend(e2e.url, 'UserLogin', { username: parent.email, password: 'secret12' });
    expect(old).toMatchObject({ code: 101 });
    await logOutAndIn(page, parent.email, 'brandnew99');
  });
});

describe('session watch', () => {
  test('the session revoked from another client (Logout through the API): the session-lost popup, then /login', async () => {
    const parent = await newParent(e2e, 'revoked');
    const page = await openAccount(parent);
    await visible(page.getByRole('tablist'));
    expect(await callBackend(e2e.url, 'Logout', {}, parent.sessionToken)).toEqual({ result: {} });
    const popup = page.getByRole('dialog');
    await visible(
      popup.getByText(
        'It seems like you have logged out of your account. ' +
          'You will be prompted to log back in. If you find this is an error, please contact us.',
        { exact: true },
      ),
      'the session-lost popup',
      15_000,
    );
    await expectHealthyScreen(page, 'session-lost popup');
    await popup.getByRole('button', { name: 'Ok' }).click();
    await arrivesAt(page, (u) => u.pathname === '/login', '/login');
  });
});
