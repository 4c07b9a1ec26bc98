import { describe, expect, test } from 'vitest';
import { CallError } from '../../../src/contract/wire.ts';
import type { Action } from '../../../src/language/schema/actions.ts';
import { idempotencyKey, runActions } from '../../../src/runtime/actions.ts';
import { fakeServices } from './fixtures.ts';

/** funnels/account.yaml, the login form's onSubmit. */
const loginSubmit: Action[] = [
  {
    do: 'login',
    username: { form: 'email' },
    password: { form: 'password' },
    then: [
      {
        do: 'go',
        to: [{ when: { fact: 'state.expectedNextPage', exists: true }, to: { state: 'expectedNextPage' } }, { to: '/my-account' }],
      },
      { do: 'clear', state: 'expectedNextPage' },
    ],
    catch: [{ do: 'notify', level: 'error', message: { error: 'message' } }],
  },
];

describe('action runner', () => {
  test('login then back to the page remembered before login, and the memory is cleared', async () => {
    const { services, log } = fakeServices({ answers: { login: { objectId: 'u1' } } });
    log.state.expectedNextPage = '/promo-payment?code=X';
    await runActions(loginSubmit, services, { form: { email: 'Parent@Example.com', password: 'secret1' } });
    expect(log.calls).toEqual([{ fn: 'login', input: { username: 'Parent@Example.com', password: 'secret1' } }]);
    expect(log.navigations).toEqual([{ href: '/promo-payment?code=X', replace: false }]);
    expect(log.state.expectedNextPage).toBeUndefined();
  });

  test('login without a remembered page goes to /my-account', async () => {
    const { services, log } = fakeServices({ answers: { login: { objectId: 'u1' } } });
    await runActions(loginSubmit, services, { form: { email: 'a@b.co', password: 'secret1' } });
    expect(log.navigations).toEqual([{ href: '/my-account', replace: false }]);
  });

  test("a failed login shows the server's message as an error for the default time, and goes nowhere", async () => {
    const { services, log } = fakeServices({ answers: { login: new CallError(101, 'Invalid username/password.') } });
    await runActions(loginSubmit, services, { form: { email: 'a@b.co', password: 'nope' } });
    expect(log.navigations).toEqual([]);
    expect(log.notes).toEqual([
      { text: 'Invalid username/password.', literal: true, params: {}, level: 'error', ms: 5000, link: undefined },
    ]);
  });

  test(
    'a registration error that is not a text: the fallback copy; ' + 'without one, the generic message, never an empty toast',
    async () => {
      const failing = (fallback?: string): Action[] => [
        {
          do: 'call',
          fn: 'CreateWebUser',
          catch: [{ do: 'notify', level: 'error', message: { error: 'message' }, ...(fallback ? { fallback } : {}) }],
        },
      ];
      const { services, log } = fakeServices({ answers: { CreateWebUser: new CallError(141, '') } });
      await runActions(failing('account:register.invalidEmailPassword'), services, {});
      await runActions(failing(), services, {});
      expect(log.notes.map((n) => [n.text, n.literal])).toEqual([
        ['account:register.invalidEmailPassword', false],
        ['common:somethingWentWrong', false],
      ]);
    },
  );

  test('call: input from values (captcha tokens included); then sees result.*; later actions too', async () => {
    const { services, log } = fakeServices({ answers: { GetUserExistsByUsername: { exists: true } } });
    await runActions(
      [
        {
          do: 'call',
          fn: 'GetUserExistsByUsername',
          input: { username: { form: 'email' }, captchaToken: { captcha: 'registration' } },
          then: [
            {
              do: 'notify',
              when: { fact: 'result.exists', is: true },
              level: 'warning',
              ms: 10000,
              text: 'account:register.existingAccount',
              link: { text: 'account:register.existingAccountLink', to: '/login', query: { reason: 'existing-account' } },
            },
          ],
        },
        { do: 'track', event: 'checked', props: { exists: { result: 'exists' } } },
      ],
      services,
      { form: { email: 'parent@example.com' } },
    );
    expect(log.calls[0]).toMatchObject({
      fn: 'GetUserExistsByUsername',
      input: { username: 'parent@example.com', captchaToken: 'local-captcha:registration' },
      idempotencyKey: undefined,
    });
    expect(log.notes).toEqual([
      {
        text: 'account:register.existingAccount',
        literal: false,
        params: {},
        level: 'warning',
        ms: 10000,
        link: {
          text: 'account:register.existingAccountLink',
          href: '/login?reason=existing-account',
          target: { kind: 'internal', path: '/login' },
        },
      },
    ]);
    expect(log.tracked).toEqual([{ event: 'checked', props: { exists: true } }]);
  });

  test('a failed call runs catch: (error.*) and the rest of the list is skipped', async () => {
    const { services, log } = fakeServices({ answers: { RedeemComp: new CallError(141, 'Code already used', 'WP_AlreadyUsed') } });
    await runActions(
      [
        {
          do: 'call',
          fn: 'RedeemComp',
          catch: [
            { do: 'notify', when: { fact: 'error.messageKey', equals: 'WP_AlreadyUsed' }, text: 'promo:errors.used', level: 'error' },
          ],
        },
        { do: 'go', to: '/promo-thankyou' },
      ],
      services,
    );
    expect(log.notes.map((n) => n.text)).toEqual(['promo:errors.used']);
    expect(log.navigations).toEqual([]);
    expect(log.unhandled).toEqual([]);
  });

  test('a failure nobody catches is reported once and stops the list', async () => {
    const { services, log } = fakeServices({ answers: { GetWebOffers: new CallError(100, 'offline', 'NetworkError') } });
    await runActions(
      [
        { do: 'call', fn: 'GetWebOffers' },
        { do: 'go', to: '/next' },
      ],
      services,
    );
    expect(log.unhandled).toEqual([{ message: 'offline', code: 100, messageKey: 'NetworkError' }]);
    expect(log.navigations).toEqual([]);
  });

  test('idempotent calls carry a key that is the same for the same request', async () => {
    const { services, log } = fakeServices();
    const purchase: Action = {
      do: 'call',
      fn: 'PurchaseSubscription',
      idempotent: true,
      input: { paymentMethodToken: 'fake-valid-nonce', webOfferId: 'o1' },
    };
    await runActions([purchase, purchase], services);
    expect(log.calls[0]!.idempotencyKey).toBeDefined();
    expect(log.calls[0]!.idempotencyKey).toBe(log.calls[1]!.idempotencyKey);
    expect(idempotencyKey('PurchaseSubscription', { paymentMethodToken: 'other' })).not.toBe(log.calls[0]!.idempotencyKey);
  });

  test('set / clear in client state, session storage and cookies; an action whose when: fails is skipped', async () => {
    const { services, log } = fakeServices({ facts: { 'session.loggedIn': false } });
    await runActions(
      [
        { do: 'set', state: 'webOfferCode', value: { form: 'code' } },
        { do: 'set', storage: 'justRegistered', value: true },
        { do: 'set', cookie: 'selectedPlan', value: 'annual' },
        { do: 'set', state: 'isResubscribe', value: true, when: { fact: 'session.loggedIn' } },
        { do: 'clear', cookie: 'gone' },
      ],
      services,
      { form: { code: 'CS12-3456' } },
    );
    expect(log.state).toEqual({ webOfferCode: 'CS12-3456' });
    expect(log.storage).toEqual({ justRegistered: true });
    expect(log.cookies).toEqual({ selectedPlan: 'annual' });
  });

  test('go: external links leave the app, with query values; replace; keepQuery', async () => {
    const { services, log } = fakeServices({ search: '?utm_source=mail' });
    await runActions(
      [
        { do: 'go', to: { external: 'newHomepage' }, query: { utm_campaign: 'new-homepage' } },
        { do: 'go', to: '/login', replace: true, keepQuery: true },
      ],
      services,
    );
    expect(log.left).toEqual(['https://home.example/?utm_campaign=new-homepage']);
    expect(log.navigations).toEqual([{ href: '/login?utm_source=mail', replace: true }]);
  });

  test('a delayed go waits, and is dropped when the parent leaves the screen first', async () => {
    const { services, log } = fakeServices();
    const done = runActions([{ do: 'go', to: { external: 'mainSite' }, delayMs: 30 }], services, {});
    expect(log.left).toEqual([]);
    await done;
    expect(log.left).toEqual(['https://www.example/']);

    const left = new AbortController();
    const dropped = runActions([{ do: 'go', to: '/x', delayMs: 50 }, { do: 'scrollTop' }], services, { signal: left.signal });
    left.abort();
    await dropped;
    expect(log.navigations).toEqual([]);
    expect(log.scrolls).toBe(0);
  });

  test("popup: its then: actions run on 'Ok', even after the screen is gone", async () => {
    const { services, log } = fakeServices();
    const screen = new AbortController();
    await runActions([{ do: 'popup', text: 'common:sessionLost', then: [{ do: 'go', to: '/login' }] }], services, {
      signal: screen.signal,
    });
    screen.abort();
    expect(log.popups).toHaveLength(1);
    expect(log.navigations).toEqual([]);
    log.popups[0]!.onOk();
    await new Promise((r) => setTimeout(r, 0));
    expect(log.navigations).toEqual([{ href: '/login', replace: false }]);
  });

  test('notify with params from values, markFieldError, logout then, recordQuizAnswer', async () => {
    const { services, log } = fakeServices();
    const marked: string[] = [];
    await runActions(
      [
        { do: 'notify', text: 'addClasses:login.noAccount', params: { email: { form: 'email' } }, ms: 0, level: 'error' },
        { do: 'markFieldError', field: 'email' },
        { do: 'recordQuizAnswer', question: { query: 'q' }, answer: '2' },
        { do: 'logout', then: [{ do: 'go', to: '/login' }] },
      ],
      services,
      { form: { email: 'parent@example.com' }, markField: (f) => marked.push(f) },
    );
    expect(log.notes[0]).toMatchObject({ text: 'addClasses:login.noAccount', params: { email: 'parent@example.com' }, ms: 0 });
    expect(marked).toEqual(['email']);
    expect(log.loggedOut).toBe(1);
    expect(log.navigations).toEqual([{ href: '/login', replace: false }]);
  });
});
