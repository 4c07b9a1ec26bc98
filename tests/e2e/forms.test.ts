import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { arrivesAt, expectHealthyScreen, heading, storedClientState, useE2E, visible, TEST_USER } from './harness.ts';
import { SESSION_KEY } from '../../src/runtime/storageKeys.ts';

const e2e = useE2E();

/** Fake backend answers for named calls. */
async function fakeCalls(page: Page, answers: Record<string, { status?: number; body: unknown }>, seen: { name: string; body: unknown; headers: Record<string, string> }[] = []) {
  await page.route('**/api/functions/*', async (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop()!;
    seen.push({ name, body: route.request().postDataJSON(), headers: route.request().headers() });
    const a = answers[name] ?? { status: 400, body: { code: 141, error: `Invalid function: "${name}"` } };
    await route.fulfill({ status: a.status ?? 200, contentType: 'application/json', body: JSON.stringify(a.body) });
  });
  return seen;
}

const alert = (page: Page) => page.getByRole('alert');

describe('forms', () => {
  test('login: empty submit → the first rule as an error notification, field marked; then success goes to the remembered page', async () => {
    const seen: { name: string; body: unknown; headers: Record<string, string> }[] = [];
    const page = await e2e.openPage('/promo-payment', {
      before: (p) =>
        fakeCalls(p, { UserLogin: { body: { result: { sessionToken: 'r:ok', user: { objectId: 'u9', email: 'parent@example.com' } } } } }, seen).then(() => undefined),
    });
    await arrivesAt(page, (u) => u.pathname === '/login', '/login');
    await heading(page);
    await page.getByRole('button', { name: 'Log In' }).click();
    await visible(alert(page).getByText('Please enter both an email and password.'), 'the required message');
    const email = page.getByLabel('Email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy}`).innerText()).toBe('Please enter both an email and password.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await expectHealthyScreen(page, 'login with errors');
    await email.fill('Parent@Example.com');
    await page.getByLabel('Password').fill('secret1');
    await page.getByRole('button', { name: 'Log In' }).click();
    await arrivesAt(page, (u) => u.pathname === '/promo-payment', '/promo-payment (remembered)');
    await heading(page);
    expect(seen.find((s) => s.name === 'UserLogin')?.body).toEqual({ username: 'parent@example.com', password: 'secret1' });
    expect((await storedClientState(page)).expectedNextPage ?? null).toBeNull();
    expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), SESSION_KEY))!)).toEqual({ objectId: 'u9', email: 'parent@example.com', sessionToken: 'r:ok' });
    // Header now shows the logged-in links; Logout clears and goes to /login.
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await arrivesAt(page, (u) => u.pathname === '/login', '/login after logout');
    expect(await page.evaluate((k) => localStorage.getItem(k), SESSION_KEY)).toBeNull();
    expect(seen.find((s) => s.name === 'Logout')?.headers['x-parse-session-token']).toBe('r:ok');
  });

  test("a refused login shows the server's message", async () => {
    const page = await e2e.openPage('/login', { before: (p) => fakeCalls(p, { UserLogin: { status: 404, body: { code: 101, error: 'Invalid username/password.' } } }).then(() => undefined) });
    await heading(page);
    await page.getByLabel('Email').fill('a@b.co');
    await page.getByLabel('Password').fill('nope');
    await page.getByRole('button', { name: 'Log In' }).click();
    await visible(alert(page).getByText('Invalid username/password.'), 'the server message');
    await expectHealthyScreen(page, 'login refused');
  });

  test('legacy login when unifiedLogin is off', async () => {
    let legacy: unknown;
    const page = await e2e.openPage('/login?variantOverride=unifiedLogin:off', {
      before: async (p) => {
        await p.route('**/api/login', async (r) => {
          legacy = r.request().postDataJSON();
          await r.fulfill({ contentType: 'application/json', body: JSON.stringify({ objectId: 'u1', username: 'a@b.co', sessionToken: 'r:legacy' }) });
        });
      },
    });
    await heading(page);
    await page.getByLabel('Email').fill('A@B.co');
    await page.getByLabel('Password').fill('secret1');
    await page.getByRole('button', { name: 'Log In' }).click();
    await arrivesAt(page, (u) => u.pathname === '/my-account', '/my-account');
    expect(legacy).toEqual({ username: 'a@b.co', password: 'secret1' });
  });

  test('register: email checked on blur (capitals), then the existing-account warning with a link to log in', async () => {
    const page = await e2e.openPage('/register', { before: (p) => fakeCalls(p, { GetUserExistsByUsername: { body: { result: { exists: true } } } }).then(() => undefined) });
    await heading(page);
    await page.getByLabel('Email').fill('Parent@example.com');
    await page.getByLabel('Password', { exact: true }).focus();
    await visible(alert(page).getByText('Please do not use capital letters'), 'the capitals message');
    await page.getByLabel('Email').fill('parent@example.com');
    await page.getByLabel('Password', { exact: true }).focus();
    const warning = await visible(alert(page).getByText(/It looks like you have an account/), 'the existing-account warning');
    await expectHealthyScreen(page, 'register warnings');
    await warning.getByRole('link', { name: 'Click here' }).click();
    await arrivesAt(page, (u) => u.pathname === '/login', '/login');
  });

  test('promo registration: the checks in order, the captcha checkbox, the token sent', async () => {
    const seen = [] as { name: string; body: unknown; headers: Record<string, string> }[];
    const page = await e2e.openPage('/promo', { before: (p) => fakeCalls(p, { CreateWebUser: { status: 400, body: { code: 202, error: 'Account already exists for this username.' } } }, seen).then(() => undefined) });
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
    await page.getByLabel('Email').fill('parent@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret2');
    await submit.click();
    await visible(alert(page).getByText('Passwords do not match'), 'match');
    await expectHealthyScreen(page, 'promo registration errors');
    await page.getByLabel('Confirm password').fill('secret1');
    await submit.click();
    await visible(alert(page).getByText('Account already exists for this username.'), 'server error');
    const body = seen.find((s) => s.name === 'CreateWebUser')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ username: 'parent@example.com', promoCode: 'CS12-3456-78', captchaToken: 'local-captcha:promoRegister', confirmPromoEmails: true });
  });

  test('add classes: a parent without a plan gets the no-subscription alert and is logged out', async () => {
    const page = await e2e.openPage('/addclasses-login', {
      clientState: { minervaAddedClassId: 'minerva_add_on_4_classes' },
      before: (p) =>
        fakeCalls(p, {
          UserLogin: { body: { result: { sessionToken: 'r:x', user: { objectId: 'u1', email: 'parent@example.com' } } } },
          GetCustomerDetails: { body: { result: { isExpired: true } } },
        }).then(() => undefined),
    });
    await heading(page);
    await page.getByLabel('Email').fill('parent@example.com');
    await page.getByLabel('Password').fill('secret1');
    await page.getByRole('button', { name: 'Log In' }).click();
    const note = await visible(alert(page).getByText('Account parent@example.com has no active subscription.'), 'no-subscription');
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
