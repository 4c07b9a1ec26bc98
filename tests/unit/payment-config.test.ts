import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { paymentFormCopyTexts } from '../../src/blocks/paymentForm/schema.ts';
import { blocks } from '../../src/blocks/registry.ts';
import type { Block } from '../../src/blocks/schemas.ts';
import { checkAndCompile } from '../../src/compiler/compile.ts';
import { CallError } from '../../src/contract/wire.ts';
import { createFacts } from '../../src/language/evaluate/facts.ts';
import type { Action } from '../../src/language/schema/actions.ts';
import { runActions } from '../../src/runtime/actions.ts';
import { createCopy } from '../../src/runtime/copy.ts';
import { fakeServices } from './runtime/fixtures.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('the real config', () => {
  const { compiled, diagnostics } = checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks });
  if (!compiled) throw new Error(diagnostics.map((d) => `${d.file}: ${d.message}`).join('\n'));

  test.each([
    ['signupPayment', 'checkout'],
    ['promoPayment', 'checkout'],
    ['tryClassesPayment', 'liveClasses'],
    ['addClassesPayment', 'addClasses'],
    ['myAccount', 'account'],
  ])('%s carries its payment copy group and the decline table in its own chunk', (screenId, group) => {
    const own = compiled.screenCopy[screenId]!.payment ?? {};
    for (const key of Object.keys(paymentFormCopyTexts)) expect(own, `${group}.${key}`).toHaveProperty([`${group}.${key}`]);
    // Nested texts come along too ($t(payment:checkout...)).
    if (group !== 'checkout') expect(own).toHaveProperty(['checkout.fillOutForm']);
    expect(Object.keys(own).filter((k) => k.startsWith('declines.'))).toHaveLength(98);
  });

  test("the landing page's first load has no payment copy: the shell and the landing chunk lack the namespace", () => {
    expect(compiled.shellCopy.payment).toBeUndefined();
    const landing = compiled.config.routes.find((r) => r.path === '/')!.screenId;
    expect(compiled.screenCopy[landing]!.payment).toBeUndefined();
  });
});

describe('the action runner', () => {
  const declined: Action = {
    do: 'call',
    fn: 'PurchaseSubscription',
    idempotent: true,
    input: { paymentMethodToken: { payment: 'nonce' }, webOfferId: { payment: 'offer.id' } },
    catch: [
      {
        do: 'notify',
        level: 'error',
        ms: 8000,
        textFrom: { group: 'payment:declines', key: { error: 'processorCode' } },
        text: 'payment:subscribe.cardNotValid',
      },
    ],
  };

  test('notify textFrom: the code’s own text when the group has it, else `text`', async () => {
    for (const [code, expected] of [
      ['2001', 'payment:declines.2001'],
      ['2999', 'payment:subscribe.cardNotValid'],
      [undefined, 'payment:subscribe.cardNotValid'],
    ] as const) {
      const { services, log } = fakeServices({
        answers: { PurchaseSubscription: new CallError(141, 'Declined', 'WP_CardNotValid', code) },
      });
      services.copyHas = (key) => key === 'payment:declines.2001';
      await runActions([declined], services, { payment: { nonce: 'fake-valid-visa-nonce', offer: { id: 'lifetime' } } });
      expect(log.notes).toEqual([{ text: expected, literal: false, params: {}, level: 'error', ms: 8000, link: undefined }]);
    }
  });

  test('reload asks the browser to load the page again', async () => {
    const { services } = fakeServices();
    let reloads = 0;
    services.reload = () => void reloads++;
    await runActions([{ do: 'reload' }], services);
    expect(reloads).toBe(1);
  });

  test('payment.* facts and values read the payment in the scope; error.processorCode the decline code', () => {
    const facts = createFacts({
      user: null,
      path: '/p',
      search: '',
      from: null,
      reload: false,
      mobile: false,
      customer: null,
      state: {},
      storage: () => undefined,
      cookie: () => undefined,
      flags: {},
      utm: () => null,
      payment: { nonce: 'fake-valid-visa-nonce', offer: { id: 'annual', subscriptionDuration: 'annual' } },
      error: { message: 'Declined', code: 141, messageKey: 'WP_CardNotValid', processorCode: '2001' },
    });
    expect(facts.get('payment.nonce')).toBe('fake-valid-visa-nonce');
    expect(facts.get('payment.offer.subscriptionDuration')).toBe('annual');
    expect(facts.get('error.processorCode')).toBe('2001');
  });
});

