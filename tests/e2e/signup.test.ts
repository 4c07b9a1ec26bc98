/**
 * Registration, checkout and thank-you (the signup payload, where registration,
 * login and payment send a parent, the prices), on the sandbox gateway and the real backend.
 * /signup-thankyou is sent to the partner page by the route table; this file's build
 * serves it (./signupBuild.ts).
 */

import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  arrivesAt,
  callBackend,
  expectHealthyScreen,
  heading,
  newParentEmail,
  screenshotForReview,
  storedClientState,
  useE2E,
  visible,
} from './harness.ts';
import { expectOrderSummary, fillCard, newParent } from './paymentsHelpers.ts';
import { useServedBuild } from './signupBuild.ts';

const build = useServedBuild({ serve: ['/signup-thankyou', '/choose-plan'] });
const e2e = useE2E({ distDir: build.distDir, funnelsDir: build.funnelsDir, copyDir: build.copyDir });

const VISA = { number: '4111 1111 1111 1111', expiration: '12/2030', postalCode: '94107', cvv: '123', name: 'Ada Lovelace' };
const PASSWORD = 'secret12';

/** Registers on /register as a parent does; answers the address used. */
async function register(page: Page, label: string): Promise<string> {
  const email = newParentEmail(label.toLowerCase());
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await arrivesAt(page, (u) => u.pathname === '/signup-payment', '/signup-payment after registering', 20_000);
  return email;
}

const planDropdown = (page: Page) => page.getByLabel('Your plan');
const selectedPlanText = async (page: Page) =>
  (await (await visible(planDropdown(page), 'the plan dropdown')).locator('option:checked').innerText()).trim();

/** Pays with the sandbox's Visa and waits for the thank-you page. */
async function payAndThank(page: Page): Promise<string> {
  await fillCard(page, VISA);
  await page.getByRole('button', { name: 'Join Now' }).click();
  await arrivesAt(page, (u) => u.pathname === '/signup-thankyou', '/signup-thankyou', 30_000);
  await visible(page.getByRole('heading', { level: 1, name: 'Welcome to Codeling!' }), 'the thank-you heading');
  return page.locator('main').innerText();
}

// The catalog (funnels/catalog.yaml): every duration with a free trial.
const DURATIONS = [
  { duration: 'monthly', tag: null, title: 'Monthly Plan', price: '$9.99', days: 7 },
  { duration: 'annual', tag: null, title: 'Annual Plan', price: '$79.99', days: 7 },
  { duration: 'quarterly', tag: 'lowTerm', title: 'Quarterly Plan', price: '$24.99', days: 7 },
  { duration: '6Month', tag: 'lowTerm', title: '6-Month Plan', price: '$39.99', days: 7 },
  { duration: '24Month', tag: 'twoYear', title: 'App + Classes (2 Year Plan)', price: '$199.99', days: 7 },
] as const;

describe('a free-trial signup for each plan duration, from the plan cards to /signup-thankyou', () => {
  for (const plan of DURATIONS) {
    test(
      `${plan.duration}: '${plan.title}' chosen on '/', registered, ` + `paid, thanked with ${plan.price} after a ${plan.days}-day trial`,
      async () => {
        const page = await e2e.openPage(plan.tag ? `/?activePlanTag=${plan.tag}` : '/', { viewport: { width: 390, height: 844 } });
        await (await visible(page.getByRole('radio', { name: plan.title, exact: true }), `the '${plan.title}' card`)).check();
        await page.getByRole('link', { name: 'Sign up for your free trial' }).click();

        await arrivesAt(page, (u) => u.pathname === '/register', '/register');
        await visible(
          page.getByRole('heading', { level: 1, name: `Sign up for your FREE ${plan.days} day trial of Codeling!` }),
          'the register header with the plan trial',
        );
        await expectHealthyScreen(page, 'register');
        const email = await register(page, `trial-${plan.duration}`);

        // Three-step progress, the dropdown with the plan chosen on '/', the price after the trial.
        const stepper = page.locator('ol.stepper');
        await visible(stepper, 'the three-step progress');
        expect((await stepper.locator('.stepper__label').allInnerTexts()).map((x) => x.trim())).toEqual([
          'Choose plan',
          'Account setup',
          'Payment',
        ]);
        expect((await stepper.locator('[aria-current="step"] .stepper__label').innerText()).trim()).toBe('Payment');
        expect(await selectedPlanText(page)).toContain(plan.title);
        await expectOrderSummary(page, [
          `${plan.title}: ${plan.price} charged after ${plan.days}-day free trial. Cancel anytime.`,
          "Today's charge $0.00",
        ]);
        await expectHealthyScreen(page, `signup-payment ${plan.duration}`);

        const text = await payAndThank(page);
        expect(text).toContain(
          `Your ${plan.days}-day free trial of the ${plan.title} has started. Nothing is charged today; ` +
            `after the trial you will be charged ${plan.price}. Cancel anytime.`,
        );
        for (const step of ['Download the app', 'Sign in', 'Let the kids play']) expect(text).toContain(step);
        await expectHealthyScreen(page, `signup-thankyou ${plan.duration}`);

        // The account has that plan, on trial.
        const session = JSON.parse(
          (await page.evaluate(() => Object.entries(localStorage).find(([, v]) => v.includes('sessionToken'))?.[1] ?? 'null')) as string,
        ) as { sessionToken: string } | null;
        const details = await callBackend(e2e.url, 'GetCustomerDetails', {}, session!.sessionToken);
        expect(JSON.stringify(details)).toContain(email);
        expect(details).toMatchObject({ result: { isTrialActive: true, activeSubscription: { price: Number(plan.price.slice(1)) } } });
      },
    );
  }
});

