/**
 * A draft's preview link (`/?preview=<token>`, docs/releases.md "Previews"): whoever opens it sees
 * the draft, with its banner, for the whole visit; everyone else, and anyone whose link expired or
 * whose draft was deleted, sees live. A guessed draft id finds nothing. A preview's checkout pays on
 * the sandbox while the live gateway sees nothing, its accounts are test accounts, and the report
 * leaves out what preview visits and test accounts did.
 */

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { releaseScreenPath } from '../../src/contract/releases.ts';
import type { PageRelease } from '../../src/runtime/startup/release.ts';
import { buildServer } from '../../src/server/app.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox/gateway.ts';
import { type ClosableReleaseSource, databaseReleaseSource } from '../../src/server/releases/databaseSource.ts';
import { PREVIEW_COOKIE } from '../../src/server/releases/previews.ts';
import { deleteDraft, publish, publishDraft } from '../../src/server/releases/service.ts';
import { buildReport } from '../../src/server/report/build.ts';
import { client, FAST_SCRYPT, newEmail } from './backendServer.ts';
import { useTestDatabase } from './db.ts';
import { type FaultyGateway, faultyGateway } from './faultyGateway.ts';
import { REPOSITORY_FILES, withAcmeGym, withHomeHeading } from './releaseFixtures.ts';
import { makeShellDist } from './shellDist.ts';
import { insertTestMonthlyOffer, MONTHLY_NO_TRIAL } from './testOffers.ts';

const DRAFT_HEADING = 'A heading only the preview shows';
const DAY_MS = 86_400_000;

const t = useTestDatabase();
let source: ClosableReleaseSource;
const publisher = { name: 'pat@example.com', role: 'publisher' } as const;
let shell: ReturnType<typeof makeShellDist>;
let app: FastifyInstance;
let liveId: number;
let draft: { id: number; token: string };
/** The live gateway: a stand-in for Braintree that records every call reaching it. */
let live: FaultyGateway;
/** The sandbox previews pay on, counted too. */
let sandbox: FaultyGateway;
const calls = client(() => app);

const makeDraft = async (heading: string) => {
  const made = await publish(t.db, { files: withHomeHeading(REPOSITORY_FILES, heading), actor: publisher, source: 'cli', draft: true });
  return { id: made.id, token: made.previewToken! };
};

