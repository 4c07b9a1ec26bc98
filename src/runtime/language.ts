import LanguageDetector from 'i18next-browser-languagedetector';
import { LOCALE_CHOICE_KEY, LOCALE_PARAM } from '../browser/storageKeys.ts';
import type { ClientStateStore } from './clientState.ts';
import type { Copy } from './copy.ts';

/**
 * Which language a parent sees, first to last: the one they chose (remembered in localStorage and a cookie),
 * `?lang=`, their browser's languages, then app.yaml's `defaultLocale` (i18next's fallback).
 * i18next picks the best of these among the locales the build has (`es-ES` → `es`). Nothing is
 * remembered until the parent chooses (`bindLanguage`): a `?lang=` link shows that language on
 * the pages that follow in the tab, not on a later visit.
 */
export const languageDetector = (): LanguageDetector =>
  new LanguageDetector(undefined, {
    order: ['localStorage', 'cookie', 'querystring', 'navigator'],
    lookupLocalStorage: LOCALE_CHOICE_KEY,
    // The cookie carries the choice to the server too (HTML rendered there in the parent's language).
    lookupCookie: LOCALE_CHOICE_KEY,
    cookieMinutes: 60 * 24 * 365,
    cookieOptions: { path: '/', sameSite: 'lax' },
    lookupQuerystring: LOCALE_PARAM,
    // i18next would remember every language it switches to, the detected ones too: only a choice is (`bindLanguage`).
    caches: [],
  });

/**
 * Keep the page in the current language: `<html lang>` follows it, client state `locale`
 * mirrors it, and setting `locale` (the footer's switcher, a `set state locale` action) is the
 * parent's choice, shown at once on the current page. Answers when the detected language's copy
 * is loaded (or, if it cannot be, the default language is back).
 */
export function bindLanguage(
  copy: Copy,
  state: ClientStateStore,
  o: { locales: readonly string[]; defaultLocale: string; detector: LanguageDetector; root: HTMLElement },
): Promise<void> {
  /** The language last asked for (it may still be loading). */
  let asked = copy.locale();
  const mirror = () => {
    o.root.lang = copy.locale();
    if (state.get().locale !== asked) state.setKey('locale', asked);
  };
  mirror();
  copy.t.subscribe(mirror);
  // A language whose copy cannot load (the network) leaves the page in the default one.
  const show = (locale: string): Promise<void> =>
    copy.setLocale(locale).catch(() => {
      if (asked !== locale || locale === o.defaultLocale) return;
      asked = o.defaultLocale;
      return show(o.defaultLocale);
    });
  state.subscribe(() => {
    const wanted = state.get().locale;
    if (wanted === asked) return;
    if (!o.locales.includes(wanted)) return mirror();
    asked = wanted;
    o.detector.cacheUserLanguage(wanted, ['localStorage', 'cookie']);
    void show(wanted);
  });
  return show(asked);
}
