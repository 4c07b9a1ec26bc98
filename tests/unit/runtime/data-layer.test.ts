/**
 * The runtime's data layer (src/runtime/data/): one cache of backend reads, keyed by call and
 * input; the writes that make reads stale; a new session starting empty; and no block reaching
 * the backend past it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../../scripts/lib/build.ts';
import type { Session } from '../../../src/adapters/auth/auth.ts';
import type { Backend } from '../../../src/adapters/backend/backend.ts';
import { createStore } from '../../../src/browser/store.ts';
import { CallError, ErrorCode } from '../../../src/contract/wire.ts';
import { DEFAULT_PLAN_TAG } from '../../../src/domain/pricing.ts';
import { createBackendData } from '../../../src/runtime/data/backendData.ts';
import { createQueryCache, queryKey } from '../../../src/runtime/data/cache.ts';
import { keptPlanList } from '../../../src/runtime/data/planList.ts';

/** A load that answers when told to, counting its calls. */
function controlled<T>() {
  const calls: { resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  const load = () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject }));
  return { calls, load };
}

describe('the query cache', () => {
  test('concurrent reads of one key share one request; a later read gets the kept answer', async () => {
    const cache = createQueryCache();
    const { calls, load } = controlled<string>();
    const first = cache.read('GetCustomerDetails', { customerId: 'u1' }, load);
    const second = cache.read('GetCustomerDetails', { customerId: 'u1' }, load);
    expect(calls).toHaveLength(1);
    calls[0]!.resolve('details');
    expect(await Promise.all([first, second])).toEqual(['details', 'details']);
    expect(await cache.read('GetCustomerDetails', { customerId: 'u1' }, load)).toBe('details');
    expect(calls).toHaveLength(1);
    expect(cache.peek('GetCustomerDetails', { customerId: 'u1' })).toEqual({ value: 'details' });
  });

  test('the key is the call and its input, whatever the order of the fields', async () => {
    expect(queryKey('GetDefaultPlans', { a: 1, b: { d: 2, c: 3 } })).toBe(queryKey('GetDefaultPlans', { b: { c: 3, d: 2 }, a: 1 }));
    expect(queryKey('GetDefaultPlans', { tag: 'x' })).not.toBe(queryKey('GetDefaultPlans', {}));
    expect(queryKey('GetWebOffers', {})).not.toBe(queryKey('GetMinervaOffers', {}));
    const cache = createQueryCache();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.read('GetDefaultPlans', { tag: 'x' }, load)).toBe(1);
    expect(await cache.read('GetDefaultPlans', {}, load)).toBe(2);
    expect(await cache.read('GetDefaultPlans', { tag: 'x' }, load)).toBe(1);
  });

  test('a failure is not kept: the next read asks again', async () => {
    const cache = createQueryCache();
    let loads = 0;
    const failing = () => (++loads === 1 ? Promise.reject(new Error('down')) : Promise.resolve('back'));
    await expect(cache.read('GetPaymentHistory', {}, failing)).rejects.toThrow('down');
    expect(cache.peek('GetPaymentHistory', {})).toBeUndefined();
    expect(await cache.read('GetPaymentHistory', {}, failing)).toBe('back');
    expect(loads).toBe(2);
  });

  test('invalidated answers are kept for a look but asked again on the next read; other calls stay', async () => {
    const cache = createQueryCache();
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    await cache.read('GetCustomerDetails', {}, load);
    await cache.read('GetWebOffers', {}, load);
    const told: (string | null)[] = [];
    cache.subscribe((name) => told.push(name));
    cache.invalidate(['GetCustomerDetails']);
    expect(told).toEqual(['GetCustomerDetails']);
    expect(cache.peek('GetCustomerDetails', {})).toEqual({ value: 'answer 1' });
    expect(await cache.read('GetCustomerDetails', {}, load)).toBe('answer 3');
    expect(await cache.read('GetWebOffers', {}, load)).toBe('answer 2');
  });

  test('a read on its way when its call is invalidated is not kept as fresh', async () => {
    const cache = createQueryCache();
    const { calls, load } = controlled<string>();
    const before = cache.read('GetCustomerDetails', {}, load);
    cache.invalidate(['GetCustomerDetails']);
    calls[0]!.resolve('before the write');
    expect(await before).toBe('before the write');
    const after = cache.read('GetCustomerDetails', {}, load);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('after the write');
    expect(await after).toBe('after the write');
  });

  test('clear forgets everything, and an answer on its way is not kept', async () => {
    const cache = createQueryCache();
    const { calls, load } = controlled<string>();
    const told: (string | null)[] = [];
    cache.subscribe((name) => told.push(name));
    const onItsWay = cache.read('GetCustomerDetails', {}, load);
    cache.clear();
    calls[0]!.resolve('old session');
    await onItsWay;
    expect(told).toEqual([null]);
    expect(cache.peek('GetCustomerDetails', {})).toBeUndefined();
  });
});

