/**
 * The live-class funnel walked in the browser against the real backend and the sandbox gateway
 * (live-class form rules, class wording, class prices): live and on-demand trials end to end, every redirect rule,
 * the class link (?class=), the scheduling widget and its fallback.
 */
import { describe, expect, test } from 'vitest';
import { SESSION_KEY } from '../../src/browser/storageKeys.ts';
import { BOOKING_ORIGIN, CLASS_CARD_LABELS, CLASS_SUPPORT, fakeBookingProvider, VISA_CLASSES } from './classesHelpers.ts';
import { arrivesAt, expectHealthyScreen, heading, newParentEmail, storedClientState, useE2E, visible } from './harness.ts';
import { expectMessage, expectOrderSummary, fillCard, newParent, openPaymentPage, type PaymentPage } from './paymentsHelpers.ts';

const e2e = useE2E();
const db = () => e2e.app.backend.accounts.db;
const subscriptionsOf = (userId: string) => db().selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();
const paymentsOf = (userId: string) => db().selectFrom('payments').selectAll().where('user_id', '=', userId).execute();
const bodyOf = (page: PaymentPage, fn: string) =>
  page.sentToServer.filter((r) => r.url.endsWith(`/api/functions/${fn}`)).map((r) => JSON.parse(r.body) as Record<string, unknown>);
const mainSite = (u: URL) => u.hostname === 'www.codeling.example';
const path = (page: { url(): string }) => new URL(page.url()).pathname;

/** Registers on /tryclasses-signup as a new parent; answers the address. */
async function register(page: PaymentPage, label: string): Promise<string> {
  const email = newParentEmail(label);
  await (await visible(page.getByLabel('Email'), 'the email field')).fill(email);
  await page.getByLabel('Password').fill('secret12');
  await page.getByRole('button', { name: 'NEXT' }).click();
  return email;
}

