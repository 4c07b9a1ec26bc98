// @vitest-environment happy-dom
/**
 * A screen of several blocks that show the customer details (the account page's plans, the
 * payment method, the email preferences) and a condition on the customer: GetCustomerDetails is
 * asked once (src/runtime/data/), and once more after a write that changes it.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Auth, Session } from '../../../src/adapters/auth/auth.ts';
import type { Backend } from '../../../src/adapters/backend/backend.ts';
import AccountSections from '../../../src/blocks/accountSections/AccountSections.tsx';
import type { AccountSectionsBlock } from '../../../src/blocks/accountSections/schema.ts';
import EmailPreferences from '../../../src/blocks/emailPreferences/EmailPreferences.tsx';
import PaymentMethod from '../../../src/blocks/paymentMethod/PaymentMethod.tsx';
import type { Block } from '../../../src/blocks/schemas.ts';
import { memoryCookies, memoryStorage } from '../../../src/browser/storage.ts';
import { createStore } from '../../../src/browser/store.ts';
import type { CompiledConfig } from '../../../src/compiler/compiled.ts';
import { createClientStateStore } from '../../../src/runtime/clientState.ts';
import { RuntimeContext } from '../../../src/runtime/context.tsx';
import { createCopy } from '../../../src/runtime/copy.ts';
import { createRuntime, type Runtime } from '../../../src/runtime/runtime.ts';
import { app } from './fixtures.ts';

const session: Session = { objectId: 'u1', email: 'parent@example.com', sessionToken: 't1' };
const details = {
  id: 'u1',
  plan: null,
  classesPlan: null,
  customerData: { email: 'parent@example.com' },
  paymentInfo: { paymentType: 'CreditCard', cardType: 'Visa', last4: '1111', expirationDate: '12/2030' },
  isExpired: false,
  hasUsedTrial: false,
  isGifted: false,
  isLifetime: false,
  isTrialActive: false,
  planSubscriptions: [],
};

function setUp() {
  const calls: string[] = [];
  const answers: Record<string, unknown> = {
    GetCustomerDetails: details,
    GetSubscribedEmailLists: { marketingMessageChannel: true, parentNewsletterMessages: false },
    UpdateCreditCard: {},
  };
  const backend: Backend = {
    callFunction: ((name: string) => {
      calls.push(name);
      // Answered later, as over the network: every reader mounts before the first answer.
      return new Promise((resolve) => setTimeout(() => resolve(answers[name]), 5));
    }) as never,
  };
  const auth: Auth = {
    session: createStore<Session | null>(session),
    isLoggedIn: () => true,
    login: async () => session,
    logout: async () => undefined,
    rememberEmail: () => undefined,
  };
  const runtime = createRuntime({
    config: { app } as unknown as CompiledConfig,
    copy: createCopy('en', {}, async () => ({})),
    loadScreen: () => Promise.reject(new Error('no screens here')),
    state: createClientStateStore(memoryStorage()),
    auth,
    backend,
    flags: {},
    analytics: { track: () => undefined },
    captcha: { kind: 'local', getToken: async () => 'token' },
    browser: {
      local: memoryStorage(),
      session: memoryStorage(),
      cookies: memoryCookies(),
      assign: () => undefined,
      scrollTop: () => undefined,
      mobile: () => false,
    },
    navigation: { path: '/my-account', search: '', from: null, reload: false, navigate: () => undefined },
  });
  return { calls, runtime };
}

const account: AccountSectionsBlock<Block> = {
  type: 'accountSections',
  copy: 'myAccount:page',
  paymentMethodCopy: 'payment:method',
  onCancel: [],
  sections: [{ id: 'about', title: 'myAccount:about', blocks: [] }],
};

function Screen({ runtime }: { runtime: Runtime }) {
  return (
    <MemoryRouter>
      <RuntimeContext.Provider value={runtime}>
        <AccountSections block={account} />
        <PaymentMethod block={{ type: 'paymentMethod', copy: 'payment:method' }} />
        <EmailPreferences block={{ type: 'emailPreferences', copy: 'myAccount:preferences' }} />
      </RuntimeContext.Provider>
    </MemoryRouter>
  );
}

/** Lets the answers arrive and React render what follows from them (a read that waits for another). */
async function settle() {
  for (let i = 0; i < 4; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 10)));
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let unmount: () => void = () => undefined;
afterEach(() => unmount());

describe('a screen reads the customer details once', () => {
  test('three blocks and a condition on the customer: one GetCustomerDetails; a new card: one more', async () => {
    const { calls, runtime } = setUp();
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    unmount = () => act(() => root.unmount());
    const facts = runtime.prepare({ fact: 'customer.hasPlan' });
    await act(async () => root.render(<Screen runtime={runtime} />));
    await settle();
    expect(await facts).toBeUndefined();

    expect(calls.filter((c) => c === 'GetCustomerDetails')).toEqual(['GetCustomerDetails']);
    expect(calls.filter((c) => c === 'GetSubscribedEmailLists')).toHaveLength(1);
    expect(runtime.facts().get('customer.hasPlan')).toBe(false);
    expect(container.querySelector('.payment-method')).not.toBeNull();
    expect(container.querySelectorAll('.email-preferences input[type=checkbox]')).toHaveLength(2);

    // A new card changes the details: the blocks and the customer facts share one new read.
    await act(async () => void (await runtime.services.call('UpdateCreditCard', { paymentMethodNonce: 'nonce' })));
    await settle();
    expect(calls.filter((c) => c === 'GetCustomerDetails')).toHaveLength(2);
    expect(calls.filter((c) => c === 'GetSubscribedEmailLists')).toHaveLength(1);
  });
});