describe('/signup-payment: the plan dropdown, the savings blurb and the upsell', () => {
  test(
    'the monthly plan chosen: the upsell switches to the annual plan, ' + 'the savings blurb shows, and the annual plan is what is bought',
    async () => {
      const parent = await newParent(e2e, 'upsell');
      const page = await e2e.openPage('/signup-payment?selected_plan=monthly', { session: parent });
      expect(await selectedPlanText(page)).toContain('Monthly Plan');
      await expectOrderSummary(page, ['Monthly Plan: $9.99 charged after 7-day free trial. Cancel anytime.', "Today's charge $0.00"]);
      // Annual $79.99 against monthly $9.99: $6.67 a month, 33% less.
      await visible(page.getByText('Get the most out of Codeling: the Annual Plan is just $6.67/month, 33% less per month.'), 'the upsell');
      await page.getByRole('button', { name: 'Switch to the Annual Plan' }).click();
      expect(await selectedPlanText(page)).toContain('Annual Plan');
      // 12 × $9.99 − $79.99 = $39.89.
      await visible(
        page.getByText('Great choice! The Annual Plan saves you $39.89 (33%) compared with the Monthly Plan.'),
        'the savings blurb',
      );
      await expectOrderSummary(page, ['Annual Plan: $79.99 charged after 7-day free trial. Cancel anytime.', "Today's charge $0.00"]);
      await screenshotForReview(page, 'today-charge');
      await expect.poll(async () => (await storedClientState(page)).initialSelectedOfferId).toBe('annual');
      await expectHealthyScreen(page, 'signup-payment upsell');

      // Back to monthly through the dropdown: the form sells the monthly plan.
      await planDropdown(page).selectOption({
        label: (await planDropdown(page).locator('option', { hasText: 'Monthly Plan' }).innerText()).trim(),
      });
      await expectOrderSummary(page, ['Monthly Plan: $9.99 charged after 7-day free trial. Cancel anytime.', "Today's charge $0.00"]);
      const text = await payAndThank(page);
      expect(text).toContain(
        'Your 7-day free trial of the Monthly Plan has started. Nothing is charged today; ' +
          'after the trial you will be charged $9.99. Cancel anytime.',
      );
    },
  );
});

