import type { LanguageDetectorModule } from 'i18next';

/** Where the browser's language is looked for: a window, or its likeness in tests. */
export interface LanguageSources {
  localStorage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  document?: { cookie: string };
  location?: { search: string; hash: string };
  navigator?: { languages?: readonly string[]; language?: string; userLanguage?: string };
}

export interface DetectorOptions {
  /** localStorage's key and the cookie's name of the parent's choice. */
  choiceKey: string;
  /** The query parameter (`?lang=`). */
  queryParam: string;
  cookieMinutes: number;
}

export type CacheName = 'localStorage' | 'cookie';

export interface BrowserLanguageDetector extends LanguageDetectorModule {
  /** Remembers the parent's choice where named (nothing when none is). */
  cacheUserLanguage(locale: string, caches?: readonly CacheName[]): void;
}

/** A language code i18next accepts from outside: it cannot break out of `<html lang="...">`. */
const safeCode = (code: unknown): code is string =>
  typeof code === 'string' &&
  /^[A-Za-z0-9_@.-]{1,128}$/.test(code) &&
  !code.includes('..') &&
  !['__proto__', 'constructor', 'prototype'].includes(code);

function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const pair = part.trimStart();
    if (pair.startsWith(`${name}=`)) return pair.slice(name.length + 1) || undefined;
  }
  return undefined;
}

/** The last `param=` of the query (or of the hash's query when the address has none), as written. */
function readQuery(location: { search: string; hash: string }, param: string): string | undefined {
  let search = location.search;
  if (!search && location.hash.includes('?')) search = location.hash.slice(location.hash.indexOf('?'));
  let found: string | undefined;
  for (const pair of search.slice(1).split('&')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at) === param) found = pair.slice(at + 1);
  }
  return found;
}

/**
 * The languages a parent may want, first to last: their choice in localStorage, then in the cookie, `?lang=`, the
 * browser's languages. i18next picks the best of them among the build's locales. (What i18next-browser-languagedetector
 * did with this order, without its other sources: src/runtime/language.ts.)
 */
export function browserLanguageDetector(o: DetectorOptions, sources: () => LanguageSources = () => window): BrowserLanguageDetector {
  const storage = (s: LanguageSources) => {
    try {
      return s.localStorage ?? null;
    } catch {
      return null;
    }
  };
  return {
    type: 'languageDetector',
    detect() {
      const s = sources();
      const found: unknown[] = [];
      try {
        found.push(storage(s)?.getItem(o.choiceKey) || undefined);
      } catch {
        // localStorage refused (private mode, blocked): no choice there.
      }
      if (s.document) found.push(readCookie(s.document.cookie, o.choiceKey));
      if (s.location) found.push(readQuery(s.location, o.queryParam));
      const nav = s.navigator;
      if (nav) found.push(...(nav.languages ?? []), nav.userLanguage, nav.language);
      return found.filter(safeCode);
    },
    cacheUserLanguage(locale, caches = []) {
      if (locale === 'cimode') return;
      const s = sources();
      if (caches.includes('localStorage'))
        try {
          storage(s)?.setItem(o.choiceKey, locale);
        } catch {
          // Not remembered in this browser's storage; the cookie still is.
        }
      if (caches.includes('cookie') && s.document) {
        const expires = new Date(Date.now() + o.cookieMinutes * 60_000).toUTCString();
        s.document.cookie = `${o.choiceKey}=${encodeURIComponent(locale)}; Path=/; Expires=${expires}; SameSite=Lax`;
      }
    },
  };
}
