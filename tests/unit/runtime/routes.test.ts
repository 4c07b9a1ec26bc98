import { describe, expect, test } from 'vitest';
import { factsFromMap } from '../../../src/language/evaluate/facts.ts';
import { findRoute, matchPath, resolveRoute } from '../../../src/runtime/routes.ts';
import { config, screens } from './fixtures.ts';

const loggedOut = factsFromMap({ 'session.loggedIn': false });
const loggedIn = factsFromMap({ 'session.loggedIn': true });
const at = (pathname: string, search = '') => ({ pathname, search });
const all = (id: string) => screens[id];

describe('matching paths', () => {
  test(':params, case and trailing slashes', () => {
    expect(matchPath('/dont-go/:page', '/dont-go/1')).toEqual({ page: '1' });
    expect(matchPath('/login', '/Login/')).toEqual({});
    expect(matchPath('/login', '/login/extra')).toBeNull();
    expect(matchPath('/', '/')).toEqual({});
  });

  test('a static path wins over a :param one', () => {
    expect(findRoute(config.routes, '/dont-go/special')?.route.screenId).toBe('dontGoSpecial');
    expect(findRoute(config.routes, '/dont-go/2')?.route.screenId).toBe('dontGo');
  });
});

describe('resolveRoute', () => {
  test('a logged-out parent sees the landing page at /', () => {
    const o = resolveRoute(config, at('/'), loggedOut, all);
    expect(o.kind === 'screen' && o.screen.id).toBe('landing');
  });

  test('logged in, / goes on to /choose-plan with the query string (replacing the entry)', () => {
    const o = resolveRoute(config, at('/', '?utm_source=newsletter&selected_plan=annual'), loggedIn, all);
    expect(o).toMatchObject({ kind: 'redirect', href: '/choose-plan?utm_source=newsletter&selected_plan=annual', by: 'landing' });
  });

  test('logged in and coming back from /choose-plan, / leaves for the main site', () => {
    const o = resolveRoute(config, at('/'), factsFromMap({ 'session.loggedIn': true, 'navigation.from': '/choose-plan' }), all);
    expect(o).toMatchObject({ kind: 'redirect', target: { kind: 'external' }, href: 'https://www.example/' });
  });

  test('route rules come before any screen: older paths go to the partner page, with or without a screen', () => {
    expect(resolveRoute(config, at('/choose-plan'), loggedOut, all)).toMatchObject({
      kind: 'redirect',
      href: 'https://partners.example/',
      by: 'routeRules[1]',
    });
    expect(resolveRoute(config, at('/quiz'), loggedIn, all)).toMatchObject({ kind: 'redirect', href: 'https://partners.example/' });
  });

  test('a path containing offer-register is rewritten to /promo keeping the query', () => {
    expect(resolveRoute(config, at('/summer-offer-register', '?code=CS12-3456&utm_source=mail'), loggedOut, all)).toMatchObject({
      kind: 'redirect',
      href: '/promo?code=CS12-3456&utm_source=mail',
    });
  });

  test('guarded routes send a logged-out parent to /login and remember the page asked for', () => {
    expect(resolveRoute(config, at('/dont-go/1', '?x=1'), loggedOut, all)).toMatchObject({
      kind: 'redirect',
      href: '/login',
      origin: '/dont-go/1?x=1',
    });
    const o = resolveRoute(config, at('/my-account'), loggedIn, all);
    expect(o.kind === 'screen' && o.screen.id).toBe('myAccount');
  });

  test("a screen's own redirect: a logged-in parent opening /login goes to /my-account", () => {
    expect(resolveRoute(config, at('/login'), loggedIn, all)).toMatchObject({ kind: 'redirect', href: '/my-account', origin: null });
  });

  test('a screen not loaded yet asks to be loaded first, then its redirects apply', () => {
    expect(resolveRoute(config, at('/gift'), loggedOut, () => undefined)).toMatchObject({
      kind: 'load',
      route: { screenId: 'gift', load: 'onDemand' },
    });
  });

  test('any other path shows the not-found screen, at the address asked for', () => {
    const o = resolveRoute(config, at('/login/extra'), loggedOut, all);
    expect(o).toMatchObject({ kind: 'screen', notFound: true, screen: { id: 'notFound' } });
  });

  test('a redirect to the page itself is ignored instead of looping', () => {
    const selfLoop = { ...config, app: { ...config.app, routeRules: [{ paths: ['/promo'], redirect: { to: '/promo' } }] } };
    const o = resolveRoute(selfLoop, at('/promo'), loggedOut, all);
    expect(o.kind === 'screen' && o.screen.id).toBe('promo');
  });
});
