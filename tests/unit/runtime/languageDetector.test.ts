import { describe, expect, test } from 'vitest';
import { browserLanguageDetector, type LanguageSources } from '../../../src/runtime/languageDetector.ts';

const options = { choiceKey: 'ck.locale', queryParam: 'lang', cookieMinutes: 60 * 24 * 365 };

function browser(o: { stored?: string; cookie?: string; search?: string; hash?: string; languages?: string[]; language?: string } = {}) {
  const storage = new Map<string, string>(o.stored ? [['ck.locale', o.stored]] : []);
  const sources: LanguageSources = {
    localStorage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
    document: { cookie: o.cookie ?? '' },
    location: { search: o.search ?? '', hash: o.hash ?? '' },
    navigator: { languages: o.languages ?? [], language: o.language },
  };
  return { sources, storage, detector: browserLanguageDetector(options, () => sources) };
}

describe("the browser's language candidates", () => {
  test('the choice in localStorage, then in the cookie, then ?lang=, then the browser languages', () => {
    const { detector } = browser({
      stored: 'es',
      cookie: 'a=1; ck.locale=fr; b=2',
      search: '?x=1&lang=de',
      languages: ['pt-BR', 'en'],
      language: 'pt-BR',
    });
    expect(detector.detect()).toEqual(['es', 'fr', 'de', 'pt-BR', 'en', 'pt-BR']);
  });

  test('only what is there; the last ?lang= of the address, or of its hash when it has no query', () => {
    expect(browser({ languages: ['es-ES'] }).detector.detect()).toEqual(['es-ES']);
    expect(browser({ search: '?lang=es&lang=fr' }).detector.detect()).toEqual(['fr']);
    expect(browser({ hash: '#/x?lang=es' }).detector.detect()).toEqual(['es']);
    expect(browser({ search: '?q=1', hash: '#?lang=es' }).detector.detect()).toEqual([]);
  });

  test('a value that could break out of <html lang> is dropped', () => {
    const { detector } = browser({ search: '?lang=%22%3E', cookie: 'ck.locale=<b>x</b>', languages: ['en', '__proto__', 'a..b'] });
    expect(detector.detect()).toEqual(['en']);
  });

  test('a storage that refuses is skipped', () => {
    const { sources, detector } = browser({ languages: ['es'] });
    sources.localStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(detector.detect()).toEqual(['es']);
  });
});

describe("remembering the parent's choice", () => {
  test('in localStorage and a year-long cookie for the server, only where asked', () => {
    const { sources, storage, detector } = browser();
    detector.cacheUserLanguage('es');
    expect(storage.size).toBe(0);
    expect(sources.document!.cookie).toBe('');
    detector.cacheUserLanguage('es', ['localStorage', 'cookie']);
    expect(storage.get('ck.locale')).toBe('es');
    const cookie = sources.document!.cookie;
    expect(cookie).toMatch(/^ck\.locale=es; Path=\/; Expires=.+; SameSite=Lax$/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!);
    expect(Math.abs(expires - (Date.now() + 365 * 24 * 3600_000))).toBeLessThan(60_000);
  });
});
