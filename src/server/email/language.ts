/**
 * The language a parent uses, read from their request as the app picks it (src/runtime/language.ts):
 * the language they chose (its cookie), then their browser's languages, among the copy's locales.
 */
import { parseCookies } from '../../browser/storage.ts';
import { LOCALE_CHOICE_KEY } from '../../browser/storageKeys.ts';
import { acceptedLanguages, bestLocale } from '../../domain/locale.ts';

export function requestLanguage(headers: { cookie?: string; 'accept-language'?: string }, locales: readonly string[]): string | null {
  const chosen = parseCookies(headers.cookie ?? '')[LOCALE_CHOICE_KEY];
  return bestLocale([...(chosen ? [chosen] : []), ...acceptedLanguages(headers['accept-language'] ?? '')], locales);
}