/** A backend answering from a table, recording the calls it gets. */
function fakeBackend(answers: Record<string, (input: unknown) => unknown>) {
  const calls: string[] = [];
  const backend: Backend = {
    callFunction: (async (name: string, input: unknown) => {
      calls.push(name);
      const answer = answers[name];
      if (!answer) throw new CallError(ErrorCode.SCRIPT_FAILED, `no ${name}`);
      return answer(input);
    }) as never,
  };
  return { calls, backend };
}

const session = (token: string): Session => ({ objectId: 'u1', email: 'a@example.com', sessionToken: token });

function authFor(initial: Session | null) {
  const store = createStore<Session | null>(initial);
  return { session: store, rememberEmail: (email: string) => store.set({ ...store.get()!, email }) };
}

describe('the backend data layer', () => {
  test('a write makes the reads it changes stale, whether it succeeded or not; others stay kept', async () => {
    let version = 0;
    const { calls, backend } = fakeBackend({
      GetCustomerDetails: () => ({ version: ++version }),
      GetWebOffers: () => [],
      UpdateCreditCard: () => ({}),
    });
    const data = createBackendData(backend, authFor(session('t1')));
    expect(await data.read('GetCustomerDetails', { customerId: 'u1' })).toEqual({ version: 1 });
    await data.read('GetWebOffers', {});
    await data.call('UpdateCreditCard', { paymentMethodNonce: 'n' } as never);
    expect(await data.read('GetCustomerDetails', { customerId: 'u1' })).toEqual({ version: 2 });
    // A refused charge may still change the details (a trial used): they are read again too.
    await expect(data.call('PurchaseSubscription', {} as never)).rejects.toThrow('no PurchaseSubscription');
    expect(await data.read('GetCustomerDetails', { customerId: 'u1' })).toEqual({ version: 3 });
    await data.read('GetWebOffers', {});
    expect(calls.filter((c) => c === 'GetWebOffers')).toHaveLength(1);
  });

  test('an email change: the session names the new email, and the details and lists are read again', async () => {
    const { calls, backend } = fakeBackend({
      GetCustomerDetails: () => ({}),
      GetSubscribedEmailLists: () => ({}),
      UpdateUserEmail: (input) => ({ email: (input as { email: string }).email }),
      IterableSetEmailPreferences: () => ({}),
    });
    const auth = authFor(session('t1'));
    const data = createBackendData(backend, auth);
    await data.read('GetCustomerDetails', { customerId: 'u1' });
    await data.read('GetSubscribedEmailLists', { email: 'a@example.com' });
    await data.call('UpdateUserEmail', { email: 'b@example.com' } as never);
    expect(auth.session.get()?.email).toBe('b@example.com');
    await data.read('GetCustomerDetails', { customerId: 'u1' });
    await data.read('GetSubscribedEmailLists', { email: 'a@example.com' });
    await data.call('IterableSetEmailPreferences', {} as never);
    await data.read('GetCustomerDetails', { customerId: 'u1' });
    await data.read('GetSubscribedEmailLists', { email: 'a@example.com' });
    expect(calls).toEqual([
      'GetCustomerDetails',
      'GetSubscribedEmailLists',
      'UpdateUserEmail',
      'GetCustomerDetails',
      'GetSubscribedEmailLists',
      'IterableSetEmailPreferences',
      'GetSubscribedEmailLists',
    ]);
  });

  test('a logout or another account starts from nothing kept; the same session keeps its answers', async () => {
    const { calls, backend } = fakeBackend({ GetCustomerDetails: () => ({}) });
    const auth = authFor(session('t1'));
    const data = createBackendData(backend, auth);
    await data.read('GetCustomerDetails', { customerId: 'u1' });
    auth.rememberEmail('new@example.com');
    await data.read('GetCustomerDetails', { customerId: 'u1' });
    expect(calls).toHaveLength(1);
    auth.session.set(null);
    auth.session.set(session('t2'));
    expect(data.peek('GetCustomerDetails', { customerId: 'u1' })).toBeUndefined();
    await data.read('GetCustomerDetails', { customerId: 'u1' });
    expect(calls).toHaveLength(2);
  });
});

