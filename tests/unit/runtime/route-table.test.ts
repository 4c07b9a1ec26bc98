/**
 * The route table (tests/e2e/routeTable.ts) against the real funnels/: where resolveRoute sends a parent for each row of the
 * route table (the browser tests check the same through Chromium; this is the fast check).
 */

import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { blocks } from '../../../src/blocks/registry.ts';
import { checkAndCompile } from '../../../src/compiler/compile.ts';
import { factsFromMap } from '../../../src/language/evaluate/facts.ts';
import { type RouteOutcome, resolveRoute } from '../../../src/runtime/routes.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const checked = checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks });
const compiled = checked.compiled;

function where(pathname: string, search = '', facts: Record<string, unknown> = {}): RouteOutcome {
  if (!compiled) throw new Error(`The funnel config has errors:\n${checked.diagnostics.map((d) => `${d.file}: ${d.message}`).join('\n')}`);
  return resolveRoute(
    compiled.config,
    { pathname, search },
    factsFromMap({ 'session.loggedIn': false, ...facts }),
    (id) => compiled.screens[id],
  );
}
const shown = (o: RouteOutcome) => (o.kind === 'screen' ? o.screen.path : o.kind === 'redirect' ? `→ ${o.href}` : o.kind);
const links = () => compiled!.config.app.links;

describe('route table, real config', () => {
  test('/ : landing logged out; logged in on to /choose-plan with the query, or the main site from /choose-plan', () => {
    expect(shown(where('/'))).toBe('/');
    expect(shown(where('/', '?utm_source=newsletter', { 'session.loggedIn': true }))).toBe('→ /choose-plan?utm_source=newsletter');
    expect(shown(where('/', '', { 'session.loggedIn': true, 'navigation.from': '/choose-plan' }))).toBe(`→ ${links().mainSite}`);
  });

  test('older funnels go to the partner product page; class landings to the main site', () => {
    for (const p of [
      '/email-wall',
      '/quiz',
      '/choose-plan',
      '/signup-register',
      '/signup-thankyou',
      '/gympass',
      '/wegrowsa',
      '/legovip-register',
      '/caprikon',
    ])
      expect(where(p)).toMatchObject({ kind: 'redirect', target: { kind: 'external' }, href: links().partnerProductPage });
    for (const p of ['/tryclasses', '/addclasses']) expect(where(p)).toMatchObject({ kind: 'redirect', href: links().mainSite });
  });

  test('guarded routes: to /login remembering the origin; shown when logged in', () => {
    for (const p of [
      '/my-account',
      '/dont-go/1',
      '/signup-payment',
      '/promo-payment',
      '/tryclasses-payment',
      '/tryclasses-paymentapp',
      '/caprikon-payment',
    ]) {
      expect(where(p, '?a=1')).toMatchObject({ kind: 'redirect', href: '/login', origin: `${p}?a=1` });
      expect(where(p, '', { 'session.loggedIn': true }).kind).toBe('screen');
    }
  });

  test(
    'retired partner payments go to /my-account; offer-register to /promo with the query; ' +
      'the account-creation screen to /signup-payment when logged in',
    () => {
      expect(shown(where('/wegrowsa-payment', '', { 'session.loggedIn': true }))).toBe('→ /my-account');
      expect(shown(where('/legovip-payment', '', { 'session.loggedIn': true }))).toBe('→ /my-account');
      expect(shown(where('/black-friday-offer-register', '?code=CS12'))).toBe('→ /promo?code=CS12');
      expect(shown(where('/register', '', { 'session.loggedIn': true }))).toBe('→ /signup-payment');
      expect(shown(where('/login', '', { 'session.loggedIn': true }))).toBe('→ /my-account');
    },
  );

  test('screens loaded on demand are marked so (the Loading placeholder shows meanwhile)', () => {
    for (const p of [
      '/how-to-redeem',
      '/gift',
      '/gift-complete',
      '/girl-scouts-parents',
      '/volume-purchase',
      '/complete',
      '/request-password-reset',
      '/reset-password',
    ])
      expect(compiled!.config.routes.find((r) => r.path === p)?.load, p).toBe('onDemand');
  });

  test('any other path: the not-found screen, at the address asked for', () => {
    for (const p of ['/no-such-page', '/login/extra'])
      expect(where(p)).toMatchObject({ kind: 'screen', notFound: true, screen: { id: compiled!.config.app.notFound } });
  });

  test('class-funnel paths take the class layout', () => {
    const layoutOf = (p: string) => compiled!.config.app.layouts[compiled!.config.routes.find((r) => r.path === p)!.layout];
    expect(layoutOf('/tryclasses-signup')).toEqual({ header: 'class', footer: 'class' });
    expect(layoutOf('/addclasses-payment')).toEqual({ header: 'class', footer: 'class' });
    expect(layoutOf('/login')).toEqual({ header: 'standard', footer: 'standard' });
  });
});
