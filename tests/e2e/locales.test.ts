/**
 * Languages (docs/translators.md): a parent whose browser asks for Spanish, or who follows a
 * `?lang=es` link, sees the product in Spanish from the first screen to the purchase and My
 * Account; the footer's switcher changes the language on the page itself and remembers it.
 * Texts are read from copy/es through i18next, as the browser reads them.
 */

import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../scripts/lib/build.ts';
import { blocks } from '../../src/blocks/registry.ts';
import { checkAndCompile } from '../../src/compiler/compile.ts';
import { createCopy } from '../../src/runtime/copy.ts';
import { arrivesAt, expectHealthyScreen, newParentEmail, screenshotForReview, useE2E, visible } from './harness.ts';
import { fillCard, newParent, type Session } from './paymentsHelpers.ts';

const e2e = useE2E();

const { compiled, diagnostics } = checkAndCompile({ root: repoRoot, funnelsDir: 'funnels', copyDir: 'copy', blocks });
if (!compiled?.copy.es) throw new Error(`No Spanish copy: ${diagnostics.map((d) => `${d.file}: ${d.message}`).join('\n')}`);
const es = createCopy('es', compiled.copy.es, async () => ({})).t.get();
const en = createCopy('en', compiled.copy.en!, async () => ({})).t.get();

const PHONE = { width: 390, height: 844 };
const PASSWORD = 'secret12';
const VISA = { number: '4111 1111 1111 1111', expiration: '12/2030', postalCode: '94107', cvv: '123', name: 'Ada Lovelace' };

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** Marks the page's JavaScript world: still there afterwards means the page was not loaded again. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { __samePage: true }));
const samePageStill = (page: Page) => page.evaluate(() => (window as { __samePage?: boolean }).__samePage === true);

describe('Spanish', () => {
  test('a browser set to es-ES sees the landing in Spanish; the switcher goes back to English on the page and remembers it', async () => {
    const page = await e2e.openPage('/', { locale: 'es-ES', viewport: PHONE });
    await visible(h1(page, es('home:heading')), 'the Spanish landing heading');
    expect(es('home:heading')).not.toBe(en('home:heading'));
    expect(await htmlLang(page)).toBe('es');
    await visible(page.getByRole('link', { name: es('home:cta') }), 'the Spanish call to action');
    await expectHealthyScreen(page, 'the landing in Spanish');
    await screenshotForReview(page, 'es-landing', { fullPage: true });

    await markPage(page);
    await page.getByLabel(es('common:language.label')).selectOption('en');
    await visible(h1(page, en('home:heading')), 'the English heading after switching');
    expect(await htmlLang(page)).toBe('en');
    expect(await samePageStill(page)).toBe(true);
    await visible(page.getByLabel(en('common:language.label')), "the switcher's English name");
    await screenshotForReview(page, 'es-switched-to-english');

    await page.reload({ waitUntil: 'domcontentloaded' });
    await visible(h1(page, en('home:heading')), 'English again after a reload (the choice is remembered)');
  });

  test('/login and its error in Spanish; ?lang=es shows Spanish to an English browser too', async () => {
    const page = await e2e.openPage('/login', { locale: 'es-ES', viewport: PHONE });
    await visible(h1(page, es('account:login.heading')), 'the Spanish login heading');
    await page.getByRole('button', { name: es('account:login.submit') }).click();
    await visible(page.getByRole('alert').getByText(es('account:login.bothRequired')), 'the Spanish error');
    expect(await page.getByLabel(es('account:fields.email')).getAttribute('aria-invalid')).toBe('true');
    await expectHealthyScreen(page, '/login with an error, in Spanish');
    await screenshotForReview(page, 'es-login-error');

    const linked = await e2e.openPage('/login?lang=es', { viewport: PHONE });
    await visible(h1(linked, es('account:login.heading')), 'Spanish from ?lang=es in an English browser');
    expect(await htmlLang(linked)).toBe('es');
  });

  test('registration with a validation error, then a purchase, all in Spanish', async () => {
    const page = await e2e.openPage('/', { locale: 'es-ES', viewport: PHONE });
    await page.getByRole('link', { name: es('home:cta') }).click();
    await arrivesAt(page, (u) => u.pathname === '/register', '/register');
    const email = page.getByLabel(es('account:fields.email'));
    await (await visible(email, 'the Spanish email field')).fill('not-an-email');
    await page.getByLabel(es('account:fields.password'), { exact: true }).focus();
    await visible(page.getByText(es('validation:email')).first(), 'the Spanish validation message');
    await expectHealthyScreen(page, '/register with an error, in Spanish');

    const parentEmail = newParentEmail('es');
    await email.fill(parentEmail);
    await page.getByLabel(es('account:fields.password'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(es('account:fields.confirmPassword')).fill(PASSWORD);
    await page.getByRole('button', { name: es('account:register.submit') }).click();
    await arrivesAt(page, (u) => u.pathname === '/signup-payment', '/signup-payment', 20_000);
    await visible(page.getByRole('tab', { name: es('payment:checkout.cardTab') }), 'the Spanish card tab');
    await fillCard(page, VISA, {
      cardNumber: es('payment:checkout.cardNumber'),
      expiration: es('payment:checkout.expiration'),
      postalCode: es('payment:checkout.postalCode'),
      cvv: es('payment:checkout.securityCode'),
      name: es('payment:checkout.nameOnCard'),
    });
    await expectHealthyScreen(page, '/signup-payment in Spanish');
    await screenshotForReview(page, 'es-signup-payment', { fullPage: true });
    await page.getByRole('button', { name: es('payment:checkout.submit') }).click();
    // The route table sends /signup-thankyou on to the partner product page.
    await arrivesAt(page, (u) => u.pathname !== '/signup-payment', 'the page after the purchase', 30_000);
    expect(page.visited.some((u) => new URL(u).pathname === '/signup-thankyou')).toBe(true);
    const db = e2e.app.backend.accounts.db;
    const user = await db.selectFrom('users').select('id').where('email', '=', parentEmail).executeTakeFirstOrThrow();
    expect(await db.selectFrom('subscriptions').select('status').where('user_id', '=', user.id).execute()).toHaveLength(1);
  });

  test('My Account in Spanish: its sections, and the renewal date in Spanish words', async () => {
    const parent: Session = await newParent(e2e, 'es-account');
    const bought = await fetch(`${e2e.url}/api/functions/PurchaseSubscription`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-parse-session-token': parent.sessionToken,
        'idempotency-key': `es-${parent.objectId}`,
      },
      body: JSON.stringify({
        paymentMethodToken: 'fake-valid-visa-nonce',
        webOfferId: 'monthly',
        customerOptions: { email: parent.email },
        expectedTodayCharge: 0,
      }),
    });
    expect(bought.status).toBe(200);
    const page = await e2e.openPage('/my-account', { session: parent, locale: 'es-ES' });
    await visible(h1(page, es('myAccount:page.title')), 'the Spanish My Account heading');
    const renews = page.locator('.plan-field', { has: page.locator('dt', { hasText: es('myAccount:page.field.renewsOn') }) }).locator('dd');
    await visible(renews.getByText(/^\d{1,2} de [a-z]+ de \d{4}$/), 'the renewal date in Spanish');
    await expectHealthyScreen(page, 'My Account in Spanish');
    await screenshotForReview(page, 'es-my-account', { fullPage: true });
  });
});