describe("a server-rendered page's answers, through the data layer", () => {
  test('the server: what a render peeks at is read once, settled, and shown by the next render; a failed read is left out', async () => {
    const { calls, backend } = fakeBackend({ GetDefaultPlans: (input) => [`plans of ${JSON.stringify(input)}`] });
    const data = createBackendData(backend, authFor(null), { recording: true });
    expect(data.peek('GetDefaultPlans', {})).toBeUndefined();
    expect(data.peek('GetDefaultPlans', {})).toBeUndefined();
    expect(data.peek('GetWebOffers', {})).toBeUndefined();
    expect(await data.settle()).toBe(true);
    expect(data.peek('GetDefaultPlans', {})).toEqual({ value: ['plans of {}'] });
    expect(data.peek('GetWebOffers', {})).toBeUndefined();
    expect(await data.settle()).toBe(false);
    expect(calls).toEqual(['GetDefaultPlans', 'GetWebOffers']);
    expect(data.fresh()).toEqual({ [queryKey('GetDefaultPlans', {})]: ['plans of {}'] });
  });

  test("the browser: the page's answers are kept from the start (no request), then go stale as any other", async () => {
    const { calls, backend } = fakeBackend({ GetDefaultPlans: () => ['from the backend'], PurchaseSubscription: () => ({}) });
    const seed = { [queryKey('GetDefaultPlans', {})]: ['from the page'], [queryKey('GetCustomerDetails', { customerId: 'u1' })]: {} };
    const data = createBackendData(backend, authFor(null), { seed });
    expect(data.peek('GetDefaultPlans', {})).toEqual({ value: ['from the page'] });
    expect(await data.read('GetDefaultPlans', {})).toEqual(['from the page']);
    expect(data.peek('GetDefaultPlans', { tag: 'other' })).toBeUndefined();
    expect(await data.settle()).toBe(false);
    expect(calls).toEqual([]);
    await data.call('PurchaseSubscription', {} as never);
    expect(data.fresh()).toEqual({ [queryKey('GetDefaultPlans', {})]: ['from the page'] });
    expect(await data.read('GetCustomerDetails', { customerId: 'u1' }).catch((e: Error) => e.message)).toBe('no GetCustomerDetails');
    expect(calls).toEqual(['PurchaseSubscription', 'GetCustomerDetails']);
  });

  test("a plan list as kept: the tag's, or the default list when the tag names none; nothing while a part is missing", () => {
    const kept = new Map<string, unknown>([
      [queryKey('GetDefaultPlans', { tag: 'spring' }), ['spring plans']],
      [queryKey('GetDefaultPlans', { tag: 'gone' }), []],
    ]);
    const data = {
      peek: (name: string, input: unknown) => (kept.has(queryKey(name, input)) ? { value: kept.get(queryKey(name, input)) } : undefined),
    };
    expect(keptPlanList(data, 'spring', 'spring')).toEqual({ tag: 'spring', offers: ['spring plans'] });
    expect(keptPlanList(data, 'gone', 'gone')).toBeUndefined();
    expect(keptPlanList(data, undefined, DEFAULT_PLAN_TAG)).toBeUndefined();
    kept.set(queryKey('GetDefaultPlans', {}), ['default plans']);
    expect(keptPlanList(data, 'gone', 'gone')).toEqual({ tag: DEFAULT_PLAN_TAG, offers: ['default plans'] });
    expect(keptPlanList(data, undefined, DEFAULT_PLAN_TAG)).toEqual({ tag: DEFAULT_PLAN_TAG, offers: ['default plans'] });
  });
});

/** Every source file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sources(file) : /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('blocks reach the backend through the data layer only', () => {
  const backendUse = [/\bcallFunction\s*\(/, /adapters\/backend\//, /\.backend\b/];

  test('no file under src/blocks calls the backend or imports its client', () => {
    const offending = sources(path.join(repoRoot, 'src/blocks')).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return backendUse.filter((pattern) => pattern.test(text)).map((pattern) => `${path.relative(repoRoot, file)}: ${pattern}`);
    });
    expect(offending, 'use useBackendQuery / useBackendData (src/runtime/data/)').toEqual([]);
  });

  test('the guard sees a direct call', () => {
    const text = "rt.backend.callFunction('GetCustomerDetails', {});\nimport type { Backend } from '../../adapters/backend/backend.ts';";
    expect(backendUse.map((pattern) => pattern.test(text))).toEqual([true, true, true]);
  });
});
