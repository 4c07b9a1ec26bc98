/**
 * Errors by meaning: which outcome a failure is (src/contract/outcomes.ts), what each outcome of a
 * call shows after the build resolved the mapping (src/compiler/outcomes.ts), and what the action
 * runner does with it — the message first, then `catch:` with `error.outcome`.
 */

import { describe, expect, test } from 'vitest';
import { blocks } from '../../../src/blocks/registry.ts';
import { checkAndCompile } from '../../../src/compiler/compile.ts';
import { compileOutcomes, type ErrorsConfig } from '../../../src/compiler/outcomes.ts';
import { outcomeOf } from '../../../src/contract/outcomes.ts';
import { CallError } from '../../../src/contract/wire.ts';
import type { Action } from '../../../src/language/schema/actions.ts';
import type { CompiledOutcomes } from '../../../src/language/schema/outcomes.ts';
import { runActions } from '../../../src/runtime/actions.ts';
import { fakeServices } from './fixtures.ts';

const failure = (code: number, messageKey: string | null = null, message = 'Refused') => ({ code, messageKey, message });

describe('the outcome of a failure', () => {
  const purchaseKeys = ['WP_AlreadyHaveSubscription', 'WP_CardNotValid', 'CODE_ALREADY_USED'];

  test('a message key of the call is its outcome; one the call does not have is not', () => {
    expect(outcomeOf(failure(141, 'WP_CardNotValid'), purchaseKeys)).toBe('WP_CardNotValid');
    expect(outcomeOf(failure(141, 'USER_ALREADY_EXISTS'), purchaseKeys)).toBe('default');
  });

  test('no answer: the network (100), a server failure (1, a 5xx without a body), the same request still running (159)', () => {
    for (const code of [100, 1, 159, 500, 502, 504])
      expect(outcomeOf(failure(code, 'NetworkError'), purchaseKeys), String(code)).toBe('noAnswer');
    for (const code of [141, 142, 155, 209, 404]) expect(outcomeOf(failure(code), purchaseKeys), String(code)).toBe('default');
  });

  test("a backend without message keys says a used code with 'already used'", () => {
    expect(outcomeOf(failure(141, null, 'This code was already used.'), purchaseKeys)).toBe('CODE_ALREADY_USED');
    expect(outcomeOf(failure(141, null, 'This code was already used.'), ['WP_CardNotValid'])).toBe('default');
  });
});

