/**
 * The braintree payment adapter (src/adapters/payment/braintree) in Chromium, with braintree-web's
 * own code running and only the network around it faked (tests/fixtures/braintree/fakeBraintree.ts):
 * the client token's configUrl and the client API answer as Braintree does; PayPal's SDK, Google's
 * pay.js and Safari's ApplePaySession are fakes of those boundaries.
 *
 * Braintree's hosted-fields frame is not in the braintree-web package (Braintree serves it), so a
 * stand-in frame answers the hosted fields' bus (tests/fixtures/braintree/hosted-fields-frame.ts):
 * what is tested is the adapter and braintree-web's page side of hosted fields (the iframes, their
 * names, the events, tokenize) against a frame that tokenizes through braintree-web's Client as
 * Braintree's does. The real frame's input formatting and validation are not covered here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { buildFixture, type FixtureBuild } from '../fixtures/braintree/build.ts';
import {
  cardRefused,
  clientToken,
  FakeBraintree,
  GOOGLE_PAY_JS_PATH,
  gatewayConfiguration,
  HOSTED_FIELDS_FRAME_PATH,
  MERCHANT_ID,
  PAGE_ORIGIN,
  PAYPAL_SDK_PATH,
} from '../fixtures/braintree/fakeBraintree.ts';
import {
  asScript,
  type FakeAppleControl,
  type FakeGoogleControl,
  type FakePayPalControl,
  fakeApplePaySession,
  GOOGLE_PAY_NONCE,
} from '../fixtures/braintree/fakeWallets.ts';
import type { Fixture } from '../fixtures/braintree/page.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const WALLET = { amount: '19.99', label: 'CodeKids Premium' };

let build: FixtureBuild;
let browser: Browser;
let context: BrowserContext | undefined;
let fake: FakeBraintree;
let pageErrors: string[] = [];
let fingerprints = 0;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'braintree-adapter-'));
  [build, browser] = await Promise.all([
    buildFixture(dir),
    chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  if (build) rmSync(build.dir, { recursive: true, force: true });
});

afterEach(async () => {
  await context?.close();
  context = undefined;
  expect(fake.unexpected, 'requests to addresses nothing answers').toEqual([]);
  expect(pageErrors, 'uncaught errors on the page').toEqual([]);
});

/** A fresh context on the test page, with everything around braintree-web faked. */
async function openPage(options: { applePay?: boolean; fakeClock?: boolean; setup?: (fake: FakeBraintree) => void } = {}): Promise<Page> {
  fake = new FakeBraintree(build);
  options.setup?.(fake);
  pageErrors = [];
  context = await browser.newContext();
  await fake.attach(context);
  if (options.applePay) await context.addInitScript(asScript(fakeApplePaySession));
  const page = await context.newPage();
  if (options.fakeClock) await page.clock.install();
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  await page.goto(`${PAGE_ORIGIN}/`);
  await page.waitForFunction(() => 'fixture' in window);
  return page;
}

/** Runs one of page.ts's fixture functions in the page. */
function run<K extends keyof Fixture>(page: Page, name: K, ...args: Parameters<Fixture[K]>): Promise<Awaited<ReturnType<Fixture[K]>>> {
  return page.evaluate(
    ({ name, args }) => (window as unknown as { fixture: Record<string, (...a: unknown[]) => unknown> }).fixture[name]!(...args),
    { name, args: args as unknown[] },
  ) as Promise<Awaited<ReturnType<Fixture[K]>>>;
}

const token = (customerId?: string) =>
  clientToken({ fingerprint: `fake-fingerprint-${++fingerprints}`, ...(customerId ? { customerId } : {}) });

async function startedPage(options: Parameters<typeof openPage>[0] = {}, customerId?: string): Promise<Page> {
  const page = await openPage(options);
  expect(await run(page, 'start', token(customerId))).toEqual({ ok: true, value: 'braintree' });
  return page;
}

const field = (page: Page, name: string) => page.frameLocator(`iframe[name="braintree-hosted-field-${name}"]`).locator('input');

