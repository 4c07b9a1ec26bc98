import { describe, expect, test, vi } from 'vitest';
import type { PageAssets } from '../../../../src/runtime/pageAssets.ts';
import { fetchAhead } from '../../../../src/runtime/startup/fetchAhead.ts';

const assets: PageAssets = {
  files: { landing: ['landing.js'], login: ['login.js'], promo: ['promo.js'] },
  blocks: { login: ['LoginForm.js'] },
  next: { landing: ['login', 'promo'] },
};

/** A document whose <link rel=prefetch> are counted, with the page's asset map (or none). */
function page(map: PageAssets | null) {
  const links: string[] = [];
  const listeners: Record<string, (event: Event) => void> = {};
  const doc = {
    baseURI: 'https://funnel.example/',
    location: { origin: 'https://funnel.example' },
    getElementById: (id: string) => (id === 'page-assets' && map ? { textContent: JSON.stringify(map) } : null),
    querySelector: () => null,
    createElement: () => ({}) as HTMLLinkElement,
    head: { appendChild: (link: HTMLLinkElement) => links.push(link.href) },
    addEventListener: (type: string, listener: (event: Event) => void) => (listeners[type] = listener),
  } as unknown as Document;
  const idle: (() => void)[] = [];
  const runIdle = async () => {
    for (const work of idle.splice(0)) work();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { doc, links, listeners, idle: (work: () => void) => idle.push(work), runIdle };
}

(globalThis as { CSS?: unknown }).CSS ??= { escape: (s: string) => s };

describe('fetching ahead', () => {
  test('nothing before the page is idle; then the chunks of the screens the shown one leads to', async () => {
    const p = page(assets);
    let loaded = 0;
    const prefetchFor = fetchAhead({
      doc: p.doc,
      screenAt: () => undefined,
      connection: () => undefined,
      idle: p.idle,
      load: () => {
        loaded++;
        return import('../../../../src/runtime/prefetch.ts');
      },
    });
    prefetchFor('landing');
    expect(loaded).toBe(0);
    expect(p.links).toEqual([]);
    await p.runIdle();
    await vi.waitFor(() => expect(p.links).toEqual(['login.js', 'promo.js']));
    expect(loaded).toBe(1);
  });

  test("a parent's intent on a link fetches the screen it opens whole, once the page was idle", async () => {
    const p = page(assets);
    fetchAhead({ doc: p.doc, screenAt: (path) => (path === '/login' ? 'login' : undefined), connection: () => undefined, idle: p.idle });
    expect(p.listeners.pointerover).toBeUndefined();
    await p.runIdle();
    await vi.waitFor(() => expect(p.listeners.pointerover).toBeDefined());
    p.listeners.pointerover!({ target: { closest: () => ({ href: 'https://funnel.example/login' }) } } as unknown as Event);
    expect(p.links).toEqual(['login.js', 'LoginForm.js']);
  });

  test('nothing without the asset map, nor on Save-Data', async () => {
    for (const [map, connection] of [
      [null, undefined],
      [assets, { saveData: true }],
    ] as const) {
      const p = page(map);
      fetchAhead({ doc: p.doc, screenAt: () => 'login', connection: () => connection, idle: p.idle })('landing');
      await p.runIdle();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(p.links).toEqual([]);
    }
  });
});
