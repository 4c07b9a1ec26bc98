/**
 * A marketer's draft, previewed (docs/releases.md "Previews"): `npm run release -- publish --draft`
 * prints a preview link; whoever opens it sees the draft (a new heading and the /acmegym partner
 * funnel only the draft has), with a banner naming the draft on every page, and walks its funnel to
 * the thank-you page on the sandbox (with the live catalog's offers): the account is a test account. A tab without the link sees live;
 * "Leave preview" goes back to live. The build is the one the suite made: nothing is built here.
 * SCREENSHOT_DIR=docs/screenshots/releases writes a screenshot of each step.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { cliEnv, runScript } from '../server/cliHarness.ts';
import { HOME_HEADING, makeCheckout, REPOSITORY_FILES, withAcmeGym, withHomeHeading } from '../server/releaseFixtures.ts';
import {
  arrivesAt,
  dataDirOf,
  expectHealthyScreen,
  newParentEmail,
  screenshotForReview,
  type TestPage,
  useE2E,
  visible,
} from './harness.ts';
import { expectOrderSummary, fillCard } from './paymentsHelpers.ts';

const DRAFT_HEADING = 'A heading still in draft';
const VISA = { number: '4111 1111 1111 1111', expiration: '12/2030', postalCode: '94107', cvv: '123', name: 'Ada Lovelace' };
const PASSWORD = 'secret12';
const NOT_FOUND = 'You found a Glitch!';

const e2e = useE2E();
const checkout = makeCheckout(withAcmeGym(withHomeHeading(REPOSITORY_FILES, DRAFT_HEADING)));
afterAll(() => checkout.remove());

const release = (...args: string[]) =>
  runScript('release.ts', args, cliEnv(dataDirOf(e2e.url), { FUNNELS_DIR: checkout.funnelsDir, COPY_DIR: checkout.copyDir }));

const banner = (page: TestPage, draft: number) => page.getByRole('status').filter({ hasText: `Preview of draft ${draft}` });

describe('a draft’s preview link', () => {
  test('shows the draft with its banner through a checkout on the sandbox; others see live; leaving goes back to live', async () => {
    const saved = await release('publish', '--draft', '--message', 'AcmeGym partner, in draft');
    const link = /Preview: \S+\/\?preview=([\w-]+)/.exec(saved.stdout);
    const draft = Number(/Draft (\d+) saved/.exec(saved.stdout)?.[1]);
    expect(link, saved.stdout).not.toBeNull();
    const token = link![1]!;

    // Opened from the link: the draft, its banner, and its new funnel.
    const parent = await e2e.openPage(`/?preview=${token}`, { viewport: { width: 390, height: 844 } });
    await visible(parent.getByRole('heading', { level: 1, name: DRAFT_HEADING }), 'the draft heading');
    await visible(banner(parent, draft), 'the preview banner on the landing page');
    await expectHealthyScreen(parent, '/ in preview');
    await screenshotForReview(parent, 'preview-1-landing');

    await parent.goto(e2e.at('/acmegym'));
    await visible(parent.getByRole('heading', { level: 1, name: 'Welcome, AcmeGym members!' }), 'the draft’s partner landing');
    await visible(banner(parent, draft), 'the preview banner after a full page load');
    await parent.getByRole('link', { name: 'Start your free trial' }).click();
    await arrivesAt(parent, (u) => u.pathname === '/acmegym-register', '/acmegym-register');
    const email = newParentEmail('preview');
    await parent.getByLabel('Email').fill(email);
    await parent.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await parent.getByLabel('Confirm password').fill(PASSWORD);
    await parent.getByRole('button', { name: 'Create account' }).click();
    await arrivesAt(parent, (u) => u.pathname === '/acmegym-payment', '/acmegym-payment', 20_000);
    // The draft's own offer, sold in its preview only (docs/releases.md, "Previews").
    await expectOrderSummary(parent, ['Annual Plan: $59.99 charged after 30-day free trial. Cancel anytime.', "Today's charge $0.00"]);
    await fillCard(parent, VISA);
    await visible(banner(parent, draft), 'the preview banner on the payment page');
    await screenshotForReview(parent, 'preview-2-payment');
    await parent.getByRole('button', { name: 'Join Now' }).click();
    await arrivesAt(parent, (u) => u.pathname === '/acmegym-thankyou', '/acmegym-thankyou', 30_000);
    await visible(parent.getByRole('heading', { level: 1, name: 'Welcome to Codeling!' }), 'the thank-you heading');
    await visible(banner(parent, draft), 'the preview banner on the thank-you page');
    await expectHealthyScreen(parent, '/acmegym-thankyou in preview');
    await screenshotForReview(parent, 'preview-3-thankyou');

    const db = e2e.app.backend.accounts.db;
    const user = await db.selectFrom('users').select(['id', 'test_data', 'partner']).where('email', '=', email).executeTakeFirstOrThrow();
    const customer = await db.selectFrom('customers').select('gateway').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const plans = await db.selectFrom('subscriptions').select(['web_offer_id', 'partner']).where('user_id', '=', user.id).execute();
    expect({ testData: user.test_data, partner: user.partner, gateway: customer.gateway, plans }).toEqual({
      testData: true,
      partner: 'acmegym',
      gateway: 'sandbox',
      plans: [{ web_offer_id: 'acmegym_annual', partner: 'acmegym' }],
    });

    // Anyone without the link: live, no banner, no /acmegym.
    const other = await e2e.openPage('/acmegym');
    await visible(other.getByRole('heading', { level: 1, name: NOT_FOUND }), 'the live site has no /acmegym');
    await other.goto(e2e.at('/'));
    await visible(other.getByRole('heading', { level: 1, name: HOME_HEADING }), 'the live heading');
    expect(await other.getByText(/Preview of draft/).count()).toBe(0);

    // Leaving the preview: live again, for the rest of the visit.
    await parent.getByRole('link', { name: 'Leave preview' }).click();
    await visible(parent.getByRole('heading', { level: 1, name: HOME_HEADING }), 'the live heading after leaving the preview');
    expect(await parent.getByText(/Preview of draft/).count()).toBe(0);
    await parent.goto(e2e.at('/acmegym'));
    await visible(parent.getByRole('heading', { level: 1, name: NOT_FOUND }), 'no /acmegym after leaving the preview');
  });
});