describe('what each outcome shows, and the action runner', () => {
  const config: ErrorsConfig = {
    callGroups: { payment: ['PurchaseSubscription', 'SubscribeToMinervaClasses'] },
    errors: {
      payment: {
        WP_CardNotValid: { text: 'pay:declined', ms: 8000 },
        WP_CardVerificationFailed: { formText: 'verifyCard' },
        noAnswer: { formText: 'failed' },
        default: 'pay:default',
      },
      SubscribeToMinervaClasses: { WP_AlreadyHaveSubscription: { text: 'pay:classesSubscribed', ms: 10000 }, default: 'pay:classDefault' },
    },
  };
  const checkout = { copy: 'pay:checkout', errorMs: 5000 };
  const purchase = (outcomes: CompiledOutcomes, extra: Partial<Extract<Action, { do: 'call' }>> = {}): Action[] => [
    { do: 'call', fn: 'PurchaseSubscription', idempotent: true, outcomes, ...extra },
    { do: 'go', to: '/thank-you' },
  ];
  async function told(actions: Action[], error: CallError) {
    const { services, log } = fakeServices({ answers: { PurchaseSubscription: error } });
    await runActions(actions, services, {});
    return log;
  }

  test("every outcome of the call, each with its group's message; the form's texts and time in a payment form", () => {
    const outcomes = compileOutcomes(config, 'PurchaseSubscription', undefined, checkout);
    expect(Object.keys(outcomes)).toEqual([
      'WP_AlreadyHaveSubscription',
      'WP_CardNotValid',
      'WP_PaymentInvalid',
      'WP_CardVerificationFailed',
      'WP_PaymentMethodDuplicate',
      'WP_TodayChargeChanged',
      'CODE_ALREADY_USED',
      'CODE_EXPIRED',
      'CODE_INVALID',
      'noAnswer',
      'default',
    ]);
    expect(outcomes.WP_CardNotValid).toEqual({ text: 'pay:declined', level: 'error', ms: 8000 });
    expect(outcomes.WP_CardVerificationFailed).toEqual({ text: 'pay:checkout.verifyCard', level: 'error', ms: 5000 });
    expect(outcomes.noAnswer).toEqual({ text: 'pay:checkout.failed', level: 'error', ms: 5000 });
    // Not named: the default.
    expect(outcomes.WP_PaymentInvalid).toEqual({ text: 'pay:default', level: 'error', ms: 5000 });
    // Outside a payment form: the app's time, and no form text to show.
    const outside = compileOutcomes(config, 'PurchaseSubscription', undefined, undefined);
    expect(outside.default).toEqual({ text: 'pay:default', level: 'error' });
    expect(outside.WP_CardVerificationFailed).toBeNull();
  });

  test("a call's own entry goes before its group's, and its default before the group's default", () => {
    const outcomes = compileOutcomes(config, 'SubscribeToMinervaClasses', undefined, checkout);
    expect(outcomes.WP_AlreadyHaveSubscription).toMatchObject({ text: 'pay:classesSubscribed', ms: 10000 });
    expect(outcomes.WP_CardNotValid).toMatchObject({ text: 'pay:declined' });
    expect(outcomes.WP_PaymentInvalid).toMatchObject({ text: 'pay:classDefault' });
  });

  test("a funnel's errors: wins for the outcomes it names, and its default for every other", () => {
    const one = compileOutcomes(config, 'PurchaseSubscription', { WP_CardNotValid: 'pay:ownDecline' }, checkout);
    expect(one.WP_CardNotValid).toEqual({ text: 'pay:ownDecline', level: 'error', ms: 5000 });
    expect(one.noAnswer).toMatchObject({ text: 'pay:checkout.failed' });
    const all = compileOutcomes(config, 'PurchaseSubscription', { WP_CardNotValid: 'pay:ownDecline', default: 'pay:ownDefault' }, checkout);
    expect(all.noAnswer).toMatchObject({ text: 'pay:ownDefault' });
    expect(all.WP_CardVerificationFailed).toMatchObject({ text: 'pay:ownDefault' });
    expect(all.WP_CardNotValid).toMatchObject({ text: 'pay:ownDecline' });
  });

  test('a call nothing maps shows nothing of its own', () => {
    expect(Object.values(compileOutcomes(config, 'CrmUpdateAfterAddClass', undefined, undefined))).toEqual([null, null]);
  });

  test("the runner shows the outcome's message, and the rest of the list is skipped", async () => {
    const outcomes = compileOutcomes(config, 'PurchaseSubscription', undefined, checkout);
    const declined = await told(purchase(outcomes), new CallError(141, 'Declined', 'WP_CardNotValid', '2001'));
    expect(declined.notes).toEqual([{ text: 'pay:declined', literal: false, params: {}, level: 'error', ms: 8000, link: undefined }]);
    expect(declined.navigations).toEqual([]);
    expect((await told(purchase(outcomes), new CallError(100, 'Failed to fetch', 'NetworkError'))).notes.map((n) => n.text)).toEqual([
      'pay:checkout.failed',
    ]);
    expect((await told(purchase(outcomes), new CallError(141, 'Odd', 'SOMETHING_NEW'))).notes.map((n) => n.text)).toEqual(['pay:default']);
  });

  test('catch: runs after the message, reading error.outcome; the list still stops', async () => {
    const outcomes = compileOutcomes(config, 'PurchaseSubscription', undefined, checkout);
    const actions = purchase(outcomes, {
      catch: [
        { do: 'markFieldError', when: { fact: 'error.outcome', equals: 'noAnswer' }, field: 'card' },
        { do: 'track', event: 'refused', props: { outcome: { error: 'outcome' } } },
      ],
    });
    const { services, log } = fakeServices({ answers: { PurchaseSubscription: new CallError(159, 'Still running') } });
    const marked: string[] = [];
    await runActions(actions, services, { markField: (f) => void marked.push(f) });
    expect(log.notes.map((n) => n.text)).toEqual(['pay:checkout.failed']);
    expect(marked).toEqual(['card']);
    expect(log.tracked).toEqual([{ event: 'refused', props: { outcome: 'noAnswer' } }]);
    expect(log.navigations).toEqual([]);
    expect(log.unhandled).toEqual([]);
  });

  test('a failure nothing maps: catch: alone when there is one; else the generic message (unhandled)', async () => {
    const nothing = compileOutcomes(config, 'PurchaseSubscription', undefined, undefined);
    const caught = await told(
      purchase({ ...nothing, default: null }, { catch: [{ do: 'go', to: '/elsewhere' }] }),
      new CallError(141, 'x'),
    );
    expect(caught.notes).toEqual([]);
    expect(caught.unhandled).toEqual([]);
    expect(caught.navigations).toEqual([{ href: '/elsewhere', replace: false }]);
    const uncaught = await told(purchase({ ...nothing, default: null }), new CallError(141, 'x'));
    expect(uncaught.unhandled).toHaveLength(1);
    expect(uncaught.navigations).toEqual([]);
  });

  test("a text whose parameter is empty shows the fallback ('...your payment: {message}' without the server's words)", async () => {
    const outcomes = compileOutcomes(
      {
        errors: {
          PurchaseSubscription: {
            default: { text: 'pay:updateFailed', params: { message: { error: 'message' } }, fallback: 'pay:updateProblem' },
          },
        },
      },
      'PurchaseSubscription',
      undefined,
      undefined,
    );
    const said = await told(purchase(outcomes), new CallError(141, 'Card expired'));
    expect(said.notes).toMatchObject([{ text: 'pay:updateFailed', params: { message: 'Card expired' } }]);
    const wordless = await told(purchase(outcomes), new CallError(141, ''));
    expect(wordless.notes).toMatchObject([{ text: 'pay:updateProblem' }]);
  });
});