describe("the real payment screens' answers to the server's refusals", () => {
  const { compiled } = checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks });
  const copy = compiled!.copy.en!;
  const has = (key: string) => {
    const colon = key.indexOf(':');
    return copy[key.slice(0, colon)]?.[key.slice(colon + 1)] !== undefined;
  };
  /** The screen's payment form, also where another block holds it (the account page's plan panel). */
  const findPaymentForm = (node: unknown): Extract<Block, { type: 'paymentForm' }> | undefined => {
    if (Array.isArray(node)) return node.map(findPaymentForm).find(Boolean);
    if (!node || typeof node !== 'object') return undefined;
    if ((node as { type?: unknown }).type === 'paymentForm') return node as Extract<Block, { type: 'paymentForm' }>;
    return Object.values(node).map(findPaymentForm).find(Boolean);
  };
  const onPay = (screenId: string) => {
    const block = findPaymentForm(compiled!.screens[screenId]!.blocks);
    if (!block) throw new Error(`${screenId} has no payment form`);
    return block.onPay;
  };
  const chargeOf: Record<string, string> = {
    signupPayment: 'PurchaseSubscription',
    promoPayment: 'PurchaseSubscription',
    tryClassesPayment: 'SubscribeToMinervaClasses',
    addClassesPayment: 'CreateClassAddOnSubscription',
    myAccount: 'UpdateCreditCard',
  };
  /** What the parent is told when the screen's charge call fails with `error`. */
  async function toldAfter(screenId: string, error: CallError) {
    const { services, log } = fakeServices({ answers: { [chargeOf[screenId]!]: error } });
    services.copyHas = has;
    log.state.webOfferCode = 'SAVE50';
    await runActions(onPay(screenId), services, {
      payment: { nonce: 'fake-valid-visa-nonce', method: 'card', offerId: 'annual', offer: { id: 'annual' } },
    });
    expect(log.calls.map((c) => c.fn)).toEqual([chargeOf[screenId]]);
    expect(log.calls[0]!.idempotencyKey).toBeTruthy();
    expect(log.navigations).toEqual([]);
    expect(log.notes, `${screenId}: one message`).toHaveLength(1);
    const { text, literal, params, ms, link } = log.notes[0]!;
    return { text, literal, params, ms, link: link?.href };
  }
  const t = createCopy('en', copy, async () => ({})).t.get();
  /** The message as the parent reads it, and for how long. */
  async function readAfter(screenId: string, error: CallError) {
    const { services, log } = fakeServices({ answers: { [chargeOf[screenId]!]: error } });
    services.copyHas = has;
    await runActions(onPay(screenId), services, {
      payment: { nonce: 'fake-valid-visa-nonce', method: 'card', offerId: 'annual', offer: { id: 'annual' } },
    });
    expect(log.notes, `${screenId}: one message`).toHaveLength(1);
    const n = log.notes[0]!;
    const copyTexts = Object.fromEntries(Object.entries(n.copyParams ?? {}).map(([name, key]) => [name, t(key)]));
    return { read: n.literal ? n.text : t(n.text, { ...n.params, ...copyTexts }), ms: n.ms };
  }
  const refusal = (messageKey: string | null, processorCode: string | null = null, code = 141, message = 'Refused') =>
    new CallError(code, message, messageKey ?? undefined, processorCode ?? undefined);

  test.each(['signupPayment', 'promoPayment'])('%s: the app checkout wording', async (screen) => {
    expect(await toldAfter(screen, refusal('WP_AlreadyHaveSubscription'))).toEqual({
      text: 'payment:subscribe.alreadyHaveSubscription',
      literal: false,
      params: {},
      ms: 0,
      link: '/my-account',
    });
    expect(await toldAfter(screen, refusal('WP_CardNotValid', '2001'))).toMatchObject({ text: 'payment:declines.2001', ms: 8000 });
    expect(await toldAfter(screen, refusal('WP_CardNotValid'))).toMatchObject({ text: 'payment:subscribe.cardNotValid', ms: 8000 });
    expect(await toldAfter(screen, refusal('WP_PaymentInvalid'))).toMatchObject({ text: 'payment:subscribe.paymentInvalid', ms: 8000 });
    expect(await toldAfter(screen, refusal('WP_CardVerificationFailed'))).toMatchObject({ text: 'payment:checkout.verifyCard', ms: 8000 });
    expect(await toldAfter(screen, refusal('WP_PaymentMethodDuplicate'))).toMatchObject({ text: 'payment:checkout.duplicate', ms: 8000 });
    expect(await toldAfter(screen, refusal('NetworkError', null, 100))).toMatchObject({ text: 'payment:checkout.failed', ms: 8000 });
    expect(await toldAfter(screen, refusal('CODE_INVALID'))).toMatchObject({ text: 'payment:subscribe.default', ms: 8000 });
  });

  test('/tryclasses-payment: the class wording, with the support contact', async () => {
    expect(await toldAfter('tryClassesPayment', refusal('WP_AlreadyHaveSubscription'))).toMatchObject({
      text: 'payment:subscribe.alreadySubscribedClasses',
      params: { email: 'classes@codeling.example' },
      ms: 10000,
    });
    expect(await toldAfter('tryClassesPayment', refusal('WP_CardVerificationFailed'))).toMatchObject({
      text: 'payment:liveClasses.verifyCard',
      ms: 5000,
    });
    expect(await toldAfter('tryClassesPayment', refusal('WP_CardNotValid', '2004'))).toMatchObject({
      text: 'payment:declines.2004',
      ms: 8000,
    });
    expect(await toldAfter('tryClassesPayment', refusal(null))).toMatchObject({ text: 'payment:subscribe.default', ms: 5000 });
  });

  test("/addclasses-payment: any other refusal shows the server's message (5 s)", async () => {
    expect(await toldAfter('addClassesPayment', refusal(null, null, 141, 'Account a@b.co has no active subscription.'))).toEqual({
      text: 'Account a@b.co has no active subscription.',
      literal: true,
      params: {},
      ms: 5000,
      link: undefined,
    });
    expect(await toldAfter('addClassesPayment', refusal('WP_AlreadyHaveSubscription'))).toMatchObject({
      text: 'payment:subscribe.alreadySubscribedClasses',
    });
  });

  test("/my-account: the account wording, with the server's message or without", async () => {
    expect(await toldAfter('myAccount', refusal('WP_PaymentMethodDuplicate'))).toMatchObject({
      text: 'payment:account.duplicate',
      ms: 8000,
    });
    // A decline's reason inside the account's sentence, or the general one.
    expect(await readAfter('myAccount', refusal('WP_CardNotValid', '2001'))).toEqual({
      read: 'There was an error updating your payment: Your card was declined (insufficient funds).',
      ms: 8000,
    });
    expect(await readAfter('myAccount', refusal('WP_CardNotValid', '2004'))).toEqual({
      read: 'There was an error updating your payment: This card has expired or been replaced.',
      ms: 8000,
    });
    expect(await readAfter('myAccount', refusal('WP_CardNotValid'))).toEqual({
      read: 'Sorry, there has been a problem updating your payment',
      ms: 8000,
    });
    expect(await readAfter('myAccount', refusal('WP_CardNotValid', '1999'))).toEqual({
      read: 'Sorry, there has been a problem updating your payment',
      ms: 8000,
    });
    expect(await readAfter('myAccount', refusal('WP_PaymentInvalid'))).toEqual({
      read:
        'There was an error updating your payment: Unfortunately, ' +
        'this type of card is not accepted at this time. Please try another card.',
      ms: 8000,
    });
    expect(await toldAfter('myAccount', refusal(null, null, 141, 'Card expired'))).toMatchObject({
      text: 'payment:subscribe.updateFailed',
      params: { message: 'Card expired' },
      ms: 8000,
    });
    expect(await toldAfter('myAccount', refusal(null, null, 141, ''))).toMatchObject({ text: 'payment:subscribe.updateProblem', ms: 8000 });
  });
});
