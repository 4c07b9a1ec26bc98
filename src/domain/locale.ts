/**
 * Parents are in the US: numbers and dates take the language's own words with US conventions
 * ('es' → 'es-US': "27 de noviembre de 2026", "$79.99"). A locale that names its region keeps it.
 */
export const intlLocale = (locale: string): string => (locale.includes('-') ? locale : `${locale}-US`);

/** Accept-Language's languages, most wanted first. */
export function acceptedLanguages(header: string): string[] {
  return header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((l) => l.tag !== '' && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

/**
 * The first of `wanted` (most wanted first) that one of `locales` serves, as i18next picks in
 * the browser: the same tag (any case), else the same language (`es-MX` → `es`); null when none.
 */
export function bestLocale(wanted: readonly string[], locales: readonly string[]): string | null {
  for (const tag of wanted) {
    const lower = tag.toLowerCase();
    const exact = locales.find((l) => l.toLowerCase() === lower);
    if (exact) return exact;
    const language = locales.find((l) => l.toLowerCase() === lower.split('-')[0]);
    if (language) return language;
  }
  return null;
}
