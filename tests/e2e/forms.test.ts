/**
 * Forms in the browser: the order of their checks, their messages and what they send. The
 * backend is the real one (the harness serves the app with the database, migrations and
 * catalog of `npm start`): accounts are created through it and its answers are what the
 * parent sees. The requests the page makes are recorded, never answered for it.
 */

import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { SESSION_KEY } from '../../src/browser/storageKeys.ts';
import {
  arrivesAt,
  callBackend,
  createParent,
  expectHealthyScreen,
  heading,
  newParentEmail,
  storedClientState,
  TEST_USER,
  useE2E,
  visible,
} from './harness.ts';

const e2e = useE2E();

interface Sent {
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Records the backend requests the page sends (call name or REST path, JSON body, headers). */
async function recordCalls(page: Page, sent: Sent[]) {
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/') || request.method() !== 'POST') return;
    sent.push({ path: url.pathname.replace(/^\/api\/(functions\/)?/, ''), body: request.postDataJSON(), headers: request.headers() });
  });
}

const alert = (page: Page) => page.getByRole('alert');
const storedSession = async (page: Page) =>
  JSON.parse((await page.evaluate((k) => localStorage.getItem(k), SESSION_KEY)) ?? 'null') as {
    objectId: string;
    email: string;
    sessionToken: string;
  } | null;

