/**
 * Gift, volume and bulk pages (screens loaded on demand, BulkPurchase and
 * BulkPurchaseGirlScoutsInfo) in the browser, against the real backend and the sandbox gateway:
 * a gift code bought and then redeemed by another family, licences bought for a group, a
 * Girl Scouts council's request, and the information pages.
 */

import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { arrivesAt, callBackend, createParent, expectAccessible, expectHealthyScreen, newParentEmail, useE2E, visible } from './harness.ts';
import { fillCard, newParent, openPaymentPage } from './paymentsHelpers.ts';

const e2e = useE2E();
const db = () => e2e.app.backend.accounts.db;
const VISA = { number: '4111 1111 1111 1111', expiration: '12/2030', postalCode: '94107', cvv: '739', name: 'Grace Hopper' };
const h1 = (page: Page, name: string) => visible(page.getByRole('heading', { level: 1, name }), `the heading '${name}'`);
const codesShown = (page: Page, title: string) => page.getByRole('region', { name: title }).getByRole('listitem').allInnerTexts();

describe('/how-to-redeem and the Girl Scouts families page', () => {
  test('the steps to redeem a code, and the way to /promo', async () => {
    const page = await e2e.openPage('/how-to-redeem', { viewport: { width: 390, height: 844 } });
    await h1(page, 'How to redeem your code');
    for (const step of ['Enter your code', 'Create an account or log in', 'Download the app and start playing'])
      await visible(page.getByText(step, { exact: true }), step);
    await expectHealthyScreen(page, 'how-to-redeem');
    await page.getByRole('link', { name: 'Redeem a code' }).click();
    await arrivesAt(page, (u) => u.pathname === '/promo', '/promo');
    await h1(page, 'Redeem your code');

    const parents = await e2e.openPage('/girl-scouts-parents');
    await h1(parents, 'Welcome, Girl Scouts families');
    await visible(parents.getByText('Get your code from your council or troop leader', { exact: true }), 'the first step');
    expect(await parents.getByRole('link', { name: 'Redeem a code' }).getAttribute('href')).toBe('/promo');
    await expectAccessible(parents, 'girl-scouts-parents');
  });
});

describe('/gift: buying a gift code', () => {
  test('logged out: asked to log in first, and the login comes back to /gift', async () => {
    const page = await e2e.openPage('/gift');
    await h1(page, 'Give the gift of coding');
    const note = page.getByText('To buy, please log in or create an account first.', { exact: false });
    await visible(note, 'the log-in notice');
    expect(await page.getByRole('link', { name: 'log in or create an account' }).getAttribute('href')).toBe('/login');
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await expectAccessible(page, 'gift logged out');
    const email = newParentEmail('gift-login');
    await createParent(e2e.url, email, 'secret12');
    await page.getByRole('link', { name: 'log in or create an account' }).click();
    await arrivesAt(page, (u) => u.pathname === '/login', '/login');
    await (await visible(page.getByLabel('Email'), 'the email field')).fill(email);
    await page.getByLabel('Password').fill('secret12');
    await page.getByRole('button', { name: 'Log In' }).click();
    await arrivesAt(page, (u) => u.pathname === '/gift', 'back on /gift');
    await visible(page.getByLabel('Card number'), 'the card form, logged in');
  });

  test('a parent buys a 3-month gift; the code shows on /gift-complete and another family redeems it', async () => {
    const buyer = await newParent(e2e, 'gift-buyer');
    const page = await openPaymentPage(e2e, '/gift', buyer);
    await h1(page, 'Give the gift of coding');
    // The 1-year gift is offered first; another can be chosen.
    await visible(page.getByText('1-year gift: $79.99', { exact: true }), 'the default gift');
    await page.getByRole('button', { name: 'Give 3 months' }).click();
    await visible(page.getByText('3-month gift: $29.99', { exact: true }), 'the chosen gift');
    await expectHealthyScreen(page, 'gift checkout');
    await fillCard(page, VISA);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await arrivesAt(page, (u) => u.pathname === '/gift-complete', '/gift-complete');
    await h1(page, 'Thank you!');
    await visible(page.getByRole('region', { name: 'Your gift code' }), 'the gift code');
    const [code, ...more] = await codesShown(page, 'Your gift code');
    expect(more).toEqual([]);
    expect(code).toMatch(/^GIFT[A-Z0-9]+$/);
    // The code is not in the address (history, referrers); the buyer is told it was emailed.
    expect(page.url()).not.toContain(code!);
    await visible(page.getByText(`We have also emailed the code to ${buyer.email}.`, { exact: true }), 'the emailed note');
    await expectAccessible(page, 'gift-complete');
    const payments = await db().selectFrom('payments').selectAll().where('user_id', '=', buyer.objectId).execute();
    expect(payments).toMatchObject([{ amount_cents: 2999 }]);
    expect(await db().selectFrom('subscriptions').selectAll().where('user_id', '=', buyer.objectId).execute()).toEqual([]);

    // Another family redeems it: no payment, three months.
    const family = await newParent(e2e, 'gift-family');
    const redeem = await e2e.openPage('/promo', { session: family });
    await (await visible(redeem.getByLabel('Promo code'), 'the code field')).fill(code!);
    await redeem.getByRole('button', { name: 'Redeem' }).click();
    await arrivesAt(redeem, (u) => u.pathname === '/promo-thankyou', '/promo-thankyou');
    expect(await db().selectFrom('subscriptions').selectAll().where('user_id', '=', family.objectId).execute()).toMatchObject([
      { is_gifted: true, price_cents: 0, status: 'Active' },
    ]);
  });
});

