import { describe, expect, test } from 'vitest';
import { languageName, namedWithoutLocaleData } from '../../../src/runtime/ui/languageName.ts';

const fromIntl = (locale: string) => {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
};

describe("a language's name in the language switcher", () => {
  test('is its name in itself, capitalised, as Intl gives it', () => {
    expect(languageName('es')).toBe('Español');
    expect(languageName('en')).toBe('English');
    for (const locale of [...namedWithoutLocaleData(), 'nl', 'pt-BR', 'ja']) expect(languageName(locale)).toBe(fromIntl(locale));
  });
});
