/**
 * `npm run dev`'s preview loop: a saved copy or funnel file reaches the open page in place —
 * what the parent typed stays in the form, the address stays, the page does not load again —
 * and a config error shows in Vite's overlay at its file:line:col until the fix, again without
 * a reload. The dev server reads temporary copies of funnels/ and copy/ (scripts/lib/devServer.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DevServer, startDevServer } from '../../scripts/lib/devServer.ts';
import { launchBrowser, UI_TIMEOUT } from './harness.ts';

/** A save goes through a check of the whole config on a shared machine: generous. */
const SAVE_TIMEOUT = 30_000;

let server: DevServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startDevServer(), launchBrowser()]);
  // Vite prepares the app's dependencies on the first visit and may load that page again:
  // a visit first, so the page under test loads once.
  const warmUp = await browser.newPage();
  await warmUp.goto(`${server.url}/login`);
  await warmUp.getByLabel('Password').waitFor({ timeout: 60_000 });
  await warmUp.waitForLoadState('networkidle');
  await warmUp.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Replaces `from` (which must be there) in a file of the temporary config. */
function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} has no '${from}'.`);
  writeFileSync(file, text.replace(from, to));
}

async function openCountingLoads(url: string): Promise<{ page: Page; loads: () => number }> {
  const page = await browser!.newPage();
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto(url);
  return { page, loads: () => loads };
}

test('copy and screen edits show in place, keeping what was typed; a config error shows in the overlay until the fix', async () => {
  const dev = server!;
  const { page, loads } = await openCountingLoads(`${dev.url}/login`);
  await page.getByRole('heading', { name: 'Log into your account' }).waitFor({ timeout: UI_TIMEOUT });
  await page.getByLabel('Email').fill('parent@example.com');
  await page.getByLabel('Password').fill('typed before the edit');

  edit(path.join(dev.copyDir, 'en/account.yaml'), '  heading: Log into your account\n', '  heading: Log in to Codeling\n');
  await page.getByRole('heading', { name: 'Log in to Codeling' }).waitFor({ timeout: SAVE_TIMEOUT });
  expect(await page.getByLabel('Email').inputValue()).toBe('parent@example.com');
  expect(await page.getByLabel('Password').inputValue()).toBe('typed before the edit');
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(loads()).toBe(1);

  // A screen edit (another text under the heading) keeps the form too.
  const funnel = path.join(dev.funnelsDir, 'account.yaml');
  edit(funnel, 'text: account:login.welcome\n', 'text: account:login.existingAccountNotice\n');
  await page.getByText('It looks like you have an account. Log in below.').waitFor({ timeout: SAVE_TIMEOUT });
  expect(await page.getByText('Welcome back!').count()).toBe(0);
  expect(await page.getByLabel('Email').inputValue()).toBe('parent@example.com');
  expect(await page.getByLabel('Password').inputValue()).toBe('typed before the edit');
  expect(loads()).toBe(1);

  // A funnel naming a copy key that does not exist: the overlay points at it.
  const valid = readFileSync(funnel, 'utf8');
  const lines = valid.split('\n');
  const line = lines.indexOf('        text: account:login.heading') + 1;
  expect(line).toBeGreaterThan(0);
  edit(funnel, 'text: account:login.heading\n', 'text: account:login.headng\n');
  const overlay = page.locator('vite-error-overlay');
  await overlay.locator('.file').waitFor({ timeout: SAVE_TIMEOUT });
  expect(await overlay.locator('.file').textContent()).toBe(`${funnel}:${line}:15`);
  expect(await overlay.locator('.message-body').textContent()).toContain(
    `account.yaml:${line}:15: error FL502: Unknown copy key 'account:login.headng'`,
  );

  writeFileSync(funnel, valid);
  await overlay.waitFor({ state: 'detached', timeout: SAVE_TIMEOUT });
  await page.getByRole('heading', { name: 'Log in to Codeling' }).waitFor({ timeout: UI_TIMEOUT });
  expect(await page.getByLabel('Email').inputValue()).toBe('parent@example.com');
  expect(await page.getByLabel('Password').inputValue()).toBe('typed before the edit');
  expect(loads()).toBe(1);
});
