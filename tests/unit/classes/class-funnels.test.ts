/**
 * The class funnels' parts that need no browser: the class offer cards (prices and
 * trials), the widget adapter (probe, frame watch, which addresses it embeds), the rating's
 * stars, the CSP allowing every widget of the funnels, and the redirects with
 * the class link (?class=) as the route resolver sees them.
 */

import path from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { embeddableUrl, probeWidget, watchFrame } from '../../../src/adapters/widgets/widget.ts';
import { stars } from '../../../src/blocks/awards/Awards.tsx';
import { offerCards } from '../../../src/blocks/classOffers/cards.ts';
import { blocks } from '../../../src/blocks/registry.ts';
import { checkAndCompile } from '../../../src/compiler/compile.ts';
import type { MinervaOffer } from '../../../src/contract/entities.ts';
import { factsFromMap } from '../../../src/language/evaluate/facts.ts';
import { type RouteOutcome, resolveRoute } from '../../../src/runtime/routes.ts';
import { helmetOptionsFor, securityHeaders } from '../../../src/server/security.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const checked = checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks });
const compiled = checked.compiled!;

function where(pathname: string, search = '', facts: Record<string, unknown> = {}): string {
  if (!checked.compiled)
    throw new Error(`The funnel config has errors:\n${checked.diagnostics.map((d) => `${d.file}: ${d.message}`).join('\n')}`);
  const o: RouteOutcome = resolveRoute(
    compiled.config,
    { pathname, search },
    factsFromMap({
      'session.loggedIn': false,
      ...Object.fromEntries([...new URLSearchParams(search)].map(([k, v]) => [`query.${k}`, v])),
      ...facts,
    }),
    (id) => compiled.screens[id],
  );
  return o.kind === 'screen' ? o.screen.path : o.kind === 'redirect' ? `→ ${o.href}` : o.kind;
}

const offer = (
  o: Partial<MinervaOffer> & Pick<MinervaOffer, 'id' | 'classType' | 'subscriptionDuration' | 'price' | 'trialDurationDays'>,
) => ({ offerTitle: 'Classes', offerSubtitle: null, isActive: true, plan: { planId: o.id, name: `Plan ${o.id}` }, ...o }) as MinervaOffer;

describe('class offer cards', () => {
  test('live first, then on-demand from the shortest duration, with prices in cents and the trial of the offer', () => {
    const cards = offerCards([
      offer({ id: 'od12', classType: 'onDemand', subscriptionDuration: 'annual', price: 120, trialDurationDays: 30 }),
      offer({ id: 'od1', classType: 'onDemand', subscriptionDuration: 'monthly', price: 19.99, trialDurationDays: 7 }),
      offer({ id: 'live', classType: 'live', subscriptionDuration: 'monthly', price: 49.99, trialDurationDays: 30 }),
      offer({ id: 'od6', classType: 'onDemand', subscriptionDuration: '6Month', price: 65, trialDurationDays: 7 }),
      offer({ id: 'od3', classType: 'onDemand', subscriptionDuration: 'quarterly', price: 35, trialDurationDays: 7 }),
    ]);
    expect(cards.map((c) => [c.id, c.price, c.months, c.trialDays])).toEqual([
      ['live', '49.99', 1, 30],
      ['od1', '19.99', 1, 7],
      ['od3', '35.00', 3, 7],
      ['od6', '65.00', 6, 7],
      ['od12', '120.00', 12, 30],
    ]);
    expect(cards[0]!.title).toBe('Plan live');
  });

  test('inactive offers and durations the page cannot word are left out', () => {
    expect(
      offerCards([
        offer({ id: 'x', classType: 'live', subscriptionDuration: 'monthly', price: 1, trialDurationDays: 0, isActive: false }),
        offer({ id: 'y', classType: 'onDemand', subscriptionDuration: 'lifetime', price: 1, trialDurationDays: 0 }),
      ]),
    ).toEqual([]);
  });
});

