/**
 * A marketer's release, end to end (docs/releases.md): the running server serves the checkout's
 * files; `npm run release -- publish` uploads a changed heading and a new partner funnel from a
 * checkout; a fresh tab shows both at once and a parent walks the new funnel to its thank-you page
 * on the sandbox, while a tab opened before goes on with the earlier release; `rollback` brings the
 * earlier release back. The build is the one the suite made: nothing is built here.
 * SCREENSHOT_DIR=docs/screenshots/releases writes a screenshot of each step.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { defaultOutDir } from '../../scripts/lib/build.ts';
import { cliEnv, runScript } from '../server/cliHarness.ts';
import { HOME_HEADING, makeCheckout, REPOSITORY_FILES, withAcmeGym, withHomeHeading } from '../server/releaseFixtures.ts';
import { arrivesAt, dataDirOf, expectHealthyScreen, newParentEmail, screenshotForReview, useE2E, visible } from './harness.ts';
import { expectOrderSummary, fillCard } from './paymentsHelpers.ts';

const NEW_HEADING = 'Coding adventures start here!';
const VISA = { number: '4111 1111 1111 1111', expiration: '12/2030', postalCode: '94107', cvv: '123', name: 'Ada Lovelace' };
const PASSWORD = 'secret12';
const NOT_FOUND = 'You found a Glitch!';

const e2e = useE2E();
const checkout = makeCheckout(withAcmeGym(withHomeHeading(REPOSITORY_FILES, NEW_HEADING)));
afterAll(() => checkout.remove());

/** `npm run release -- …` from the marketer's checkout, against the running test server (its DATA_DIR). */
const release = (...args: string[]) =>
  runScript('release.ts', args, cliEnv(dataDirOf(e2e.url), { FUNNELS_DIR: checkout.funnelsDir, COPY_DIR: checkout.copyDir }));

const builtAt = () => statSync(path.join(defaultOutDir, 'index.html')).mtimeMs;

describe('a marketer publishes a release and rolls it back, with no build', () => {
  test('publish: a fresh tab shows the new heading and /acmegym; an open tab keeps its release; rollback undoes both', async () => {
    const built = builtAt();

    // 1. The live release is the checkout the server started on.
    const before = await e2e.openPage('/');
    await visible(before.getByRole('heading', { level: 1, name: HOME_HEADING }), 'the landing heading before the publish');
    await screenshotForReview(before, '1-landing-before-publish');
    const startRelease = await before.evaluate(() => JSON.parse(document.getElementById('page-release')!.textContent!).id as number);

    // 2. The marketer publishes a changed heading and a new partner funnel (about 10 lines from the template).
    const published = await release('publish', '--message', 'AcmeGym partner; new landing heading');
    expect(published.stdout).toMatch(/Release (\d+) is live/);
    const newRelease = Number(/Release (\d+) is live/.exec(published.stdout)![1]);
    expect(newRelease).not.toBe(startRelease);

    // 3. A fresh tab: the new heading, and /acmegym walked to its thank-you page on the sandbox.
    const fresh = await e2e.openPage('/');
    await visible(fresh.getByRole('heading', { level: 1, name: NEW_HEADING }), 'the new landing heading in a fresh tab');
    await screenshotForReview(fresh, '2-landing-after-publish');
    const parent = await e2e.openPage('/acmegym', { viewport: { width: 390, height: 844 } });
    await visible(parent.getByRole('heading', { level: 1, name: 'Welcome, AcmeGym members!' }), 'the new partner landing');
    await expectHealthyScreen(parent, '/acmegym');
    await screenshotForReview(parent, '3-acmegym-landing');
    await parent.getByRole('link', { name: 'Start your free trial' }).click();
    await arrivesAt(parent, (u) => u.pathname === '/acmegym-register', '/acmegym-register');
    const email = newParentEmail('acmegym');
    await parent.getByLabel('Email').fill(email);
    await parent.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await parent.getByLabel('Confirm password').fill(PASSWORD);
    await parent.getByRole('button', { name: 'Create account' }).click();
    await arrivesAt(parent, (u) => u.pathname === '/acmegym-payment', '/acmegym-payment', 20_000);
    await visible(parent.getByRole('heading', { level: 1, name: 'Start your AcmeGym membership' }), 'the payment heading');
    await expectOrderSummary(parent, ['Annual Plan: $59.99 charged after 30-day free trial. Cancel anytime.', "Today's charge $0.00"]);
    await fillCard(parent, VISA);
    await screenshotForReview(parent, '4-acmegym-payment');
    await parent.getByRole('button', { name: 'Join Now' }).click();
    await arrivesAt(parent, (u) => u.pathname === '/acmegym-thankyou', '/acmegym-thankyou', 30_000);
    await visible(parent.getByRole('heading', { level: 1, name: 'Welcome to Codeling!' }), 'the thank-you heading');
    await screenshotForReview(parent, '5-acmegym-thankyou');
    const db = e2e.app.backend.accounts.db;
    const user = await db.selectFrom('users').select(['id', 'partner']).where('email', '=', email).executeTakeFirstOrThrow();
    const plans = await db.selectFrom('subscriptions').select(['partner', 'web_offer_id']).where('user_id', '=', user.id).execute();
    expect({ user: user.partner, plans }).toEqual({ user: 'acmegym', plans: [{ partner: 'acmegym', web_offer_id: 'acmegym_annual' }] });

    // 4. The tab opened before the publish goes on with its funnel on the earlier release.
    await visible(before.getByRole('heading', { level: 1, name: HOME_HEADING }), 'the earlier heading, still, in the open tab');
    const asked: string[] = [];
    before.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await before.locator('main a[href^="/login"]').first().click();
    await visible(before.getByRole('heading', { level: 1, name: 'Log into your account' }), 'the next screen of the open tab');
    const releaseFiles = asked.filter((p) => p.startsWith('/releases/'));
    expect(releaseFiles.every((p) => p.startsWith(`/releases/${startRelease}/`))).toBe(true);
    await screenshotForReview(before, '6-open-tab-on-earlier-release');

    // 5. Rollback: the earlier heading again, and /acmegym is the not-found page.
    const rolledBack = await release('rollback');
    expect(rolledBack.stdout).toContain(`${startRelease}`);
    const again = await e2e.openPage('/');
    await visible(again.getByRole('heading', { level: 1, name: HOME_HEADING }), 'the landing heading after the rollback');
    await screenshotForReview(again, '7-landing-after-rollback');
    const gone = await e2e.openPage('/acmegym');
    await visible(gone.getByText(NOT_FOUND), 'the not-found page at /acmegym after the rollback');
    await screenshotForReview(gone, '8-acmegym-not-found-after-rollback');

    // 6. No build ran: the app served is the one the suite built before this test.
    expect(builtAt()).toBe(built);
  });
});
