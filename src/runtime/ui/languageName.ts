/**
 * The names of the commonest languages in themselves, as `Intl.DisplayNames` gives them (tests/unit/runtime/languageName.test.ts
 * holds them to it): building a DisplayNames loads the browser's locale data, tens of milliseconds of the first screen's
 * main thread on a phone (docs/performance.md).
 */
const ENDONYMS: Readonly<Record<string, string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
  it: 'Italiano',
};

const computed = new Map<string, string>();

/** A language's name in that language, as a parent looks for it: 'Español', 'English'. */
export function languageName(locale: string): string {
  const known = Object.hasOwn(ENDONYMS, locale) ? ENDONYMS[locale] : computed.get(locale);
  if (known) return known;
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  const shown = name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  computed.set(locale, shown);
  return shown;
}

/** The locales whose names need no locale data. */
export const namedWithoutLocaleData = (): string[] => Object.keys(ENDONYMS);
