/**
 * Parents are in the US: numbers and dates take the language's own words with US conventions
 * ('es' → 'es-US': "27 de noviembre de 2026", "$79.99"). A locale that names its region keeps it.
 */
export const intlLocale = (locale: string): string => (locale.includes('-') ? locale : `${locale}-US`);
