// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest';
import type { CompiledConfig } from '../../../../src/compiler/compiled.ts';
import { type PageRelease, readPageRelease, releaseLoaders } from '../../../../src/runtime/startup/release.ts';

const release: PageRelease = {
  id: 42,
  config: { app: { defaultLocale: 'en' }, flags: {}, routes: [], locales: ['en', 'es'] } as unknown as CompiledConfig,
  shellCopy: { common: { productName: 'Codeling' } },
  screens: { landing: { screen: { id: 'landing' } as never, copy: { home: { heading: 'Carried' } } } },
};

/** A fetch that answers from a table and notes what was asked; `failFirst`: the first request fails (a network error). */
function fakeFetch(table: Record<string, unknown>, failFirst = false) {
  const asked: string[] = [];
  let failed = !failFirst;
  const fetchFn = async (url: string) => {
    asked.push(url);
    if (!failed) {
      failed = true;
      throw new TypeError('Failed to fetch');
    }
    const body = table[url];
    return { ok: body !== undefined, status: body === undefined ? 404 : 200, json: async () => body };
  };
  return { fetchFn, asked };
}

describe("the page's release", () => {
  test('read from the page; a page without one is an error that says so', () => {
    document.body.innerHTML = `<script type="application/json" id="page-release">${JSON.stringify(release)}</script>`;
    expect(readPageRelease(document)).toEqual(release);
    document.body.innerHTML = '';
    expect(() => readPageRelease(document)).toThrow(/no release/);
  });

  test("a screen the page carries is not fetched; any other comes from the page's release, never another", async () => {
    const { fetchFn, asked } = fakeFetch({ '/releases/42/screens/login.json': { screen: { id: 'login' }, copy: {} } });
    const { loadScreen } = releaseLoaders(release, fetchFn);
    expect(await loadScreen('landing')).toEqual(release.screens.landing);
    expect(await loadScreen('login')).toEqual({ screen: { id: 'login' }, copy: {} });
    expect(asked).toEqual(['/releases/42/screens/login.json']);
    await expect(loadScreen('nowhere')).rejects.toThrow('/releases/42/screens/nowhere.json answered 404.');
  });

  test("the default language is the shell's copy; another is fetched from the release, once more after a network error", async () => {
    const { fetchFn, asked } = fakeFetch({ '/releases/42/copy/es.json': { home: { heading: 'Hola' } } }, true);
    const { loadCopy } = releaseLoaders(release, fetchFn);
    expect(await loadCopy('en')).toBe(release.shellCopy);
    expect(await loadCopy('es')).toEqual({ home: { heading: 'Hola' } });
    expect(asked).toEqual(['/releases/42/copy/es.json', '/releases/42/copy/es.json']);
  });
});
