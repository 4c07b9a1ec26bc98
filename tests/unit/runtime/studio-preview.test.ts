/**
 * A preview page in the studio's frame takes the draft as typed (src/runtime/studioPreview.ts): only
 * when its parent is the studio on the same origin, only messages from that parent; the new texts
 * replace the old at once and a "go" navigates inside the app (no page load).
 */
import { expect, test } from 'vitest';
import type { CompiledScreen } from '../../../src/compiler/compiled.ts';
import { createCopy } from '../../../src/runtime/copy.ts';
import type { Navigation, Screens } from '../../../src/runtime/runtime.ts';
import { acceptStudioUpdates, PREVIEW_GO, PREVIEW_READY, PREVIEW_UPDATE } from '../../../src/runtime/studioPreview.ts';

const ORIGIN = 'https://funnels.example';

function frame(parentLocation: { origin: string; pathname: string } | 'cross-origin') {
  const posted: unknown[] = [];
  const parent = {
    get location() {
      if (parentLocation === 'cross-origin') throw new DOMException('Blocked a frame', 'SecurityError');
      return parentLocation;
    },
    postMessage: (message: unknown, origin: string) => posted.push({ message, origin }),
  };
  const listeners: ((event: { source: unknown; origin: string; data: unknown }) => void)[] = [];
  const win = {
    parent,
    location: { origin: ORIGIN, pathname: '/' },
    addEventListener: (type: string, listener: (typeof listeners)[number]) => type === 'message' && listeners.push(listener),
  };
  const copy = createCopy('en', { home: { heading: 'Start your free trial today!' } }, async () => ({}));
  const replaced: CompiledScreen[] = [];
  const screens = { replace: (s: CompiledScreen) => replaced.push(s) } as unknown as Screens;
  const went: string[] = [];
  const navigation = { navigate: (href: string) => went.push(href) } as unknown as Navigation;
  const listening = acceptStudioUpdates(win as unknown as Window, copy, screens, navigation);
  const send = (data: unknown, from: { source?: unknown; origin?: string } = {}) => {
    for (const l of listeners) l({ source: from.source ?? parent, origin: from.origin ?? ORIGIN, data });
  };
  return { listening, posted, copy, replaced, went, send, parent };
}

const update = { type: PREVIEW_UPDATE, update: { screens: {}, copy: { en: { home: { heading: 'Typed live' } } } } };

test('in the studio’s frame: says it listens, takes the new texts and screens, and goes to a path in the app', () => {
  const f = frame({ origin: ORIGIN, pathname: '/admin/studio' });
  expect(f.listening).toBe(true);
  expect(f.posted).toEqual([{ message: { type: PREVIEW_READY, path: '/' }, origin: ORIGIN }]);
  f.send(update);
  expect(f.copy.t.get()('home:heading')).toBe('Typed live');
  const screen = { id: 'landing', blocks: [] } as unknown as CompiledScreen;
  f.send({ type: PREVIEW_UPDATE, update: { screens: { landing: { screen, copy: {} } }, copy: {} } });
  expect(f.replaced).toEqual([screen]);
  f.send({ type: PREVIEW_GO, path: '/register' });
  f.send({ type: PREVIEW_GO, path: '/' });
  f.send({ type: PREVIEW_GO, path: 'https://elsewhere.example/' });
  expect(f.went).toEqual(['/register']);
});

test('messages from another window or origin are ignored', () => {
  const f = frame({ origin: ORIGIN, pathname: '/admin/studio' });
  f.send(update, { source: {} });
  f.send(update, { origin: 'https://evil.example' });
  expect(f.copy.t.get()('home:heading')).toBe('Start your free trial today!');
});

test('a parent on another origin, or another page of the site, does not drive the preview', () => {
  for (const parent of [
    'cross-origin',
    { origin: ORIGIN, pathname: '/admin/releases' },
    { origin: 'https://evil.example', pathname: '/admin/studio' },
  ] as const) {
    const f = frame(parent);
    expect(f.listening).toBe(false);
    expect(f.posted).toEqual([]);
    f.send(update);
    expect(f.copy.t.get()('home:heading')).toBe('Start your free trial today!');
  }
});
