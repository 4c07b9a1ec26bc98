/**
 * Switching language (src/runtime/language.ts): client state `locale` is the switch, the page's
 * copy and `<html lang>` follow at once, only a choice is remembered, and a language the build
 * does not have is refused.
 */
import { describe, expect, test } from 'vitest';
import { memoryStorage } from '../../../src/browser/storage.ts';
import { createClientStateStore } from '../../../src/runtime/clientState.ts';
import { createCopy } from '../../../src/runtime/copy.ts';
import { bindLanguage, languageDetector } from '../../../src/runtime/language.ts';

const english = { home: { heading: 'Start your free trial today!', lead: 'Choose a plan.' } };
const spanish = { home: { heading: '¡Comienza hoy tu prueba gratis!' } };

function page(loadCopy = async (locale: string) => (locale === 'es' ? spanish : {})) {
  const copy = createCopy('en', english, loadCopy);
  const state = createClientStateStore(memoryStorage());
  const remembered: string[] = [];
  const detector = languageDetector();
  detector.cacheUserLanguage = (locale: string) => void remembered.push(locale);
  const root = { lang: '' } as HTMLElement;
  bindLanguage(copy, state, { locales: ['en', 'es'], defaultLocale: 'en', detector, root });
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { copy, state, remembered, root, settled };
}

describe('switching language through client state', () => {
  test('starts in the language found, with <html lang> and the state set to it; nothing remembered', () => {
    const { state, root, remembered } = page();
    expect(root.lang).toBe('en');
    expect(state.get().locale).toBe('en');
    expect(remembered).toEqual([]);
  });

  test('setting locale switches the texts at once, sets <html lang> and remembers the choice', async () => {
    const { copy, state, root, remembered, settled } = page();
    state.setKey('locale', 'es');
    await settled();
    expect(copy.t.get()('home:heading')).toBe('¡Comienza hoy tu prueba gratis!');
    expect(copy.t.get()('home:lead')).toBe('Choose a plan.');
    expect(root.lang).toBe('es');
    expect(remembered).toEqual(['es']);
  });

  test('a language the build does not have is refused: the state goes back, nothing changes', async () => {
    const { copy, state, remembered, settled } = page();
    state.setKey('locale', 'de');
    await settled();
    expect(state.get().locale).toBe('en');
    expect(copy.locale()).toBe('en');
    expect(remembered).toEqual([]);
  });

  test('switching twice quickly ends in the last language asked for', async () => {
    const { copy, state, settled } = page();
    state.setKey('locale', 'es');
    state.setKey('locale', 'en');
    await settled();
    await settled();
    expect(copy.locale()).toBe('en');
    expect(copy.t.get()('home:heading')).toBe('Start your free trial today!');
  });

  test('a language whose copy cannot load leaves the page in the default language', async () => {
    const { copy, state, root, settled } = page(() => Promise.reject(new Error('offline')));
    state.setKey('locale', 'es');
    await settled();
    await settled();
    expect(copy.locale()).toBe('en');
    expect(root.lang).toBe('en');
    expect(state.get().locale).toBe('en');
  });
});
