/**
 * Operators in browser tests: `loginOperator(page, baseUrl)` creates the test operator on the
 * test server (through its admin endpoint, as `npm run operator` does) unless it exists, then
 * logs in through the /admin/login form and waits for the report.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ADMIN_PREFIX } from '../../src/server/admin/prefix.ts';
import { readAdminToken } from '../../src/server/admin/token.ts';
import { arrivesAt, dataDirOf } from './harness.ts';

export const E2E_OPERATOR = { email: 'operator@example.com', password: 'e2e-operator-password' };

/** Creates the operator on the server at `baseUrl`; an existing one is fine. */
export async function ensureOperator(baseUrl: string, operator = E2E_OPERATOR): Promise<void> {
  const dataDir = dataDirOf(baseUrl);
  const token = readAdminToken(dataDir);
  if (!token) throw new Error(`No admin token in ${path.join(dataDir, 'admin-token')}.`);
  const response = await fetch(`${new URL(baseUrl).origin}${ADMIN_PREFIX}/operators`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(operator),
  });
  if (response.ok) return;
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  if (!body.error?.includes('exists already')) throw new Error(`Could not create the operator: ${response.status} ${body.error ?? ''}`);
}

/** Creates (if needed) and logs in the operator in `page`; answers once the report shows. */
export async function loginOperator(page: Page, baseUrl: string, operator = E2E_OPERATOR): Promise<void> {
  await ensureOperator(baseUrl, operator);
  await page.goto(new URL('/admin/login', baseUrl).href, { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email').fill(operator.email);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await arrivesAt(page, (url) => url.pathname === '/admin/report', 'the experiments report');
  await page.waitForLoadState('domcontentloaded');
}