describe('the widget adapter', () => {
  test('embeds https addresses (and http on this machine) only', () => {
    expect(embeddableUrl('https://book.codeling.example/free-class')).toBe(true);
    expect(embeddableUrl('http://localhost:5173/widget')).toBe(true);
    expect(embeddableUrl('http://book.codeling.example/free-class')).toBe(false);
    expect(embeddableUrl('javascript:alert(1)')).toBe(false);
    expect(embeddableUrl('not a url')).toBe(false);
  });

  test('the probe: an answer is ready; a network failure, a refused address or no answer in time is not', async () => {
    const answered = vi.fn(async () => new Response(null, { status: 200 }));
    expect(await probeWidget('https://book.codeling.example/a', { fetch: answered })).toBe(true);
    expect(answered).toHaveBeenCalledWith(
      'https://book.codeling.example/a',
      expect.objectContaining({ mode: 'no-cors', credentials: 'omit' }),
    );
    expect(
      await probeWidget('https://book.codeling.example/a', { fetch: async () => Promise.reject(new TypeError('Failed to fetch')) }),
    ).toBe(false);
    expect(await probeWidget('http://elsewhere.example/a', { fetch: answered })).toBe(false);
    const never = (_u: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_r, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    expect(await probeWidget('https://book.codeling.example/a', { fetch: never as typeof fetch, timeoutMs: 20 })).toBe(false);
  });

  test('the frame: ready on load, failed when it does not load in time, silent once stopped', () => {
    vi.useFakeTimers();
    try {
      const frame = new EventTarget() as unknown as HTMLIFrameElement;
      const seen: string[] = [];
      watchFrame(frame, (s) => seen.push(s), 1000);
      frame.dispatchEvent(new Event('load'));
      vi.advanceTimersByTime(5000);
      expect(seen).toEqual(['ready']);

      const slow = new EventTarget() as unknown as HTMLIFrameElement;
      watchFrame(slow, (s) => seen.push(s), 1000);
      vi.advanceTimersByTime(999);
      expect(seen).toEqual(['ready']);
      vi.advanceTimersByTime(1);
      expect(seen).toEqual(['ready', 'failed']);

      const stopped = new EventTarget() as unknown as HTMLIFrameElement;
      watchFrame(stopped, (s) => seen.push(s), 1000)();
      vi.advanceTimersByTime(5000);
      stopped.dispatchEvent(new Event('load'));
      expect(seen).toEqual(['ready', 'failed']);
    } finally {
      vi.useRealTimers();
    }
  });

  test("every widget of the funnels is allowed by the server's Content-Security-Policy, with either gateway", async () => {
    const urls = new Set<string>();
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (o.type === 'widget' && typeof o.url === 'string') urls.add(o.url);
        Object.values(o).forEach(walk);
      }
    };
    walk(Object.values(compiled.screens));
    expect([...urls].map((u) => new URL(u).pathname).sort()).toEqual([
      '/add-classes/drop-in',
      '/add-classes/semester',
      '/free-class',
      '/live-classes/free-class',
    ]);
    for (const gateway of ['sandbox', 'braintree'] as const) {
      const csp = (await securityHeaders(helmetOptionsFor(gateway)))['content-security-policy']!;
      const directive = (name: string) =>
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .find((d) => d[0] === name)
          ?.slice(1) ?? [];
      for (const u of urls) {
        expect(directive('frame-src'), `${gateway}: frame-src allows ${u}`).toContain(new URL(u).origin);
        expect(directive('connect-src'), `${gateway}: connect-src allows ${u}`).toContain(new URL(u).origin);
      }
    }
  });
});

test('the rating as stars: 4.5 is four full stars and a half', () => {
  expect(stars(4.5)).toBe('★★★★⯪');
  expect(stars(3)).toBe('★★★☆☆');
});

describe('redirect rules with the class link', () => {
  test(
    '/tryclasses-signup: no class → the main site; ?class= or a stored class → ' + 'the screen; logged in → the payment, keeping ?class=',
    () => {
      expect(where('/tryclasses-signup')).toBe('→ /tryclasses');
      expect(where('/tryclasses')).toBe('→ https://www.codeling.example/');
      expect(where('/tryclasses-signup', '?class=live_multi_classes')).toBe('/tryclasses-signup');
      expect(where('/tryclasses-signup', '', { 'state.minervaSelectedClassId': 'live_multi_classes' })).toBe('/tryclasses-signup');
      expect(where('/tryclasses-signup', '?class=ondemand_monthly', { 'session.loggedIn': true })).toBe(
        '→ /tryclasses-payment?class=ondemand_monthly',
      );
      expect(where('/tryclasses-login', '', { 'session.loggedIn': true })).toBe('→ /tryclasses-payment');
    },
  );

  test('/addclasses-login: no class → /addclasses (the main site) unless reloaded or linked with ?class=; logged in → the payment', () => {
    expect(where('/addclasses-login')).toBe('→ /addclasses');
    expect(where('/addclasses-login', '', { 'navigation.reload': true })).toBe('/addclasses-login');
    expect(where('/addclasses-login', '?class=addon_one_class')).toBe('/addclasses-login');
    expect(where('/addclasses-login', '?class=addon_one_class', { 'session.loggedIn': true })).toBe(
      '→ /addclasses-payment?class=addon_one_class',
    );
  });

  test('/addclasses is the main site', () => {
    expect(where('/addclasses')).toBe('→ https://www.codeling.example/');
  });

  test('/addclasses-payment: no session → /addclasses; a reload with no class → /addclasses; a class link stays', () => {
    expect(where('/addclasses-payment', '', { 'state.minervaAddedClassId': 'addon_one_class' })).toBe('→ /addclasses');
    expect(where('/addclasses-payment', '', { 'session.loggedIn': true, 'navigation.reload': true })).toBe('→ /addclasses');
    expect(where('/addclasses-payment', '?class=addon_one_class', { 'session.loggedIn': true, 'navigation.reload': true })).toBe(
      '/addclasses-payment',
    );
    expect(where('/addclasses-payment', '', { 'session.loggedIn': true, 'state.minervaAddedClassId': 'addon_one_class' })).toBe(
      '/addclasses-payment',
    );
  });
});