describe('registration', () => {
  test(
    'an address that has an account: the warning on leaving the field links to log in; ' +
      'registering anyway gets the shared-login message',
    async () => {
      const existing = await newParent(e2e, 'existing');
      const page = await e2e.openPage('/register');
      await heading(page);
      await page.getByLabel('Email').fill(existing.email);
      await page.getByLabel('Password', { exact: true }).focus();
      const warning = page.locator('.toast', { hasText: 'It looks like you have an account.' });
      await visible(warning, 'the existing-account warning');
      expect((await warning.innerText()).replace(/\s+/g, ' ')).toContain('It looks like you have an account. Click here to log in.');
      expect(await warning.getByRole('link', { name: 'Click here' }).getAttribute('href')).toBe('/login?reason=existing-account');

      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await visible(
        page.getByText(
          'An account with this email already exists. It is the shared login ' +
            'you use across all our sibling apps, so you can log in with it here.',
        ),
        'the unified-login message',
      );
      expect(new URL(page.url()).pathname).toBe('/register');
      await expectHealthyScreen(page, 'register, existing account');
    },
  );

  test(
    'the signup payload: the answers held in client state, ' + 'where the family first came from, the opt-in and the attribution',
    async () => {
      const page = await e2e.openPage('/register?utm_source=newsletter&utm_campaign=spring', {
        clientState: { referralToSave: 'A friend', ageToSave: '8', genderToSave: null, experienceToSave: 'Some', promoCouponCode: null },
      });
      const signups: Record<string, unknown>[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/CreateWebUser'))
          signups.push(request.postDataJSON() as Record<string, unknown>);
      });
      await heading(page);
      const email = await register(page, 'payload');
      expect(signups).toHaveLength(1);
      expect(signups[0]).toEqual({
        username: email,
        password: PASSWORD,
        referral: 'A friend',
        age: '8',
        gender: null,
        experience: 'Some',
        attributionSource: 'newsletter',
        promoCode: null,
        confirmPromoEmails: true,
        utmParamsObject: { utm_source: 'newsletter', utm_campaign: 'spring' },
        minerva_lead: false,
        captchaToken: expect.any(String),
      });
    },
  );

  test(
    'under the redesign experiment, a parent who registers before ' + 'choosing a plan chooses it on /choose-plan, then pays for it',
    async () => {
      const page = await e2e.openPage('/register?variantOverride=planSelectorPageRedesign:variant1');
      await heading(page);
      await page.getByLabel('Email').fill(newParentEmail('choose-after'));
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await arrivesAt(
        page,
        (u) => u.pathname === '/choose-plan' && u.searchParams.get('planSelectorPageRedesign') === 'variant1',
        '/choose-plan with the variant',
        20_000,
      );
      await visible(page.getByRole('heading', { level: 1, name: 'Start your free trial today!' }), 'the choose-plan heading');
      await (await visible(page.getByRole('radio', { name: 'Monthly Plan', exact: true }), "the 'Monthly Plan' card")).check();
      await expectHealthyScreen(page, 'choose-plan after registering');
      await page.getByRole('link', { name: 'Sign up for your free trial' }).click();
      await arrivesAt(page, (u) => u.pathname === '/signup-payment', '/signup-payment');
      expect(await selectedPlanText(page)).toContain('Monthly Plan');
    },
  );

  test(
    'under the redesign experiment, a parent who chose a plan on ' + 'the landing goes from registration straight to the checkout',
    async () => {
      const page = await e2e.openPage('/?variantOverride=planSelectorPageRedesign:variant1');
      await (await visible(page.getByRole('radio', { name: 'Monthly Plan', exact: true }), "the 'Monthly Plan' card")).check();
      await page.getByRole('link', { name: 'Start your free trial' }).click();
      await arrivesAt(page, (u) => u.pathname === '/register', '/register');
      await register(page, 'chose-first');
      expect(await selectedPlanText(page)).toContain('Monthly Plan');
    },
  );

  test("the shorter header variant names the plan's trial label", async () => {
    const page = await e2e.openPage('/register?selected_plan=monthly&variantOverride=updatedTrialLabels:variant1');
    await visible(page.getByRole('heading', { level: 1, name: 'Start your 7-day Free trial' }), 'the short header');
  });
});

describe('a logged-in parent with a plan is sent to /my-account', () => {
  async function parentWithPlan(label: string) {
    const parent = await newParent(e2e, label);
    const bought = await fetch(`${e2e.url}/api/functions/PurchaseSubscription`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-parse-session-token': parent.sessionToken,
        'idempotency-key': `signup-test-${parent.objectId}`,
      },
      body: JSON.stringify({
        paymentMethodToken: 'fake-valid-visa-nonce',
        webOfferId: 'annual',
        customerOptions: { email: parent.email },
        expectedTodayCharge: 0,
      }),
    });
    expect(((await bought.json()) as { result?: unknown }).result).toBeTruthy();
    return parent;
  }

  test('opening the account-creation screen, the parent lands on /my-account (one without a plan on /signup-payment)', async () => {
    const parent = await parentWithPlan('hasplan');
    const page = await e2e.openPage('/register', { session: parent });
    await arrivesAt(page, (u) => u.pathname === '/my-account', '/my-account from /register');
    await visible(page.getByText(`Signed in as ${parent.email}`), 'the account page');
    await expectHealthyScreen(page, '/my-account from /register');

    const without = await newParent(e2e, 'noplan');
    const other = await e2e.openPage('/register', { session: without });
    await arrivesAt(other, (u) => u.pathname === '/signup-payment', '/signup-payment from /register');
    await visible(planDropdown(other), 'the plan dropdown');
  });

  test(
    'logging in on the way to the checkout, ' + 'the parent with a plan lands on /my-account; one without goes on to the checkout',
    async () => {
      const withPlan = await parentWithPlan('login-hasplan');
      const page = await e2e.openPage('/signup-payment');
      await arrivesAt(page, (u) => u.pathname === '/login', '/login');
      await page.getByLabel('Email').fill(withPlan.email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log In' }).click();
      await arrivesAt(page, (u) => u.pathname === '/my-account', '/my-account after logging in');

      const without = await newParent(e2e, 'login-noplan');
      const other = await e2e.openPage('/signup-payment');
      await arrivesAt(other, (u) => u.pathname === '/login', '/login');
      await other.getByLabel('Email').fill(without.email);
      await other.getByLabel('Password').fill(PASSWORD);
      await other.getByRole('button', { name: 'Log In' }).click();
      await arrivesAt(other, (u) => u.pathname === '/signup-payment', '/signup-payment after logging in');
      await visible(planDropdown(other), 'the plan dropdown');
    },
  );
});
