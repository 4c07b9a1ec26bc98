/** What a server keeps of an account at its version (src/server/accounts/accountCache.ts). */
import { describe, expect, test } from 'vitest';
import { createAccountCache } from '../../src/server/accounts/accountCache.ts';

function counter() {
  const loads: string[] = [];
  const load = (what: string) => () => {
    loads.push(what);
    return Promise.resolve(`${what} #${loads.length}`);
  };
  return { loads, load };
}

describe('account cache', () => {
  test('the same version answers from memory; another version reads again; each kind is read once per version', async () => {
    const cache = createAccountCache();
    const { loads, load } = counter();
    expect(await cache.read('u1', '3', 'snapshot', load('snapshot'))).toBe('snapshot #1');
    expect(await cache.read('u1', '3', 'snapshot', load('snapshot'))).toBe('snapshot #1');
    expect(await cache.read('u1', '3', 'payments', load('payments'))).toBe('payments #2');
    expect(await cache.read('u1', '4', 'snapshot', load('snapshot'))).toBe('snapshot #3');
    // Back at an older version (a request that checked its session before the change): read again, never mixed.
    expect(await cache.read('u1', '3', 'snapshot', load('snapshot'))).toBe('snapshot #4');
    expect(loads).toEqual(['snapshot', 'payments', 'snapshot', 'snapshot']);
  });

  test('concurrent reads of one version share one load; a failed load is not kept', async () => {
    const cache = createAccountCache();
    let calls = 0;
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve(`read ${++calls}`), 5));
    expect(await Promise.all([cache.read('u1', '1', 'snapshot', slow), cache.read('u1', '1', 'snapshot', slow)])).toEqual([
      'read 1',
      'read 1',
    ]);

    const failing = () => Promise.reject(new Error('database is down'));
    await expect(cache.read('u2', '1', 'snapshot', failing)).rejects.toThrow('database is down');
    expect(await cache.read('u2', '1', 'snapshot', () => Promise.resolve('read again'))).toBe('read again');
  });

  test('parents are kept up to maxAccounts, the least recently used going first', async () => {
    const cache = createAccountCache({ maxAccounts: 2 });
    const { loads, load } = counter();
    await cache.read('a', '1', 'snapshot', load('a'));
    await cache.read('b', '1', 'snapshot', load('b'));
    await cache.read('a', '1', 'snapshot', load('a'));
    await cache.read('c', '1', 'snapshot', load('c'));
    await cache.read('a', '1', 'snapshot', load('a'));
    await cache.read('b', '1', 'snapshot', load('b'));
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });
});