async function fillCard(page: Page, card: { number: string; expiration: string; cvv: string; postalCode: string }) {
  await field(page, 'number').fill(card.number);
  await field(page, 'expirationDate').fill(card.expiration);
  await field(page, 'cvv').fill(card.cvv);
  await field(page, 'postalCode').fill(card.postalCode);
}

const VISA = { number: '4111 1111 1111 1111', expiration: '12 / 2031', cvv: '123', postalCode: '94105' };

const chunkOf = (module: string) => {
  const entry = Object.entries(build.manifest).find(([source]) => source.endsWith(`braintree-web/dist/browser/${module}.js`));
  if (!entry) throw new Error(`No chunk for braintree-web ${module} in the build`);
  return `/${entry[1].file}`;
};
const loadedChunk = (module: string) => fake.loaded.some((url) => new URL(url).pathname === chunkOf(module));

const pageControl = <T>(page: Page, name: string) =>
  page.evaluate((key) => (window as unknown as Record<string, unknown>)[key], name) as Promise<T>;

describe('loading', () => {
  test('braintree-web is not in the entry chunk; each component loads when first needed', async () => {
    const entry = build.manifest['page.ts'];
    expect(entry?.isEntry).toBe(true);
    const staticImports = entry?.imports ?? [];
    expect(staticImports.filter((source) => source.includes('braintree-web'))).toEqual([]);
    expect((entry?.dynamicImports ?? []).map((source) => source.replace(/^.*braintree-web\/dist\/browser\//, ''))).toEqual(
      expect.arrayContaining([
        'client.js',
        'hosted-fields.js',
        'paypal-checkout.js',
        'apple-pay.js',
        'google-payment.js',
        'data-collector.js',
      ]),
    );

    const page = await openPage();
    const modules = ['client', 'hosted-fields', 'paypal-checkout', 'apple-pay', 'google-payment', 'data-collector'];
    expect(modules.filter(loadedChunk)).toEqual([]);

    expect(await run(page, 'start', token())).toMatchObject({ ok: true });
    expect(modules.filter(loadedChunk)).toEqual(['client']);
    const configuration = fake.gatewayRequests('configuration');
    expect(configuration).toHaveLength(1);
    expect(configuration[0]!.query.get('authorizationFingerprint')).toBe(`fake-fingerprint-${fingerprints}`);

    expect(await run(page, 'createCardFields', 'MM/YYYY')).toEqual({ ok: true, value: true });
    expect(modules.filter(loadedChunk)).toEqual(['client', 'hosted-fields', 'data-collector']);
  });

  test('a gateway configuration that cannot be fetched is a load failure with braintree-web’s code', async () => {
    const page = await openPage({
      setup: (f) => f.answer('GET configuration', () => ({ status: 500, body: { error: { message: 'Internal error' } } })),
    });
    const started = await run(page, 'start', token());
    expect(started).toMatchObject({ ok: false, error: { name: 'PaymentAdapterError', code: 'CLIENT_GATEWAY_NETWORK', type: 'NETWORK' } });
  });

  test('a braintree-web chunk that does not load is CLIENT_SCRIPT_FAILED_TO_LOAD naming the component', async () => {
    const page = await openPage({ setup: (f) => f.failing.add(chunkOf('client')) });
    const started = await run(page, 'start', token());
    expect(started).toMatchObject({
      ok: false,
      error: { name: 'PaymentAdapterError', code: 'CLIENT_SCRIPT_FAILED_TO_LOAD', type: 'NETWORK' },
    });
    expect(started.ok === false && started.error.message).toContain('braintree-web client');
    expect(fake.gatewayRequests('configuration')).toEqual([]);
  });

  test('a client token that cannot be had is a load failure', async () => {
    const page = await openPage();
    const started = await run(page, 'startWithFailingToken');
    expect(started).toMatchObject({ ok: false, error: { name: 'PaymentAdapterError', code: 'CLIENT_TOKEN_UNAVAILABLE', type: 'NETWORK' } });
    expect(started.ok === false && started.error.message).toContain('GetClientToken answered 141');
  });
});

describe('card fields (hosted fields)', () => {
  test('a frame in each container, named by its label; the expiration placeholder follows the format', async () => {
    const page = await startedPage();
    expect(await run(page, 'createCardFields', 'MM/YY')).toEqual({ ok: true, value: true });
    for (const [name, label] of [
      ['number', 'Card number'],
      ['expirationDate', 'Expiration date'],
      ['cvv', 'Security code'],
      ['postalCode', 'Postal code'],
    ] as const) {
      await expect.poll(() => page.locator(`#card-${name} iframe`).getAttribute('title')).toBe(label);
      await expect(field(page, name).getAttribute('id')).resolves.toBeTruthy();
      await page.frameLocator(`#card-${name} iframe`).getByRole('textbox', { name: label }).waitFor();
    }
    expect(await field(page, 'expirationDate').getAttribute('placeholder')).toBe('MM/YY');
    expect(await field(page, 'number').getAttribute('placeholder')).toBe('4111 1111 1111 1111');

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual(
      [],
    );
  });

  test('MM/YYYY is the placeholder of the MM/YYYY format', async () => {
    const page = await startedPage();
    await run(page, 'createCardFields', 'MM/YYYY');
    await expect.poll(() => field(page, 'expirationDate').getAttribute('placeholder')).toBe('MM/YYYY');
  });

  test('state changes and focus reach the page', async () => {
    const page = await startedPage();
    await run(page, 'createCardFields', 'MM/YYYY');
    await field(page, 'number').fill('4111 1111 1111 1111');
    await expect
      .poll(() => run(page, 'stateChanges'))
      .toContainEqual({ field: 'number', state: { isEmpty: false, isValid: true, isFocused: true } });
    await field(page, 'number').fill('');
    await expect
      .poll(() => run(page, 'stateChanges'))
      .toContainEqual({ field: 'number', state: { isEmpty: true, isValid: false, isFocused: true } });

    await run(page, 'focus', 'cvv');
    await expect
      .poll(() => run(page, 'stateChanges'))
      .toContainEqual({ field: 'cvv', state: { isEmpty: true, isValid: false, isFocused: true } });
    await expect.poll(() => field(page, 'cvv').evaluate((input) => input === document.activeElement)).toBe(true);
  });

  test('empty and invalid fields are refused with braintree-web’s codes', async () => {
    const page = await startedPage();
    await run(page, 'createCardFields', 'MM/YYYY');
    expect(await run(page, 'tokenizeCard')).toMatchObject({
      ok: false,
      error: { name: 'PaymentAdapterError', code: 'HOSTED_FIELDS_FIELDS_EMPTY', type: 'CUSTOMER' },
    });
    await fillCard(page, { ...VISA, number: '4111 1111 1111 1112' });
    expect(await run(page, 'tokenizeCard')).toMatchObject({
      ok: false,
      error: { code: 'HOSTED_FIELDS_FIELDS_INVALID', type: 'CUSTOMER', details: { invalidFieldKeys: ['number'] } },
    });
    expect(fake.gatewayRequests('payment_methods/credit_cards')).toEqual([]);
  });

  test('a tokenized card gives the gateway’s nonce, card type and last four; the card goes to Braintree only', async () => {
    const page = await startedPage();
    await run(page, 'createCardFields', 'MM/YYYY');
    await fillCard(page, VISA);
    const tokenized = await run(page, 'tokenizeCard');
    expect(tokenized).toEqual({
      ok: true,
      value: expect.objectContaining({ nonce: 'tokencc_fake_visa', method: 'card', details: { cardType: 'Visa', lastFour: '1111' } }),
    });
    expect(tokenized.ok && JSON.parse(tokenized.value.deviceData ?? '{}')).toHaveProperty('correlation_id');
    const [request] = fake.gatewayRequests('payment_methods/credit_cards');
    expect(request?.body).toMatchObject({
      authorizationFingerprint: `fake-fingerprint-${fingerprints}`,
      creditCard: {
        number: '4111111111111111',
        expirationDate: '12/2031',
        cvv: '123',
        billingAddress: { postalCode: '94105' },
        options: { validate: false },
      },
    });
    expect(fake.loaded.filter((url) => url.includes('4111'))).toEqual([]);
  });

  test('with a client token made for a customer, the card is vaulted (and verified) at tokenization', async () => {
    const page = await startedPage({}, 'parent-42');
    await run(page, 'createCardFields', 'MM/YYYY');
    await fillCard(page, VISA);
    expect(await run(page, 'tokenizeCard')).toMatchObject({ ok: true });
    expect(fake.gatewayRequests('payment_methods/credit_cards')[0]?.body).toMatchObject({ creditCard: { options: { validate: true } } });
  });

  test.each([
    [
      'a CVV refused (422, 81736)',
      cardRefused('81736', 'CVV verification failed'),
      'HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED',
      'CUSTOMER',
    ],
    [
      'a card already vaulted (422, 81724)',
      cardRefused('81724', 'Duplicate card exists in the vault.'),
      'HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE',
      'CUSTOMER',
    ],
    [
      'another 422',
      cardRefused('81703', 'Credit card type is not accepted by this merchant account.'),
      'HOSTED_FIELDS_FAILED_TOKENIZATION',
      'CUSTOMER',
    ],
    [
      'a gateway failure (500)',
      { status: 500, body: { error: { message: 'Internal error' } } },
      'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR',
      'NETWORK',
    ],
  ] as const)('%s is refused with braintree-web’s code', async (_, answer, code, type) => {
    const page = await startedPage({ setup: (f) => f.answer('POST payment_methods/credit_cards', () => answer) }, 'parent-42');
    await run(page, 'createCardFields', 'MM/YYYY');
    await fillCard(page, VISA);
    expect(await run(page, 'tokenizeCard')).toMatchObject({ ok: false, error: { name: 'PaymentAdapterError', code, type } });
  });

  test('a frame that never loads is HOSTED_FIELDS_TIMEOUT (after braintree-web’s minute)', async () => {
    const page = await openPage({ fakeClock: true, setup: (f) => f.failing.add(HOSTED_FIELDS_FRAME_PATH) });
    expect(await run(page, 'start', token())).toMatchObject({ ok: true });
    const created = run(page, 'createCardFields', 'MM/YYYY');
    await expect.poll(() => page.locator('#card-number iframe').count()).toBe(1);
    await page.clock.fastForward('01:01');
    expect(await created).toMatchObject({ ok: false, error: { name: 'PaymentAdapterError', code: 'HOSTED_FIELDS_TIMEOUT' } });
  });

  test('teardown removes the frames; the fields then refuse to tokenize', async () => {
    const page = await startedPage();
    await run(page, 'createCardFields', 'MM/YYYY');
    await expect.poll(() => page.locator('iframe[name^="braintree-hosted-field-"]').count()).toBe(4);
    expect(await run(page, 'teardown')).toEqual({ ok: true });
    expect(await page.locator('iframe[name^="braintree-hosted-field-"]').count()).toBe(0);
    expect(await run(page, 'tokenizeCard')).toMatchObject({
      ok: false,
      error: { name: 'PaymentAdapterError', code: 'METHOD_CALLED_AFTER_TEARDOWN' },
    });
  });
});

describe('wallets', () => {
  test('availableWallets follows the gateway configuration and the browser', async () => {
    const page = await startedPage({ applePay: true });
    expect(await run(page, 'availableWallets')).toEqual({ ok: true, value: { paypal: true, applePay: true, googlePay: true } });
    const google = await pageControl<FakeGoogleControl>(page, '__fakeGoogle');
    expect(google.clientOptions).toEqual([{ environment: 'TEST' }]);
    expect(google.readyRequests).toEqual([
      expect.objectContaining({ apiVersion: 2, allowedPaymentMethods: [expect.objectContaining({ type: 'CARD' })] }),
    ]);
  });

  test('nothing is offered that the control panel has not enabled, and nothing of theirs loads', async () => {
    const page = await openPage({
      applePay: true,
      setup: (f) =>
        f.answer('GET configuration', () => ({
          status: 200,
          body: gatewayConfiguration({ paypalEnabled: false, applePayWeb: undefined, androidPay: undefined }),
        })),
    });
    await run(page, 'start', token());
    expect(await run(page, 'availableWallets')).toEqual({ ok: true, value: { paypal: false, applePay: false, googlePay: false } });
    expect(fake.loaded.filter((url) => /paypal\.com|pay\.google\.com/.test(url))).toEqual([]);
  });

  test('Apple Pay is not offered without ApplePaySession, nor Google Pay when Google says the browser cannot pay', async () => {
    const page = await startedPage();
    await page.evaluate(() => {
      (window as unknown as { __fakeGoogle: Partial<FakeGoogleControl> }).__fakeGoogle = {
        answer: 'approve',
        readyToPay: false,
        clientOptions: [],
        readyRequests: [],
        paymentRequests: [],
      };
    });
    expect(await run(page, 'availableWallets')).toEqual({ ok: true, value: { paypal: true, applePay: false, googlePay: false } });
  });
});

describe('Google Pay', () => {
  test('asks Google for a FINAL USD total through Braintree and gives the gateway’s nonce', async () => {
    const page = await startedPage();
    expect(await run(page, 'availableWallets')).toMatchObject({ ok: true });
    const paid = await run(page, 'payWithGooglePay', WALLET);
    expect(paid).toEqual({
      ok: true,
      value: expect.objectContaining({ nonce: GOOGLE_PAY_NONCE, method: 'googlePay', details: { cardType: 'Visa', lastFour: '1111' } }),
    });
    const google = await pageControl<FakeGoogleControl>(page, '__fakeGoogle');
    expect(google.paymentRequests).toHaveLength(1);
    expect(google.paymentRequests[0]).toMatchObject({
      apiVersion: 2,
      apiVersionMinor: 0,
      transactionInfo: { currencyCode: 'USD', totalPriceStatus: 'FINAL', totalPrice: '19.99' },
      allowedPaymentMethods: [
        {
          type: 'CARD',
          tokenizationSpecification: {
            type: 'PAYMENT_GATEWAY',
            parameters: {
              gateway: 'braintree',
              'braintree:merchantId': MERCHANT_ID,
              'braintree:authorizationFingerprint': 'fake-google-authorization-fingerprint',
            },
          },
        },
      ],
    });
  });

  test.each([
    ['the parent closing the sheet (CANCELED) is GOOGLE_PAYMENT_CANCELED', 'CANCELED', 'GOOGLE_PAYMENT_CANCELED', 'CUSTOMER'],
    ['another failure of Google’s keeps Google’s code', 'DEVELOPER_ERROR', 'DEVELOPER_ERROR', 'MERCHANT'],
  ] as const)('%s', async (_, answer, code, type) => {
    const page = await startedPage();
    await run(page, 'availableWallets');
    await page.evaluate((a) => {
      (window as unknown as { __fakeGoogle: FakeGoogleControl }).__fakeGoogle.answer = a;
    }, answer);
    expect(await run(page, 'payWithGooglePay', WALLET)).toMatchObject({ ok: false, error: { name: 'PaymentAdapterError', code, type } });
  });

  test('pay.js that does not load still offers Google Pay, whose payment then says it did not load', async () => {
    const page = await startedPage({ setup: (f) => f.failing.add(GOOGLE_PAY_JS_PATH) });
    expect(await run(page, 'availableWallets')).toMatchObject({ ok: true, value: { googlePay: true } });
    const paid = await run(page, 'payWithGooglePay', WALLET);
    expect(paid).toMatchObject({ ok: false, error: { name: 'PaymentAdapterError', code: 'CLIENT_SCRIPT_FAILED_TO_LOAD' } });
    expect(paid.ok === false && paid.error.message).toContain('pay.js');
  });
});

describe('PayPal (vault flow)', () => {
  async function payByClicking(page: Page) {
    const paid = run(page, 'payWithPayPal', WALLET);
    await page.getByRole('button', { name: 'PayPal' }).click();
    return paid;
  }

  test('loads PayPal’s SDK for vaulting, sets up a billing agreement and gives the PayPal account’s nonce', async () => {
    const page = await startedPage();
    const paid = await payByClicking(page);
    expect(paid).toEqual({
      ok: true,
      value: expect.objectContaining({
        nonce: 'fake-paypal-billing-agreement-nonce',
        method: 'paypal',
        details: { email: 'parent@example.com' },
      }),
    });

    const sdk = new URL(fake.loaded.find((url) => new URL(url).pathname === PAYPAL_SDK_PATH)!);
    expect(Object.fromEntries(sdk.searchParams)).toMatchObject({
      components: 'buttons',
      vault: 'true',
      intent: 'tokenize',
      'client-id': 'fake-paypal-client-id',
    });
    expect(fake.gatewayRequests('paypal_hermes/setup_billing_agreement')[0]?.body).toMatchObject({
      description: WALLET.label,
      experienceProfile: { noShipping: 'true' },
    });
    expect(fake.gatewayRequests('payment_methods/paypal_accounts')[0]?.body).toMatchObject({
      paypalAccount: { billingAgreementToken: 'BA-FAKE0001' },
    });
    expect((await pageControl<FakePayPalControl>(page, '__fakePayPal')).buttons).toEqual([{ fundingSource: 'paypal' }]);
    await expect.poll(() => page.getByRole('button', { name: 'PayPal' }).count()).toBe(0);
  });

  test('the PayPal window closed is PAYPAL_POPUP_CLOSED', async () => {
    const page = await startedPage();
    await run(page, 'availableWallets');
    await page.waitForFunction(() => '__fakePayPal' in window);
    await page.evaluate(() => {
      (window as unknown as { __fakePayPal: FakePayPalControl }).__fakePayPal.outcome = 'cancel';
    });
    expect(await payByClicking(page)).toMatchObject({
      ok: false,
      error: { name: 'PaymentAdapterError', code: 'PAYPAL_POPUP_CLOSED', type: 'CUSTOMER' },
    });
    expect(fake.gatewayRequests('payment_methods/paypal_accounts')).toEqual([]);
  });

  test('a billing agreement Braintree refuses keeps braintree-web’s code through PayPal’s onError', async () => {
    const page = await startedPage({
      setup: (f) =>
        f.answer('POST paypal_hermes/setup_billing_agreement', () => ({ status: 422, body: { error: { message: 'Invalid options' } } })),
    });
    expect(await payByClicking(page)).toMatchObject({
      ok: false,
      error: { name: 'PaymentAdapterError', code: 'PAYPAL_INVALID_PAYMENT_OPTION' },
    });
  });

  test('onStart says when the parent opens PayPal’s window (a click on its button), not before', async () => {
    const page = await startedPage();
    const paid = page.evaluate((wallet) => {
      const w = window as unknown as { fixture: Fixture; __paypalStarts: number };
      w.__paypalStarts = 0;
      return w.fixture.payWithPayPal({ ...wallet, onStart: () => void w.__paypalStarts++ });
    }, WALLET);
    const starts = () => page.evaluate(() => (window as unknown as { __paypalStarts: number }).__paypalStarts);
    await page.getByRole('button', { name: 'PayPal' }).waitFor();
    expect(await starts()).toBe(0);
    await page.getByRole('button', { name: 'PayPal' }).click();
    expect(await paid).toMatchObject({ ok: true, value: { method: 'paypal' } });
    expect(await starts()).toBe(1);
  });

  test('without a container for PayPal’s button the call is refused', async () => {
    const page = await startedPage();
    expect(await run(page, 'payWithPayPal', WALLET, false)).toMatchObject({
      ok: false,
      error: { name: 'PaymentAdapterError', code: 'PAYPAL_MISSING_REQUIRED_OPTION', type: 'MERCHANT' },
    });
  });

  test('PayPal’s SDK that does not load is CLIENT_SCRIPT_FAILED_TO_LOAD', async () => {
    const page = await startedPage({ setup: (f) => f.failing.add(PAYPAL_SDK_PATH) });
    const paid = await run(page, 'payWithPayPal', WALLET);
    expect(paid).toMatchObject({ ok: false, error: { name: 'PaymentAdapterError', code: 'CLIENT_SCRIPT_FAILED_TO_LOAD' } });
    expect(paid.ok === false && paid.error.message).toContain("PayPal's SDK");
  });
});

describe('Apple Pay', () => {
  test('validates the merchant through Braintree, tokenizes Apple’s token and completes the sheet', async () => {
    const page = await startedPage({ applePay: true });
    expect(await run(page, 'availableWallets')).toMatchObject({ ok: true, value: { applePay: true } });
    const paid = await run(page, 'payWithApplePay', WALLET);
    expect(paid).toEqual({
      ok: true,
      value: expect.objectContaining({
        nonce: 'fake-apple-pay-visa-nonce',
        method: 'applePay',
        details: { cardType: 'Apple Pay - Visa', lastFour: '0492' },
      }),
    });

    const apple = await pageControl<FakeAppleControl>(page, '__fakeApple');
    expect(apple.sessions).toHaveLength(1);
    expect(apple.sessions[0]).toMatchObject({
      version: 3,
      request: {
        total: { label: WALLET.label, amount: WALLET.amount },
        countryCode: 'US',
        currencyCode: 'USD',
        supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
      },
      events: ['begin', 'completeMerchantValidation', 'completePayment:0'],
      merchantSession: { merchantSessionIdentifier: 'FAKE-SESSION' },
    });
    expect(fake.gatewayRequests('apple_pay_web/sessions')[0]?.body).toMatchObject({
      applePayWebSession: {
        validationUrl: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
        domainName: 'pay.codekids.example',
        merchantIdentifier: 'merchant.example.codekids',
      },
    });
    expect(fake.gatewayRequests('payment_methods/apple_payment_tokens')[0]?.body).toMatchObject({
      applePaymentToken: { transactionIdentifier: 'FAKE-TRANSACTION' },
    });
  });

  test('a merchant validation Braintree refuses aborts the sheet with APPLE_PAY_MERCHANT_VALIDATION_FAILED', async () => {
    const page = await startedPage({
      applePay: true,
      setup: (f) => f.answer('POST apple_pay_web/sessions', () => ({ status: 422, body: { error: { message: 'Domain not registered' } } })),
    });
    await run(page, 'availableWallets');
    expect(await run(page, 'payWithApplePay', WALLET)).toMatchObject({
      ok: false,
      error: { name: 'PaymentAdapterError', code: 'APPLE_PAY_MERCHANT_VALIDATION_FAILED', type: 'MERCHANT' },
    });
    const apple = await pageControl<FakeAppleControl>(page, '__fakeApple');
    expect(apple.sessions[0]?.events).toEqual(['begin', 'abort']);
  });

  test('the sheet closed by the parent is APPLE_PAY_CANCELED', async () => {
    const page = await startedPage({ applePay: true });
    await run(page, 'availableWallets');
    await page.evaluate(() => {
      (window as unknown as { __fakeApple: FakeAppleControl }).__fakeApple.outcome = 'cancel';
    });
    expect(await run(page, 'payWithApplePay', WALLET)).toMatchObject({
      ok: false,
      error: { name: 'PaymentAdapterError', code: 'APPLE_PAY_CANCELED', type: 'CUSTOMER' },
    });
    expect(fake.gatewayRequests('payment_methods/apple_payment_tokens')).toEqual([]);
  });
});