beforeAll(async () => {
  source = databaseReleaseSource({ db: t.db });
  live = faultyGateway(createSandboxGateway({ db: t.db }));
  sandbox = faultyGateway(createSandboxGateway({ db: t.db }));
  liveId = (await publish(t.db, { files: REPOSITORY_FILES, actor: { name: 'deploy', role: 'publisher' }, source: 'deploy' })).id;
  draft = await makeDraft(DRAFT_HEADING);
  await insertTestMonthlyOffer(t.db, MONTHLY_NO_TRIAL);
  shell = makeShellDist('release-previews');
  app = await buildServer({
    distDir: shell.distDir,
    dataDir: shell.dataDir,
    db: t.db,
    releases: source,
    backend: {
      environment: 'test',
      dispatchOutbox: false,
      paymentGateway: { kind: 'braintree', braintree: { environment: 'sandbox', merchantId: 'm', publicKey: 'pub', privateKey: 'priv' } },
    },
    overrides: { passwordParams: FAST_SCRYPT, paymentGateway: { ...live.gateway, name: 'braintree' }, previewGateway: sandbox.gateway },
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await source?.close();
  shell?.remove();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

/** The page at `url`: the release it carries and the preview cookie it sets, if any. */
async function page(url: string, cookie?: string) {
  const answer = await get(url, { accept: 'text/html', ...(cookie ? { cookie } : {}) });
  expect(answer.statusCode).toBe(200);
  const json = /<script type="application\/json" id="page-release">(.*?)<\/script>/.exec(answer.body)?.[1];
  const setCookies = [answer.headers['set-cookie'] ?? []].flat().map(String);
  return {
    release: JSON.parse(json!) as PageRelease,
    previewCookie: setCookies.find((c) => c.startsWith(`${PREVIEW_COOKIE}=`)),
  };
}

const previewCookie = (token: string) => `${PREVIEW_COOKIE}=${token}`;
const headingOf = (release: PageRelease) => JSON.stringify(release);

describe('the preview link', () => {
  test('shows the draft to whoever opens it, with its banner, and keeps the visit on it', async () => {
    const opened = await page(`/?preview=${draft.token}`);
    expect(opened.release.id).toBe(draft.id);
    expect(opened.release.preview).toBe(true);
    // The banner's texts travel with the page in its language (src/runtime/ui/PreviewBanner.tsx).
    expect(opened.release.shellCopy.common).toMatchObject({
      'preview.banner': 'Preview of draft {id}: not live. Purchases here use test cards only.',
    });
    expect(opened.previewCookie).toBe(`${PREVIEW_COOKIE}=${draft.token}; Path=/; HttpOnly; SameSite=Lax`);

    // Another page of the visit, a full load, without the link: still the draft.
    const next = await page('/register', previewCookie(draft.token));
    expect(next.release).toMatchObject({ id: draft.id, preview: true });
    expect(next.previewCookie).toBeUndefined();

    // Its screens come from the draft's own addresses, to this visitor only, and only its browser keeps them.
    const screen = await get(releaseScreenPath(draft.id, 'landing'), { cookie: previewCookie(draft.token) });
    expect(screen.statusCode).toBe(200);
    expect(screen.json()).toMatchObject({ copy: { home: { heading: DRAFT_HEADING } } });
    expect(screen.headers['cache-control']).toBe('private, max-age=86400');

    // Leaving: live again, and the cookie is cleared.
    const left = await page('/?preview=off', previewCookie(draft.token));
    expect(left.release.id).toBe(liveId);
    expect(left.release.preview).toBeUndefined();
    expect(left.previewCookie).toBe(`${PREVIEW_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);

    // The link works on any page, not only the home page.
    expect((await page(`/register?preview=${draft.token}`)).release).toMatchObject({ id: draft.id, preview: true });
  });

  test('everyone else sees the live release, and no preview cookie is set', async () => {
    const plain = await page('/');
    expect(plain.release.id).toBe(liveId);
    expect(plain.release.preview).toBeUndefined();
    expect(headingOf(plain.release)).not.toContain(DRAFT_HEADING);
    expect(plain.previewCookie).toBeUndefined();
    expect((await page('/?preview=not-the-token-of-any-draft')).release.id).toBe(liveId);
  });

  test('a guessed draft id finds nothing: its files are a 404 without its preview cookie', async () => {
    const guessed = await get(releaseScreenPath(draft.id, 'landing'));
    expect(guessed.statusCode).toBe(404);
    const otherToken = await get(releaseScreenPath(draft.id, 'landing'), { cookie: previewCookie('x'.repeat(24)) });
    expect(otherToken.statusCode).toBe(404);
    // A page naming the draft in X-Release does not get its flags or screens either: the live release answers.
    const liveScreen = await get(releaseScreenPath(liveId, 'landing'));
    expect(liveScreen.statusCode).toBe(200);
    expect(liveScreen.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('an expired draft’s link, and a deleted draft’s cookie, show live and clear the cookie', async () => {
    const old = await makeDraft('An old draft');
    await t.db
      .updateTable('releases')
      .set({ created_at: new Date(Date.now() - 8 * DAY_MS) })
      .where('id', '=', old.id)
      .execute();
    const expired = await page(`/?preview=${old.token}`);
    expect(expired.release.id).toBe(liveId);
    expect(expired.previewCookie).toBe(`${PREVIEW_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);

    const doomed = await makeDraft('A draft deleted mid-visit');
    expect((await page(`/?preview=${doomed.token}`)).release.id).toBe(doomed.id);
    await deleteDraft(t.db, { id: doomed.id, actor: publisher });
    const after = await page('/', previewCookie(doomed.token));
    expect(after.release.id).toBe(liveId);
    expect(after.previewCookie).toBe(`${PREVIEW_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
    expect((await get(releaseScreenPath(doomed.id, 'landing'), { cookie: previewCookie(doomed.token) })).statusCode).toBe(404);
  });
});

let keys = 0;
const newKey = () => `preview-key-${process.pid}-${++keys}`;
const inPreview = () => ({ cookie: previewCookie(draft.token) });
const purchase = (token: string, headers: Record<string, string> = {}) =>
  calls.call(
    'PurchaseSubscription',
    {
      paymentMethodToken: 'fake-valid-visa-nonce',
      webOfferId: MONTHLY_NO_TRIAL.id,
      expectedTodayCharge: MONTHLY_NO_TRIAL.priceCents / 100,
    },
    { token, headers: { 'idempotency-key': newKey(), ...headers } },
  );
const gatewayCalls = (g: FaultyGateway) => ({ ...g.calls });

describe('a preview’s checkout', () => {
  test('charges the sandbox, whatever the live gateway, and the live gateway records nothing', async () => {
    const liveBefore = gatewayCalls(live);
    const config = await get('/api/client-config', inPreview());
    expect(config.json()).toMatchObject({ payments: { adapter: 'sandbox' } });
    expect((await get('/api/client-config')).json()).toMatchObject({ payments: { adapter: 'braintree' } });

    // Signed up outside the preview: a real account; inside it, a test account. Both are a partner's (the report counts them).
    const parent = await calls.signUp(newEmail('parent'), undefined, { partner: 'gympass' });
    const tester = await (async () => {
      const email = newEmail('tester');
      const answer = await calls.call(
        'CreateWebUser',
        { username: email, password: 'secret-1', captchaToken: 'local-captcha:registration', partner: 'gympass' },
        { headers: inPreview() },
      );
      expect(answer.status).toBe(200);
      return { email, ...(answer.body.result as { id: string; sessionToken: string }) };
    })();
    const accounts = await t.db.selectFrom('users').select(['id', 'test_data']).where('id', 'in', [parent.id, tester.id]).execute();
    expect(Object.fromEntries(accounts.map((a) => [a.id, a.test_data]))).toEqual({ [parent.id]: false, [tester.id]: true });

    expect((await calls.call('GetClientToken', {}, { token: tester.sessionToken, headers: inPreview() })).status).toBe(200);
    const bought = await purchase(tester.sessionToken, inPreview());
    expect(bought.status).toBe(200);
    expect(gatewayCalls(live)).toEqual(liveBefore);
    expect(sandbox.calls.createSubscription).toBeGreaterThan(0);
    const customer = await t.db.selectFrom('customers').select('gateway').where('user_id', '=', tester.id).executeTakeFirstOrThrow();
    expect(customer.gateway).toBe('sandbox');

    // The CRM, analytics and ads API hear nothing of the test account, nor of what a preview tracks; its emails still go.
    const outboxKindsAbout = async (id: string) =>
      (await t.db.selectFrom('outbox').select(['kind', 'payload']).execute())
        .filter((m) => JSON.stringify(m.payload).includes(id))
        .map((m) => m.kind);
    expect(await outboxKindsAbout(tester.id)).toEqual([]);
    expect(await outboxKindsAbout(parent.id)).toContain('analytics');
    const tracked = newEmail('tracked');
    expect((await calls.call('TrackUserEvent', { email: tracked, eventName: 'previewed' }, { headers: inPreview() })).status).toBe(200);
    expect(await outboxKindsAbout(tracked)).toEqual([]);

    // A real account may not pay inside a preview: its cards are the live gateway's. Nothing reaches either gateway.
    const sandboxBefore = gatewayCalls(sandbox);
    const refused = await purchase(parent.token, inPreview());
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 119 });
    expect(gatewayCalls(sandbox)).toEqual(sandboxBefore);
    expect(gatewayCalls(live)).toEqual(liveBefore);

    // Codes bought on test cards would work on the live site: not sold in a preview.
    const codes = await calls.call(
      'BulkPurchase',
      {
        webOfferId: 'gift_3_months',
        quantity: 1,
        paymentMethodToken: 'fake-valid-visa-nonce',
        customerOptions: { email: newEmail('gift') },
        captchaToken: 'local-captcha:paymentForm',
        expectedTodayCharge: 29.99,
      },
      { headers: { ...inPreview(), 'idempotency-key': newKey() } },
    );
    expect(codes.body).toMatchObject({ code: 119 });
    expect(gatewayCalls(sandbox)).toEqual(sandboxBefore);

    // Outside the preview, the real account pays on the live gateway.
    expect((await purchase(parent.token)).status).toBe(200);
    expect(live.calls.createSubscription).toBe(liveBefore.createSubscription + 1);

    // The test account exists only in previews: elsewhere its session is not valid and it cannot log in
    // (not to the funnels, not to the apps), so a preview link gives nobody a plan to use.
    expect((await calls.call('GetCustomerDetails', {}, { token: tester.sessionToken })).body).toEqual({
      code: 209,
      error: 'Invalid session token',
    });
    expect((await calls.call('UserLogin', { username: tester.email, password: 'secret-1' })).body).toMatchObject({ code: 101 });
    const appLogin = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: { username: tester.email, password: 'secret-1' },
    });
    expect(appLogin.json()).toMatchObject({ code: 101 });
    expect((await calls.call('UserLogin', { username: tester.email, password: 'secret-1' }, { headers: inPreview() })).status).toBe(200);

    // In the preview it stays on the sandbox.
    const subscriptionId = (bought.body.result as { subscriptionData: { id: string } }).subscriptionData.id;
    const cancelled = await calls.call(
      'CancelSubscription',
      { subscriptionId, cancelReason: 'testing', email: tester.email },
      { token: tester.sessionToken, headers: inPreview() },
    );
    expect(cancelled.status).toBe(200);
    expect(sandbox.calls.cancelSubscription).toBe(sandboxBefore.cancelSubscription + 1);
    expect(live.calls.cancelSubscription).toBe(liveBefore.cancelSubscription);
  });
});

describe('a draft’s new offers', () => {
  test('are listed and sold in its preview only, to the draft’s partner; publishing the draft sells them to everyone', async () => {
    const acme = await publish(t.db, { files: withAcmeGym(REPOSITORY_FILES), actor: publisher, source: 'cli', draft: true });
    const acmePreview = { cookie: previewCookie(acme.previewToken!) };
    const plans = async (headers: Record<string, string>) =>
      ((await calls.call('GetDefaultPlans', { tag: 'acmegym' }, { headers })).body.result as { objectId: string }[]).map((o) => o.objectId);
    expect(await plans(acmePreview)).toEqual(['acmegym_annual']);
    expect(await plans({})).toEqual([]);
    // Another draft's preview does not sell them either.
    expect(await plans(inPreview())).toEqual([]);

    const buy = (token: string, headers: Record<string, string>) =>
      calls.call(
        'PurchaseSubscription',
        { paymentMethodToken: 'fake-valid-visa-nonce', webOfferId: 'acmegym_annual', expectedTodayCharge: 0 },
        { token, headers: { 'idempotency-key': newKey(), ...headers } },
      );
    const real = await calls.signUp(newEmail('acme-live'));
    expect((await buy(real.token, {})).body).toMatchObject({ code: 101 });
    const signedUp = await calls.call(
      'CreateWebUser',
      { username: newEmail('acme-tester'), password: 'secret-1', captchaToken: 'local-captcha:registration', partner: 'acmegym' },
      { headers: acmePreview },
    );
    const tester = signedUp.body.result as { id: string; sessionToken: string };
    expect((await buy(tester.sessionToken, acmePreview)).status).toBe(200);
    const bought = await t.db.selectFrom('subscriptions').select(['web_offer_id', 'partner']).where('user_id', '=', tester.id).execute();
    expect(bought).toEqual([{ web_offer_id: 'acmegym_annual', partner: 'acmegym' }]);
    expect((await t.db.selectFrom('users').select('partner').where('id', '=', tester.id).executeTakeFirstOrThrow()).partner).toBe(
      'acmegym',
    );

    // Published, the draft's offer is the catalog's like any other.
    await publishDraft(t.db, { id: acme.id, actor: publisher, force: true });
    expect(await plans({})).toEqual(['acmegym_annual']);
    const offer = await t.db
      .selectFrom('web_offers')
      .select(['is_active', 'preview_of'])
      .where('id', '=', 'acmegym_annual')
      .executeTakeFirstOrThrow();
    expect(offer).toEqual({ is_active: true, preview_of: null });
    await publish(t.db, { files: REPOSITORY_FILES, actor: publisher, source: 'cli', force: true });
  });
});

describe('the report', () => {
  test('leaves out the exposures, step views, conversions and purchases of preview visits and test accounts', async () => {
    const events = (visitor: string, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { cookie: [`experimentId=${visitor}`, headers.cookie].filter(Boolean).join('; '), 'content-type': 'application/json' },
        payload: { events: [{ type: 'step', funnel: 'home', screen: 'landing', step: 0 }] },
      });
    const signUp = (visitor: string, preview: boolean) =>
      calls.call(
        'CreateWebUser',
        { username: newEmail(visitor), password: 'secret-1', captchaToken: 'local-captcha:registration', partner: 'gympass' },
        { headers: { cookie: [`experimentId=${visitor}`, preview ? previewCookie(draft.token) : ''].filter(Boolean).join('; ') } },
      );

    // A live visitor: counted. A preview visitor: its events are checked, then not kept.
    expect((await events('live-visitor-1')).statusCode).toBe(204);
    expect((await events('preview-visitor-1', inPreview())).statusCode).toBe(204);
    // A visitor seen on live who then signs up in a preview is a tester: left out too.
    expect((await events('tester-visitor-1')).statusCode).toBe(204);
    expect((await signUp('live-visitor-1', false)).status).toBe(200);
    expect((await signUp('tester-visitor-1', true)).status).toBe(200);
    await vi.waitFor(
      async () => {
        const rows = await t.db.selectFrom('conversions').select('test_data').where('partner', '=', 'gympass').execute();
        // The checkout's: the parent's signup and purchase, the tester's (test data); here: two signups, one a tester's.
        expect(rows.map((r) => r.test_data).sort()).toEqual([false, false, false, true, true, true]);
      },
      { timeout: 5_000 },
    );
    const kept = await t.db
      .selectFrom('funnel_step_views')
      .select('visitor_id')
      .where('visitor_id', 'in', ['live-visitor-1', 'preview-visitor-1', 'tester-visitor-1'])
      .orderBy('visitor_id')
      .execute();
    expect(kept.map((r) => r.visitor_id)).toEqual(['live-visitor-1', 'tester-visitor-1']);

    const report = await buildReport(t.db, []);
    // The real parent's signup and purchase, and the live visitor's signup; not the tester's signup and purchase, nor the tester visitor's.
    expect(report.partners.find((p) => p.key === 'gympass')).toMatchObject({
      signups: 2,
      purchases: 1,
      revenueCents: MONTHLY_NO_TRIAL.priceCents,
    });
    const landing = report.funnels.find((f) => f.funnel === 'home')?.steps.find((s) => s.screen === 'landing');
    expect(landing?.visitors).toBe(1);
  });
});
