import i18next, { type i18n as I18n, type LanguageDetectorModule } from 'i18next';
import { createStore, type Observable } from '../browser/store.ts';
import type { CompiledCopy } from '../compiler/compiled.ts';

/** Translate a copy key (`namespace:key`) with `{placeholders}`. */
export type Translate = (key: string, params?: Record<string, string>) => string;

export interface Copy {
  t: Observable<Translate>;
  locale(): string;
  /** Switch language, loading the locale's copy first when it is not bundled (the last call wins). */
  setLocale(locale: string): Promise<void>;
  /** Add default-locale copy that came with a screen's chunk (before the screen renders). */
  add(copy: CompiledCopy): void;
  /** New texts of whole namespaces, shown at once (`npm run dev`, after a save); a locale not loaded yet is left to load. */
  replace(locale: string, copy: CompiledCopy): void;
  /** Is there a text for this key (in the current language, or the default one)? */
  has(key: string): boolean;
}

/**
 * Copy through i18next (flattened keys, so no key separator; single-brace placeholders as
 * copy/ writes them, 'Please fill out your {field}'; `$t(common:productName)` nests). React
 * escapes text itself, so i18next does not.
 *
 * The default locale starts with the shell's copy only; each screen's chunk brings the rest
 * (`add`). Another locale loads whole on first use, and falls back to the default locale.
 *
 * With a `detector` (src/runtime/language.ts), the language starts as the one it finds among
 * `locales`, else the default locale; its copy still has to be loaded (`setLocale(locale())`).
 */
export function createCopy(
  defaultLocale: string,
  defaultCopy: CompiledCopy,
  loadCopy: (locale: string) => Promise<CompiledCopy>,
  detection?: { detector: LanguageDetectorModule; locales: readonly string[] },
): Copy {
  const i18n: I18n = i18next.createInstance();
  if (detection) i18n.use(detection.detector);
  const loaded = new Set([defaultLocale]);
  void i18n.init({
    ...(detection ? { supportedLngs: [...detection.locales] } : { lng: defaultLocale }),
    fallbackLng: defaultLocale,
    // Copied: i18next keeps the object it is given and adds the screens' copy into it.
    resources: { [defaultLocale]: Object.fromEntries(Object.entries(defaultCopy).map(([ns, entries]) => [ns, { ...entries }])) },
    ns: Object.keys(defaultCopy),
    defaultNS: Object.keys(defaultCopy)[0] ?? 'common',
    keySeparator: false,
    nsSeparator: ':',
    initAsync: false,
    returnNull: false,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  });
  const make = (): Translate => {
    const fixed = i18n.getFixedT(i18n.language);
    return (key, params) => fixed(key, params ?? {}) as string;
  };
  const t = createStore<Translate>(make());
  let latest = 0;
  const setLocale = async (locale: string) => {
    const request = ++latest;
    if (!loaded.has(locale)) {
      const copy = await loadCopy(locale);
      for (const [ns, entries] of Object.entries(copy)) i18n.addResourceBundle(locale, ns, entries, true, true);
      loaded.add(locale);
    }
    if (request !== latest) return;
    if (locale !== i18n.language) await i18n.changeLanguage(locale);
    t.set(make());
  };
  return {
    t,
    locale: () => i18n.language,
    setLocale,
    add(copy) {
      for (const [ns, entries] of Object.entries(copy)) i18n.addResources(defaultLocale, ns, entries);
    },
    replace(locale, copy) {
      if (!loaded.has(locale)) return;
      for (const [ns, entries] of Object.entries(copy)) {
        i18n.removeResourceBundle(locale, ns);
        i18n.addResourceBundle(locale, ns, entries);
      }
      t.set(make());
    },
    has: (key) => i18n.exists(key),
  };
}

export type RichPart = { text: string; link: boolean };

/** Copy with one `<link>…</link>` span: the text before, the link text, the text after. */
export function splitLink(text: string): RichPart[] {
  const m = /<link>([\s\S]*?)<\/link>/.exec(text);
  if (!m) return [{ text, link: false }];
  return [
    { text: text.slice(0, m.index), link: false },
    { text: m[1]!, link: true },
    { text: text.slice(m.index + m[0].length), link: false },
  ].filter((p) => p.text !== '' || p.link);
}
