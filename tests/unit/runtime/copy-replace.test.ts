/**
 * `npm run dev`: a save's new texts replace whole namespaces of a loaded language and show at
 * once (src/runtime/copy.ts `replace`, called by src/runtime/hotConfig.ts).
 */
import { expect, test } from 'vitest';
import { createCopy } from '../../../src/runtime/copy.ts';

const english = { home: { heading: 'Start your free trial today!', lead: 'Choose a plan.' }, common: { ok: 'Ok' } };

test('replaces the namespaces given, whole, and gives a new translate function (what re-renders the page)', () => {
  const copy = createCopy('en', english, async () => ({}));
  const before = copy.t.get();
  let changes = 0;
  copy.t.subscribe(() => changes++);
  copy.replace('en', { home: { heading: 'Start today!' } });
  expect(changes).toBe(1);
  expect(copy.t.get()).not.toBe(before);
  expect(copy.t.get()('home:heading')).toBe('Start today!');
  expect(copy.has('home:lead')).toBe(false);
  expect(copy.t.get()('common:ok')).toBe('Ok');
});

test('leaves a language not loaded yet to load, with its new texts, when it is asked for', async () => {
  const copy = createCopy('en', english, async () => ({ home: { heading: '¡Hoy!' } }));
  copy.replace('es', { home: { heading: '¡Comienza hoy!' } });
  expect(copy.has('home:heading')).toBe(true);
  await copy.setLocale('es');
  expect(copy.t.get()('home:heading')).toBe('¡Hoy!');
});
