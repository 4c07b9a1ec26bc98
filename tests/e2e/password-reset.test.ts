/**
 * Password reset in the browser against the real backend: the request screen of the unified
 * login (/request-password-reset) and of the legacy one (/reset-password without a token) each
 * send the email; its link (/reset-password?token=…) lets the parent choose a new password once.
 * The outbox adapter here keeps the emails instead of logging them, so the test can follow the link.
 */

import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { OutboxDelivery } from '../../src/server/outbox/outbox.ts';
import { arrivesAt, callBackend, createParent, expectHealthyScreen, heading, newParentEmail, useE2E, visible } from './harness.ts';

const sentEmails: OutboxDelivery[] = [];
const e2e = useE2E({
  flagOverrides: { unifiedLogin: 'on' },
  overrides: { outboxAdapter: { deliver: async (message) => void sentEmails.push(message) } },
});

const alert = (page: Page) => page.getByRole('alert');

/** The reset link of the newest reset email to `email`, once the outbox has delivered it. */
async function resetLinkSentTo(email: string): Promise<URL> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const message = sentEmails.filter((m) => m.name === 'passwordReset' && m.payload.to === email).at(-1);
    if (message?.secret) return new URL(`/reset-password?token=${encodeURIComponent(message.secret)}`, e2e.url);
    if (Date.now() > deadline) throw new Error(`No password-reset email reached ${email} within 10 s.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function logsIn(email: string, password: string): Promise<boolean> {
  return 'result' in (await callBackend(e2e.url, 'UserLogin', { username: email, password }));
}

describe('password reset on the real backend', () => {
  test('forgot password (unified login): request the link, choose a new password, log in with it; the link works once', async () => {
    const email = newParentEmail('reset');
    await createParent(e2e.url, email, 'old-secret');

    const page = await e2e.openPage('/login');
    await heading(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await arrivesAt(page, (u) => u.pathname === '/request-password-reset', '/request-password-reset from the login screen');
    await heading(page, 'Reset your password');
    await expectHealthyScreen(page, 'request-password-reset');

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await visible(
      page.getByText('If an account exists for that email, a reset link is on its way. Please check your inbox.'),
      'the link-sent notice',
    );

    const link = await resetLinkSentTo(email);
    await page.goto(link.href, { waitUntil: 'domcontentloaded' });
    await heading(page);
    await expectHealthyScreen(page, 'reset-password with a token');
    expect(await page.getByLabel('Email').count()).toBe(0); // the link's form asks only for the new password

    // Two passwords that differ are refused in the page.
    await page.getByLabel('New password').fill('new-secret');
    await page.getByLabel('Confirm password').fill('other-secret');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await visible(alert(page).getByText('Passwords do not match'), 'the mismatch message');
    expect(await logsIn(email, 'old-secret')).toBe(true);

    await page.getByLabel('Confirm password').fill('new-secret');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await visible(page.getByText('Your password has been changed. Please log in with your new password.'), 'the changed notice');
    await arrivesAt(page, (u) => u.pathname === '/login', '/login after the change');
    expect(await logsIn(email, 'new-secret')).toBe(true);
    expect(await logsIn(email, 'old-secret')).toBe(false);

    // The same link a second time.
    await page.goto(link.href, { waitUntil: 'domcontentloaded' });
    await heading(page);
    await page.getByLabel('New password').fill('third-secret');
    await page.getByLabel('Confirm password').fill('third-secret');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await visible(alert(page).getByText('This reset link is no longer valid. Please ask for a new one.'), 'the used-link message');
    expect(await logsIn(email, 'new-secret')).toBe(true);
  });

  test(
    'the legacy reset screen (/reset-password without a link) sends the email too; ' +
      'an unknown address gets the same notice and no email',
    async () => {
      const email = newParentEmail('legacy-reset');
      await createParent(e2e.url, email, 'old-secret');
      const page = await e2e.openPage('/reset-password');
      await heading(page, 'Reset your password');
      await expectHealthyScreen(page, 'reset-password without a token');

      await page.getByRole('button', { name: 'Send reset link' }).click();
      await visible(alert(page).getByText('Please enter an email'), 'the empty-email message');

      const nobody = newParentEmail('nobody');
      await page.getByLabel('Email').fill(nobody);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await visible(
        page.getByText('If an account exists for that email, a reset link is on its way. Please check your inbox.'),
        'the notice for an unknown address',
      );

      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      const link = await resetLinkSentTo(email);
      expect(sentEmails.some((m) => m.payload.to === nobody)).toBe(false);

      await page.goto(link.href, { waitUntil: 'domcontentloaded' });
      await page.getByLabel('New password').fill('fresh-secret');
      await page.getByLabel('Confirm password').fill('fresh-secret');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await arrivesAt(page, (u) => u.pathname === '/login', '/login after the change');
      expect(await logsIn(email, 'fresh-secret')).toBe(true);
    },
  );
});