describe('live trial, end to end', () => {
  test(
    'STEP 1 offers with their prices → STEP 2 register (both boxes checked, ' +
      'bot check tryClassesRegistration) → STEP 3 $0.00 today → live thank-you → STEP 4 book the free class',
    async () => {
      const page = await openPaymentPage(e2e, '/tryclasses-select', null, { before: async (p) => void (await fakeBookingProvider(p)) });
      await heading(page);
      await visible(page.getByText('STEP 1 OF 4', { exact: true }), 'STEP 1 OF 4');
      for (const fact of ['Classes last 45 minutes', 'At most 6 students per class', 'Monday to Friday, 4-7pm EST'])
        await visible(page.getByText(fact, { exact: true }), fact);
      const offer = (planId: string) => page.locator(`[data-offer="${planId}"]`);
      await visible(offer('live_multi_classes'), 'the live offer');
      expect(await offer('live_multi_classes').innerText()).toMatch(/\$49\.99\/month[\s\S]*after a 30-day free trial/);
      expect(await offer('ondemand_monthly').innerText()).toMatch(/\$19\.99\/month[\s\S]*after a 7-day free trial/);
      expect(await offer('ondemand_quarterly').innerText()).toContain('$35.00 every 3 months');
      expect(await offer('ondemand_biannual').innerText()).toContain('$65.00 every 6 months');
      expect(await offer('ondemand_annual').innerText()).toContain('$120.00/year');
      await expectHealthyScreen(page, 'tryclasses-select');

      await offer('live_multi_classes').getByRole('button').click();
      await arrivesAt(page, (u) => u.pathname === '/tryclasses-signup', '/tryclasses-signup');
      expect((await storedClientState(page)).minervaSelectedClassId).toBe('live_multi_classes');
      await visible(page.getByText('STEP 2 OF 4', { exact: true }), 'STEP 2 OF 4');
      expect(await page.getByLabel('I accept the Terms and Privacy Policy').isChecked()).toBe(true);
      expect(await page.getByLabel(/Send me offers and news/).isChecked()).toBe(true);
      expect(await page.getByRole('link', { name: 'BACK' }).getAttribute('href')).toBe('/tryclasses-select');
      await expectHealthyScreen(page, 'tryclasses-signup');
      const email = await register(page, 'live');

      await arrivesAt(page, (u) => u.pathname === '/tryclasses-payment', '/tryclasses-payment after registering');
      const [registration] = bodyOf(page, 'CreateNewWebUser');
      expect(registration).toMatchObject({
        username: email,
        confirmPromoEmails: true,
        minerva_lead: true,
        captchaToken: 'local-captcha:tryClassesRegistration',
      });
      await visible(page.getByText('STEP 3 OF 4', { exact: true }), 'STEP 3 OF 4');
      await visible(page.getByRole('heading', { name: 'Save payment info', level: 1 }), "'Save payment info'");
      await expectOrderSummary(page, [
        'Live online classes: $49.99 charged after 30-day free trial. Cancel anytime.',
        "Today's charge $0.00",
      ]);
      expect(await page.getByRole('link', { name: 'BACK' }).getAttribute('href')).toBe('/tryclasses');
      await expectHealthyScreen(page, 'tryclasses-payment');
      await fillCard(page, VISA_CLASSES, CLASS_CARD_LABELS);
      await page.getByRole('button', { name: 'Save Payment' }).click();

      await arrivesAt(page, (u) => u.pathname === '/tryclasses-thankyou', 'the live-class thank-you');
      await visible(page.getByRole('heading', { name: "You're signed up for live classes!" }), 'the live thank-you heading');
      const userId = (JSON.parse((await page.evaluate((k) => localStorage.getItem(k), SESSION_KEY))!) as { objectId: string }).objectId;
      expect(await subscriptionsOf(userId)).toMatchObject([{ web_offer_id: 'live_multi_classes', product: 'classes' }]);
      expect(await paymentsOf(userId)).toEqual([]); // nothing charged during the trial
      await expectHealthyScreen(page, 'tryclasses-thankyou');

      await page.getByRole('link', { name: 'Book your free class' }).click();
      await arrivesAt(page, (u) => u.pathname === '/tryclasses-schedule', 'the schedule page');
      await visible(page.getByText('STEP 4 OF 4', { exact: true }), 'STEP 4 OF 4');
      await visible(page.getByRole('heading', { name: 'Book your free class', level: 1 }), "'Book your free class'");
      const frame = await visible(page.getByTitle('Class booking calendar'), 'the scheduling widget');
      expect(await frame.getAttribute('src')).toBe(`${BOOKING_ORIGIN}/live-classes/free-class`);
      await visible(
        page.frameLocator('iframe[title="Class booking calendar"]').getByRole('heading', { name: 'Pick a time' }),
        "the widget's calendar",
      );
      await visible(
        page.getByText(`Questions? Contact our class support team at ${CLASS_SUPPORT}.`, { exact: true }),
        'the support contact',
      );
      await expectHealthyScreen(page, 'tryclasses-schedule');
    },
  );
});

