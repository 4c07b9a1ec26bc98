import { describe, expect, test } from 'vitest';
import { type BrowserView, mount, renderedHere, sameView } from '../../../../src/runtime/startup/mount.ts';
import type { PageState } from '../../../../src/ssr/pageState.ts';

const page: PageState = {
  path: '/promo',
  search: '?utm_source=x',
  locale: 'en',
  robot: false,
  audience: {},
  flags: { values: { unifiedLogin: 'on' }, reasons: { unifiedLogin: 'STATIC' } },
  mobile: true,
  clientState: { locale: 'en' } as unknown as PageState['clientState'],
  data: {},
};
const view: BrowserView = {
  path: '/promo',
  search: '?utm_source=x',
  loggedIn: false,
  locale: 'en',
  flags: { unifiedLogin: 'on' },
  clientState: { locale: 'en' },
};

describe('hydrate or render', () => {
  test('a page state counts only for the address the server rendered', () => {
    expect(renderedHere(page, { pathname: '/promo', search: '?utm_source=x' })).toBe(page);
    expect(renderedHere(page, { pathname: '/promo', search: '' })).toBeNull();
    expect(renderedHere(page, { pathname: '/gift', search: '?utm_source=x' })).toBeNull();
    expect(renderedHere(null, { pathname: '/promo', search: '?utm_source=x' })).toBeNull();
  });

  test("the server's HTML is kept when the browser sees the visitor as the server did", () => {
    expect(sameView(page, view)).toBe(true);
  });

  test('drawn again for a signed-in parent, another language, other variants or another client state', () => {
    expect(sameView(page, { ...view, loggedIn: true })).toBe(false);
    expect(sameView(page, { ...view, locale: 'es' })).toBe(false);
    expect(sameView(page, { ...view, flags: { unifiedLogin: 'off' } })).toBe(false);
    expect(sameView(page, { ...view, clientState: { locale: 'en', answers: { a: 1 } } })).toBe(false);
    expect(sameView(page, { ...view, path: '/gift' })).toBe(false);
  });

  const renderers = () => {
    const calls: string[] = [];
    return {
      calls,
      renderers: {
        startTransition: (work: () => void) => {
          calls.push('transition');
          work();
        },
        hydrateRoot: () => calls.push('hydrate'),
        createRoot: () => ({ render: () => calls.push('render') }),
      },
    };
  };
  const root = () => ({ dataset: {} as Record<string, string> }) as unknown as HTMLElement;

  test('hydrates in a transition (rendered in slices), and says so on the root', () => {
    const { calls, renderers: r } = renderers();
    const el = root();
    expect(mount(el, null, true, r)).toBe('hydrated');
    expect(calls).toEqual(['transition', 'hydrate']);
    expect(el.dataset.render).toBe('hydrated');
  });

  test('else renders in the browser, in a transition too, and says so on the root', () => {
    const { calls, renderers: r } = renderers();
    const el = root();
    expect(mount(el, null, false, r)).toBe('browser');
    expect(calls).toEqual(['transition', 'render']);
    expect(el.dataset.render).toBe('browser');
  });
});
