/**
 * Accounts in the browser against the real backend: nothing under /api is faked here. The
 * harness starts the server the way `npm start` does (embedded database, migrations, catalog),
 * so registration, login and logout go through CreateWebUser, UserLogin and Logout for real.
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
  type TestPage,
  useE2E,
  visible,
} from './harness.ts';

const e2e = useE2E();

const alert = (page: Page) => page.getByRole('alert');
const storedSession = async (page: Page) => {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), SESSION_KEY);
  return raw ? (JSON.parse(raw) as { objectId: string; email: string; sessionToken: string }) : null;
};

async function logOutFromHeader(page: TestPage) {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await arrivesAt(page, (u) => u.pathname === '/login', '/login after logging out');
  await heading(page);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

describe('accounts on the real backend', () => {
  test('register, log out, open /my-account, log in, land back on /my-account, log out', async () => {
    const email = newParentEmail('register');
    const password = 'secret12';

    // Register: CreateWebUser (with the local captcha's token), then the login, then the payment step.
    const page = await e2e.openPage('/register');
    await heading(page);
    await expectHealthyScreen(page, 'register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await arrivesAt(page, (u) => u.pathname === '/signup-payment', '/signup-payment after registering');
    await heading(page, 'Start your free trial');
    await visible(page.getByRole('banner').getByRole('button', { name: 'Logout' }), "the header's Logout");
    await expectHealthyScreen(page, 'signup-payment after registering');
    const registered = await storedSession(page);
    expect(registered).toMatchObject({ email });
    expect(registered?.sessionToken).toBeTruthy();

    // Log out: the session ends on the server too.
    await logOutFromHeader(page);
    expect(await storedSession(page)).toBeNull();
    expect(await callBackend(e2e.url, 'GetCustomerDetails', {}, registered!.sessionToken)).toEqual({
      code: 209,
      error: 'Invalid session token',
    });

    // /my-account while logged out → /login, which remembers where the parent was going.
    await page.goto(e2e.at('/my-account'), { waitUntil: 'domcontentloaded' });
    await arrivesAt(page, (u) => u.pathname === '/login', '/login from /my-account');
    await heading(page);
    await expectHealthyScreen(page, 'login from /my-account');
    await logIn(page, email, password);
    await arrivesAt(page, (u) => u.pathname === '/my-account', '/my-account after logging in');
    await heading(page);
    await visible(page.getByText(`Signed in as ${email}`), 'the signed-in email');
    await expectHealthyScreen(page, 'my-account');
    const loggedIn = await storedSession(page);
    expect(loggedIn?.sessionToken).toBeTruthy();
    expect(loggedIn?.sessionToken).not.toBe(registered!.sessionToken);
    expect(await callBackend(e2e.url, 'GetCustomerDetails', {}, loggedIn!.sessionToken)).toHaveProperty('result');

    // And out again.
    await logOutFromHeader(page);
    expect(await storedSession(page)).toBeNull();
    expect(await callBackend(e2e.url, 'GetCustomerDetails', {}, loggedIn!.sessionToken)).toEqual({
      code: 209,
      error: 'Invalid session token',
    });
    await expectHealthyScreen(page, 'login after logging out');
  });

  test("login: empty fields ask for both; a wrong password shows the server's message and logs no one in", async () => {
    const email = newParentEmail('login');
    await createParent(e2e.url, email, 'right-password');
    const page = await e2e.openPage('/login');
    await heading(page);
    const submit = page.getByRole('button', { name: 'Log In' });

    // Nothing typed.
    await submit.click();
    await visible(alert(page).getByText('Please enter both an email and password.'), 'the empty-fields message');
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await expectHealthyScreen(page, 'login, both fields empty');

    // The email only.
    await page.getByLabel('Email').fill(email);
    await submit.click();
    await visible(alert(page).getByText('Please enter both an email and password.'), 'the empty-fields message (no password)');
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');

    // A wrong password: the server's answer, on the login screen, logged out.
    await page.getByLabel('Password').fill('wrong-password');
    await submit.click();
    await visible(alert(page).getByText('Invalid username/password.'), "the server's wrong-password message");
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storedSession(page)).toBeNull();
    await expectHealthyScreen(page, 'login, wrong password');

    // An address without an account gets the same answer (nobody learns which addresses have one).
    await page.getByLabel('Email').fill(newParentEmail('nobody'));
    await submit.click();
    await visible(alert(page).getByText('Invalid username/password.'), "the server's message for an unknown address");
    expect(await storedSession(page)).toBeNull();

    // The right one logs in.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('right-password');
    await submit.click();
    await arrivesAt(page, (u) => u.pathname === '/my-account', '/my-account');
    await visible(page.getByText(`Signed in as ${email}`), 'the signed-in email');
  });
});