describe('/gift when the session ended meanwhile', () => {
  test(
    'the purchase goes without a session, with the payment form’s fresh captcha token, and buys: the code shows, ' +
      'the payment has no account, the codes go to the buyer’s email',
    async () => {
      const buyer = await newParent(e2e, 'gift-session-gone');
      const page = await openPaymentPage(e2e, '/gift', buyer);
      await h1(page, 'Give the gift of coding');
      // Another tab logs out: the server no longer knows the session this page still holds.
      expect(await callBackend(e2e.url, 'Logout', {}, buyer.sessionToken)).toMatchObject({ result: {} });
      await fillCard(page, VISA);
      await page.getByRole('button', { name: 'Buy Now' }).click();
      await arrivesAt(page, (u) => u.pathname === '/gift-complete', '/gift-complete');
      await h1(page, 'Thank you!');
      await visible(page.getByRole('region', { name: 'Your gift code' }), 'the gift code');
      const [code] = await codesShown(page, 'Your gift code');
      expect(code).toMatch(/^GIFT[A-Z0-9]+$/);

      const sent = page.sentToServer.filter((r) => r.url.endsWith('/functions/BulkPurchase'));
      expect(sent.map((r) => JSON.parse(r.body).captchaToken)).toEqual(['local-captcha:paymentForm']);
      const batch = await db().selectFrom('code_batches').selectAll().where('purchaser_email', '=', buyer.email).executeTakeFirstOrThrow();
      expect(batch).toMatchObject({ kind: 'gift', quantity: 1, source: 'purchase' });
      const payment = await db().selectFrom('payments').selectAll().where('id', '=', batch.payment_id!).executeTakeFirstOrThrow();
      expect(payment).toMatchObject({ user_id: null, amount_cents: 7999, status: 'settled' });
    },
  );
});

describe('/volume-purchase: licences for a group', () => {
  test('an organiser picks the number of children, pays once and sees one code per child', async () => {
    const organiser = await newParent(e2e, 'volume');
    const page = await openPaymentPage(e2e, '/volume-purchase', organiser, { viewport: { width: 390, height: 844 } });
    await h1(page, 'Buy Codeling for a group');
    expect(await page.getByLabel('Card number').count(), 'no card form before the number of children').toBe(0);
    await page.getByLabel('Number of children').fill('three');
    await page.getByRole('button', { name: 'Continue' }).click();
    await visible(
      page.getByRole('alert').getByText('Please enter the number of children as a whole number.', { exact: true }),
      'the number message',
    );
    await page.getByLabel('Number of children').fill('3');
    await page.getByRole('button', { name: 'Continue' }).click();
    await visible(page.getByText('Licences for 3 children', { exact: true }), 'the number chosen');
    await visible(page.getByText('1-year licence per child: $59.99 per child', { exact: true }), 'the price per child');
    await expectHealthyScreen(page, 'volume checkout');
    await fillCard(page, VISA);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await arrivesAt(page, (u) => u.pathname === '/volume-purchase-complete', '/volume-purchase-complete');
    await h1(page, 'Thank you!');
    await visible(page.getByRole('region', { name: 'Your codes' }), 'the codes');
    const codes = await codesShown(page, 'Your codes');
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^CV[A-Z0-9]{2}(-[A-Z0-9]{1,4})+$/);
    expect(new URL(page.url()).search).toBe('');
    await visible(page.getByText(`We have also emailed the codes to ${organiser.email}.`, { exact: true }), 'the emailed note');
    await expectAccessible(page, 'volume-purchase-complete');
    expect(await db().selectFrom('payments').selectAll().where('user_id', '=', organiser.objectId).execute()).toMatchObject([
      { amount_cents: 3 * 5999 },
    ]);
  });
});

describe('/girl-scouts-councils-request', () => {
  test('a council asks for codes: the required fields, then the request is received', async () => {
    const page = await e2e.openPage('/girl-scouts-councils-request', { viewport: { width: 390, height: 844 } });
    await h1(page, 'Bring Codeling to your council');
    await expectAccessible(page, 'councils request');
    const send = page.getByRole('button', { name: 'Send request' });
    await send.click();
    await visible(page.getByRole('alert').getByText('Please fill out your Council name', { exact: true }), 'the first required field');
    await page.getByLabel('Council name').fill('Girl Scouts of Northern Lakes');
    await page.getByLabel('Your name').fill('Juliette Low');
    await page.getByLabel('Email').fill('council@example.com');
    await page.getByLabel('Number of girls').fill('many');
    await send.click();
    await visible(
      page.getByRole('alert').getByText('Please enter the number of girls as a whole number.', { exact: true }),
      'the number message',
    );
    await page.getByLabel('Number of girls').fill('250');
    await send.click();
    await arrivesAt(page, (u) => u.pathname === '/girl-scouts-councils-request-complete', 'the request complete page');
    await h1(page, 'Request received');
    await visible(page.getByText('Thank you. We will be in touch soon.', { exact: true }), 'the thank-you');
    const [request] = await db().selectFrom('contact_requests').selectAll().where('email', '=', 'council@example.com').execute();
    expect(request).toMatchObject({ kind: 'girlScoutsInfo' });
    const payload = typeof request!.payload === 'string' ? JSON.parse(request!.payload) : request!.payload;
    expect(payload).toMatchObject({ councilName: 'Girl Scouts of Northern Lakes', contactName: 'Juliette Low', quantity: 250 });
  });
});

describe('/complete', () => {
  test('a purchase-complete page with the way to the account', async () => {
    const page = await e2e.openPage('/complete', { loggedIn: true });
    await h1(page, 'Thank you!');
    expect(await page.getByRole('link', { name: 'Go to My Account' }).getAttribute('href')).toBe('/my-account');
    await expectAccessible(page, 'complete');
  });
});