describe('forms', () => {
  test(
    'login: empty submit → the first rule as an error notification, ' + 'field marked; then success goes to the remembered page',
    async () => {
      const email = newParentEmail('remembered');
      const parent = await createParent(e2e.url, email, 'secret1');
      const sent: Sent[] = [];
      const page = await e2e.openPage('/promo-payment', { before: (p) => recordCalls(p, sent) });
      await arrivesAt(page, (u) => u.pathname === '/login', '/login');
      await heading(page);
      await page.getByRole('button', { name: 'Log In' }).click();
      await visible(alert(page).getByText('Please enter both an email and password.'), 'the required message');
      const emailField = page.getByLabel('Email');
      expect(await emailField.getAttribute('aria-invalid')).toBe('true');
      const describedBy = await emailField.getAttribute('aria-describedby');
      expect(await page.locator(`#${describedBy}`).innerText()).toBe('Please enter both an email and password.');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
      await expectHealthyScreen(page, 'login with errors');
      // Typed with capitals: the login lowercases the email.
      await emailField.fill(email.replace(/^r/, 'R').replace('@example.com', '@Example.com'));
      await page.getByLabel('Password').fill('secret1');
      await page.getByRole('button', { name: 'Log In' }).click();
      await arrivesAt(page, (u) => u.pathname === '/promo-payment', '/promo-payment (remembered)');
      await heading(page);
      expect(sent.find((s) => s.path === 'UserLogin')?.body).toEqual({ username: email, password: 'secret1' });
      expect((await storedClientState(page)).expectedNextPage ?? null).toBeNull();
      const session = await storedSession(page);
      expect(session).toMatchObject({ objectId: parent.id, email });
      // Header now shows the logged-in links; Logout clears, ends the session on the server and goes to /login.
      await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
      await arrivesAt(page, (u) => u.pathname === '/login', '/login after logout');
      expect(await page.evaluate((k) => localStorage.getItem(k), SESSION_KEY)).toBeNull();
      expect(sent.find((s) => s.path === 'Logout')?.headers['x-parse-session-token']).toBe(session!.sessionToken);
      expect(await callBackend(e2e.url, 'GetCustomerDetails', {}, session!.sessionToken)).toEqual({
        code: 209,
        error: 'Invalid session token',
      });
    },
  );

  test('login whose subscription lookup fails: the generic message, ' + 'and the parent is not sent on as if without a plan', async () => {
    const email = newParentEmail('lookup');
    await createParent(e2e.url, email, 'secret1');
    let failing = true;
    const page = await e2e.openPage('/login', {
      before: async (p) => {
        await p.route('**/api/functions/GetCustomerDetails', (route) =>
          failing
            ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":1,"error":"Internal server error."}' })
            : route.fallback(),
        );
      },
    });
    await heading(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret1');
    await page.getByRole('button', { name: 'Log In' }).click();
    await visible(
      alert(page).getByText('Sorry, something went wrong. Please try again or contact us if this persists.'),
      'the generic message',
    );
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await storedClientState(page)).isResubscribe ?? false).toBe(false);

    // The lookup works again: the same login goes on (a parent without a plan: to /my-account).
    failing = false;
    await page.getByRole('button', { name: 'Log In' }).click();
    await arrivesAt(page, (u) => u.pathname === '/my-account', '/my-account once the lookup works');
  });

  test('legacy login when unifiedLogin is off', async () => {
    const email = newParentEmail('legacy');
    await createParent(e2e.url, email, 'secret1');
    const sent: Sent[] = [];
    const page = await e2e.openPage('/login?variantOverride=unifiedLogin:off', { before: (p) => recordCalls(p, sent) });
    await heading(page);
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByLabel('Password').fill('secret1');
    await page.getByRole('button', { name: 'Log In' }).click();
    await arrivesAt(page, (u) => u.pathname === '/my-account', '/my-account');
    await visible(page.getByText(`Signed in as ${email}`), 'the signed-in email');
    expect(sent.map((s) => s.path)).toContain('login');
    expect(sent.find((s) => s.path === 'login')?.body).toEqual({ username: email, password: 'secret1' });
    expect(sent.some((s) => s.path === 'UserLogin')).toBe(false);
  });

  test('register: email checked on blur (capitals), then the existing-account warning with a link to log in', async () => {
    const email = newParentEmail('existing');
    await createParent(e2e.url, email, 'secret1');
    const page = await e2e.openPage('/register');
    await heading(page);
    await page.getByLabel('Email').fill(email.replace('@example.com', '@Example.com'));
    await page.getByLabel('Password', { exact: true }).focus();
    await visible(alert(page).getByText('Please do not use capital letters'), 'the capitals message');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).focus();
    const warning = await visible(alert(page).getByText(/It looks like you have an account/), 'the existing-account warning');
    await expectHealthyScreen(page, 'register warnings');
    await warning.getByRole('link', { name: 'Click here' }).click();
    await arrivesAt(page, (u) => u.pathname === '/login', '/login');
    await visible(page.getByText('It looks like you have an account. Log in below.'), 'the login notice');
  });

  test('promo registration: the checks in order, the captcha checkbox, the token sent', async () => {
    const email = newParentEmail('promo');
    await createParent(e2e.url, email, 'secret1');
    const sent: Sent[] = [];
    const page = await e2e.openPage('/promo', { before: (p) => recordCalls(p, sent) });
    await heading(page);
    const submit = page.getByRole('button', { name: 'Create account and redeem' });
    await submit.click();
    await visible(alert(page).getByText('Please complete the reCaptcha requirements'), 'captcha first');
    expect(await page.locator('[aria-invalid="true"]').evaluateAll((els) => els.map((e) => e.getAttribute('name')))).toEqual(['captcha']);
    await page.getByLabel('I am not a robot').check();
    await submit.click();
    await visible(alert(page).getByText('Please enter an email'), 'email second');
    await page.getByLabel('Promo code').fill('cs12345678');
    expect(await page.getByLabel('Promo code').inputValue()).toBe('CS12-3456-78');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret2');
    await submit.click();
    await visible(alert(page).getByText('Passwords do not match'), 'match');
    await expectHealthyScreen(page, 'promo registration errors');
    await page.getByLabel('Confirm password').fill('secret1');
    // A real code this time: /promo checks the code before it creates the account (the form's last check).
    await page.getByLabel('Promo code').fill('SAVE50');
    await submit.click();
    // The address already has an account: the server refuses (202) and the parent reads why (the message that replaces the server's).
    await visible(
      alert(page).getByText(
        'An account with this email already exists. It is the shared login ' +
          'you use across all our sibling apps, so you can log in with it here.',
      ),
      'the shared-login message',
    );
    expect(new URL(page.url()).pathname).toBe('/promo');
    const body = sent.find((s) => s.path === 'CreateWebUser')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      username: email,
      promoCode: 'SAVE50',
      captchaToken: 'local-captcha:promoRegister',
      confirmPromoEmails: true,
    });
  });

  test('add classes: a parent without a plan gets the no-subscription alert and is logged out', async () => {
    const email = newParentEmail('noplan');
    await createParent(e2e.url, email, 'secret1');
    const page = await e2e.openPage('/addclasses-login', { clientState: { minervaAddedClassId: 'minerva_add_on_4_classes' } });
    await heading(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret1');
    await page.getByRole('button', { name: 'Log In' }).click();
    const note = await visible(alert(page).getByText(`Account ${email} has no active subscription.`), 'no-subscription');
    await visible(note.getByRole('link', { name: 'Signup' }), 'the Signup link');
    expect(await page.evaluate((k) => localStorage.getItem(k), SESSION_KEY)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/addclasses-login');
  });

  test('logged-in header on a mobile width; analytics marked web-site', async () => {
    const page = await e2e.openPage('/my-account', { loggedIn: true, viewport: { width: 360, height: 700 } });
    await heading(page);
    await visible(page.getByText(`Signed in as ${TEST_USER.email}`), 'the signed-in email');
    expect(await page.evaluate(() => (window as unknown as { __analytics: { app: string } }).__analytics.app)).toBe('web-site');
    await expectHealthyScreen(page, 'my account mobile');
  });
});