describe('the real funnels say what they said before', () => {
  const root = new URL('../../../', import.meta.url).pathname;
  const { compiled, diagnostics } = checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks });
  if (!compiled) throw new Error(diagnostics.map((d) => `${d.file}: ${d.message}`).join('\n'));

  /** The first call (or login) of `fn` on the screen, wherever it sits. */
  const callOn = (screenId: string, fn: string): Extract<Action, { do: 'call' | 'login' }> => {
    const find = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(find).find(Boolean);
      if (!node || typeof node !== 'object') return undefined;
      const n = node as Record<string, unknown>;
      if ((n.do === 'call' && n.fn === fn) || (n.do === 'login' && fn === 'UserLogin')) return n;
      return Object.values(n).map(find).find(Boolean);
    };
    const found = find(compiled.screens[screenId]);
    if (!found) throw new Error(`no ${fn} on ${screenId}`);
    return found as Extract<Action, { do: 'call' | 'login' }>;
  };
  const shown = (screenId: string, fn: string, outcome: string) => callOn(screenId, fn).outcomes?.[outcome];

  test('My Account, moving to a longer plan: a decline says why; anything else the general sentence (8 s)', () => {
    expect(shown('myAccount', 'UpgradeSubscription', 'WP_CardNotValid')).toMatchObject({
      text: 'payment:subscribe.cardNotValid',
      textFrom: { group: 'payment:declines' },
      ms: 8000,
    });
    for (const outcome of ['WP_AlreadyHaveSubscription', 'WP_CardVerificationFailed', 'noAnswer', 'default'])
      expect(shown('myAccount', 'UpgradeSubscription', outcome), outcome).toEqual({
        text: 'payment:subscribe.default',
        ms: 8000,
        level: 'error',
      });
  });

  test('the gift purchase: the checkout wording, and the general sentence when no answer came', () => {
    expect(shown('gift', 'BulkPurchase', 'WP_CardVerificationFailed')).toEqual({
      text: 'gift:payment.verifyCard',
      level: 'error',
      ms: 8000,
    });
    expect(shown('gift', 'BulkPurchase', 'noAnswer')).toEqual({ text: 'payment:subscribe.default', level: 'error', ms: 8000 });
  });

  test('the class checkouts: the card type refused in 5 s; on /addclasses-payment, the server’s words', () => {
    expect(shown('tryClassesPayment', 'SubscribeToMinervaClasses', 'WP_PaymentInvalid')).toEqual({
      text: 'payment:subscribe.paymentInvalid',
      level: 'error',
      ms: 5000,
    });
    expect(shown('addClassesPayment', 'CreateClassAddOnSubscription', 'WP_PaymentInvalid')).toEqual({
      message: { error: 'message' },
      level: 'error',
      ms: 5000,
    });
  });

  test("logins: the server's words; no answer, the generic message; /addclasses-login its own alert for everything", () => {
    expect(shown('login', 'UserLogin', 'default')).toEqual({ message: { error: 'message' }, level: 'error' });
    expect(shown('login', 'UserLogin', 'noAnswer')).toEqual({ text: 'common:somethingWentWrong', level: 'error' });
    for (const outcome of ['INVALID_CREDENTIALS', 'noAnswer', 'default'])
      expect(shown('addClassesLogin', 'UserLogin', outcome), outcome).toMatchObject({ text: 'addClasses:login.noAccount', ms: 10000 });
  });

  test('the legacy partner registration keeps the shared-login sentence; the other legacy registrations the server’s words', () => {
    expect(shown('gympassRegister', 'CreateNewWebUser', 'USER_ALREADY_EXISTS')).toMatchObject({
      text: 'account:register.sharedAccountExists',
      link: { to: '/login', query: { reason: 'existing-account' } },
    });
    expect(shown('register', 'CreateNewWebUser', 'USER_ALREADY_EXISTS')).toEqual({
      message: { error: 'message' },
      fallback: 'account:register.invalidEmailPassword',
      level: 'error',
    });
  });

  test('too many attempts (429 RATE_LIMITED) is said in the copy wherever a parent meets a rate limit', () => {
    const tooMany = { text: 'common:tooManyAttempts', level: 'error' };
    for (const [screen, fn] of [
      ['login', 'UserLogin'],
      ['register', 'CreateNewWebUser'],
      ['requestPasswordReset', 'RequestBeginPasswordReset'],
      ['resetPassword', 'VerifyBeginPasswordReset'],
      ['myAccount', 'UpdateUserEmail'],
      ['myAccount', 'ChangePassword'],
      ['promo', 'FindWebOfferByCouponCode'],
      ['promo', 'RedeemComp'],
      ['girlScoutsCouncilsRequest', 'BulkPurchaseGirlScoutsInfo'],
    ] as const)
      expect(shown(screen, fn, 'RATE_LIMITED'), `${screen} ${fn}`).toEqual(tooMany);
  });

  test('the CRM call after an add-class purchase shows nothing: its catch: goes on to the thank-you page', () => {
    const crm = callOn('addClassesPayment', 'CrmUpdateAfterAddClass');
    expect(Object.values(crm.outcomes ?? {}).every((o) => o === null)).toBe(true);
    expect(crm.catch).toHaveLength(1);
  });

  test("no funnel's compiled screen keeps errors: (the browser gets outcomes), nor the app its mapping", () => {
    expect(JSON.stringify(compiled.screens)).not.toContain('"errors":');
    expect(compiled.config.app).not.toHaveProperty('errors');
    expect(compiled.config.app).not.toHaveProperty('callGroups');
  });
});