describe('on-demand trial, end to end, arriving with the class chosen (?class=)', () => {
  test(
    '/tryclasses-signup?class=ondemand_quarterly keeps the class, ' + 'registers, pays $0.00 today and reaches the app thank-you',
    async () => {
      const page = await openPaymentPage(e2e, '/tryclasses-signup?class=ondemand_quarterly', null);
      await visible(page.getByText('STEP 2 OF 4', { exact: true }), 'STEP 2 OF 4 (not sent to the main site)');
      await expect.poll(async () => (await storedClientState(page)).minervaSelectedClassId).toBe('ondemand_quarterly');
      await register(page, 'ondemand');
      await arrivesAt(page, (u) => u.pathname === '/tryclasses-payment', '/tryclasses-payment');
      await expectOrderSummary(page, ['On-demand classes: $35.00 charged after 7-day free trial. Cancel anytime.', "Today's charge $0.00"]);
      await fillCard(page, VISA_CLASSES, CLASS_CARD_LABELS);
      await page.getByRole('button', { name: 'Save Payment' }).click();
      await arrivesAt(page, (u) => u.pathname === '/tryclasses-thankyouapp', 'the on-demand (app) thank-you');
      await visible(page.getByText('Get your pre-recorded classes by email within 1 business day.', { exact: true }), 'classes by email');
      await expectHealthyScreen(page, 'tryclasses-thankyouapp');
      const [subscribe] = bodyOf(page, 'SubscribeToMinervaClasses');
      expect(subscribe).toMatchObject({ webOfferId: 'ondemand_quarterly' });
    },
  );

  test('/tryclasses-paymentapp?class=minerva_monthly_ondemand_a1 (a plan id) sells the monthly on-demand classes', async () => {
    const parent = await newParent(e2e, 'paymentapp');
    const page = await openPaymentPage(e2e, '/tryclasses-paymentapp?class=minerva_monthly_ondemand_a1', parent);
    await visible(page.getByText('STEP 3 OF 4', { exact: true }), 'STEP 3 OF 4');
    await expectOrderSummary(page, ['On-demand classes: $19.99 charged after 7-day free trial. Cancel anytime.', "Today's charge $0.00"]);
    await fillCard(page, VISA_CLASSES, CLASS_CARD_LABELS);
    await page.getByRole('button', { name: 'Save Payment' }).click();
    await arrivesAt(page, (u) => u.pathname === '/tryclasses-thankyouapp', 'the on-demand thank-you');
    expect(await subscriptionsOf(parent.objectId)).toMatchObject([{ web_offer_id: 'ondemand_monthly' }]);
  });
});

describe('redirect rules and links', () => {
  test('/tryclasses-signup with no selected class goes to /tryclasses (the main site)', async () => {
    const page = await e2e.openPage('/tryclasses-signup');
    await arrivesAt(page, mainSite, 'the main site');
  });

  test('/tryclasses-signup with a logged-in parent goes to /tryclasses-payment', async () => {
    const parent = await newParent(e2e, 'signup-logged-in');
    const page = await e2e.openPage('/tryclasses-signup', {
      session: parent,
      clientState: { minervaSelectedClassId: 'live_multi_classes' },
    });
    await arrivesAt(page, (u) => u.pathname === '/tryclasses-payment', '/tryclasses-payment');
    await visible(page.getByText('STEP 3 OF 4', { exact: true }), 'the payment step');
  });

  test('/tryclasses-login with a stored user goes to /tryclasses-payment', async () => {
    const parent = await newParent(e2e, 'login-stored');
    const page = await e2e.openPage('/tryclasses-login', { session: parent });
    await arrivesAt(page, (u) => u.pathname === '/tryclasses-payment', '/tryclasses-payment');
  });

  test('/tryclasses-payment and /tryclasses-paymentapp without a login go to /login', async () => {
    for (const p of ['/tryclasses-payment', '/tryclasses-paymentapp']) {
      const page = await e2e.openPage(p, { clientState: { minervaSelectedClassId: 'live_multi_classes' } });
      await arrivesAt(page, (u) => u.pathname === '/login', `/login from ${p}`);
    }
  });

  test(
    '/tryclasses-login: STEP 2 OF 4, logs in to the payment; ' + 'forgot password by the unification flag; BACK to /tryclasses-signup',
    async () => {
      const parent = await newParent(e2e, 'login');
      const page = await e2e.openPage('/tryclasses-login');
      await visible(page.getByText('STEP 2 OF 4', { exact: true }), 'STEP 2 OF 4');
      expect(await page.getByRole('link', { name: 'BACK' }).getAttribute('href')).toBe('/tryclasses-signup');
      expect(await page.getByRole('link', { name: /forgot/i }).getAttribute('href')).toBe('/request-password-reset');
      await expectHealthyScreen(page, 'tryclasses-login');
      await page.getByLabel('Email').fill(parent.email);
      await page.getByLabel('Password').fill('secret12');
      await page.getByRole('button', { name: /log in/i }).click();
      await arrivesAt(page, (u) => u.pathname === '/tryclasses-payment', '/tryclasses-payment after logging in');

      const legacy = await e2e.openPage('/tryclasses-login?variantOverride=unifiedLogin:off');
      await visible(legacy.getByText('STEP 2 OF 4', { exact: true }), 'the login step');
      await expect.poll(() => legacy.getByRole('link', { name: /forgot/i }).getAttribute('href')).toBe('/reset-password');
    },
  );

  test('/tryclasses-signup: the live-class messages, and the existing-account warning linking to /tryclasses-login', async () => {
    const parent = await newParent(e2e, 'existing');
    const page = await openPaymentPage(e2e, '/tryclasses-signup', null, { clientState: { minervaSelectedClassId: 'live_multi_classes' } });
    await (await visible(page.getByRole('button', { name: 'NEXT' }), 'NEXT')).click();
    await expectMessage(page, 'Please enter an email', 5000);
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'NEXT' }).click();
    await visible(page.locator('.toast', { hasText: 'email is not valid' }), "'email is not valid'");
    await page.getByLabel('Email').fill(newParentEmail('fresh'));
    await page.getByRole('button', { name: 'NEXT' }).click();
    await visible(page.locator('.toast', { hasText: 'Please enter a password' }), "'Please enter a password'");
    await page.getByLabel('Email').fill(parent.email);
    await page.getByLabel('Password').focus();
    const warning = await visible(
      page.locator('.toast', { hasText: 'It looks like you have an account.' }),
      'the existing-account warning',
    );
    expect((await warning.innerText()).replace(/\s+/g, ' ')).toContain('It looks like you have an account. Click here to log in.');
    expect(await warning.getByRole('link').first().getAttribute('href')).toBe('/tryclasses-login?reason=existing-account');
    expect(path(page)).toBe('/tryclasses-signup');
    await warning.getByRole('link').first().click();
    await arrivesAt(page, (u) => u.pathname === '/tryclasses-login', '/tryclasses-login');
    await visible(page.getByText('It looks like you have an account. Log in below.'), 'the login notice');
  });
});

describe('class wording of the subscribe errors', () => {
  test("a parent who already has the classes: 'You're already subscribed.' with the support contact", async () => {
    const parent = await newParent(e2e, 'twice');
    const first = await openPaymentPage(e2e, '/tryclasses-payment?class=live_multi_classes', parent);
    await fillCard(first, VISA_CLASSES, CLASS_CARD_LABELS);
    await first.getByRole('button', { name: 'Save Payment' }).click();
    await arrivesAt(first, (u) => u.pathname === '/tryclasses-thankyou', 'the first purchase');

    const again = await openPaymentPage(e2e, '/tryclasses-payment?class=live_multi_classes', parent);
    await fillCard(again, VISA_CLASSES, CLASS_CARD_LABELS);
    await again.getByRole('button', { name: 'Save Payment' }).click();
    await visible(again.locator('.toast', { hasText: "You're already subscribed." }), "'You're already subscribed.'");
    expect(await again.locator('.toast', { hasText: "You're already subscribed." }).innerText()).toContain(CLASS_SUPPORT);
    expect(path(again)).toBe('/tryclasses-payment');
    expect(await subscriptionsOf(parent.objectId)).toHaveLength(1);
  });
});

describe('the scheduling widget (src/adapters/widgets)', () => {
  test('when the booking provider cannot be reached, a clear fallback with a link to it and the support contact shows', async () => {
    const page = await e2e.openPage('/tryclasses-schedule');
    const fallback = await visible(page.getByRole('alert').filter({ hasText: 'The booking calendar could not load.' }), 'the fallback');
    expect(await fallback.innerText()).toContain(`write to ${CLASS_SUPPORT} and we will book your class`);
    expect(await fallback.getByRole('link', { name: 'Open the booking calendar' }).getAttribute('href')).toBe(
      `${BOOKING_ORIGIN}/live-classes/free-class`,
    );
    expect(await page.locator('iframe').count()).toBe(0);
    await expectHealthyScreen(page, 'schedule fallback');
  });
});
