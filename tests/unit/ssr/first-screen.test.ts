/**
 * The pure parts of server rendering and fetching ahead: the visitor's languages, device and
 * robot-ness as the server reads them, the page's head, and where each screen leads (the page's
 * answers: tests/unit/runtime/data-layer.test.ts).
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../../scripts/lib/build.ts';
import { blocks } from '../../../src/blocks/registry.ts';
import { checkAndCompile } from '../../../src/compiler/compile.ts';
import { acceptedLanguages } from '../../../src/domain/locale.ts';
import { nextScreens } from '../../../src/generators/map/next.ts';
import { mapSource } from '../../../src/generators/map/source.ts';
import { funnelPages } from '../../../src/generators/pages/funnelPages.ts';
import { filesAhead, savingData } from '../../../src/runtime/prefetch.ts';
import { hydratingEntry, mobileRequest, modulePreloads, robotRequest } from '../../../src/server/pages/appPages.ts';
import { ENTRY_AFTER_PAINT, ENTRY_AFTER_PAINT_SOURCE } from '../../../src/server/pages/entryAfterPaint.ts';
import { contentSecurityPolicy } from '../../../src/server/security.ts';

const PIXEL = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

describe('the request, as the server reads it', () => {
  test('Accept-Language: most wanted first, refused and wildcard languages left out', () => {
    expect(acceptedLanguages('es-ES,es;q=0.9,en;q=0.8')).toEqual(['es-ES', 'es', 'en']);
    expect(acceptedLanguages('en;q=0.5, fr;q=0, es')).toEqual(['es', 'en']);
    expect(acceptedLanguages('*')).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });

  test('a phone by its Client Hint or its User-Agent; a headless browser or a crawler is a robot', () => {
    expect(mobileRequest({ 'user-agent': PIXEL })).toBe(true);
    expect(mobileRequest({ 'user-agent': PIXEL, 'sec-ch-ua-mobile': '?0' })).toBe(true);
    expect(mobileRequest({ 'user-agent': DESKTOP, 'sec-ch-ua-mobile': '?1' })).toBe(true);
    expect(mobileRequest({ 'user-agent': DESKTOP, 'sec-ch-ua-mobile': '?0' })).toBe(false);
    expect(robotRequest({ 'user-agent': DESKTOP.replace('Chrome/', 'HeadlessChrome/') })).toBe(true);
    expect(robotRequest({ 'user-agent': `${PIXEL} Chrome-Lighthouse` })).toBe(true);
    expect(robotRequest({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).toBe(true);
    expect(robotRequest({ 'user-agent': PIXEL })).toBe(false);
  });
});

describe('the page the server writes', () => {
  test("a server-rendered page's entry is added after the first paint, by the one inline script the CSP allows", () => {
    const style = '<link rel="stylesheet" href="/s.css">';
    const head = `<head><script type="module" crossorigin src="/assets/index-1.js"></script>${style}</head>`;
    expect(hydratingEntry(head, '/assets/index-1.js')).toBe(
      `<head><script data-entry="/assets/index-1.js">${ENTRY_AFTER_PAINT}</script>${style}</head>`,
    );
    expect(hydratingEntry(head, '/assets/index-2.js')).toBe(head);
    expect(hydratingEntry(head, null)).toBe(head);
    expect(ENTRY_AFTER_PAINT_SOURCE).toBe(`'sha256-${createHash('sha256').update(ENTRY_AFTER_PAINT).digest('base64')}'`);
    expect(contentSecurityPolicy['script-src']).toEqual(["'self'", ENTRY_AFTER_PAINT_SOURCE]);
  });

  test("a server-rendered page's head preloads no script (its entry asks for its screen's code); a page the browser renders, all", () => {
    const own = { screen: ['/landing.js', '/pricing.js'], blocks: ['/Plans.js'], css: [] };
    expect(modulePreloads(['/runtime.js'], own, true)).toEqual([]);
    expect(modulePreloads(['/runtime.js'], own, false)).toEqual(
      ['/runtime.js', '/landing.js', '/pricing.js', '/Plans.js'].map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    );
    expect(modulePreloads([], undefined, false)).toEqual([]);
  });
});

describe('fetching ahead', () => {
  const assets = {
    files: { landing: ['/l.js'], login: ['/login.js', '/shared.js'], register: ['/register.js', '/shared.js'], myAccount: ['/account.js'] },
    blocks: { login: ['/form.js'], register: ['/form.js'] },
    next: { landing: ['login', 'register'] },
  };

  test('when idle, only the chunks of the screens a screen leads to, once each (their blocks wait for the intent)', () => {
    expect(filesAhead(assets, 'landing')).toEqual(['/login.js', '/shared.js', '/register.js']);
    expect(filesAhead(assets, 'myAccount')).toEqual([]);
  });

  test('never on Save-Data or a 2g connection', () => {
    expect(savingData({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(savingData({ effectiveType: '2g' })).toBe(true);
    expect(savingData({ effectiveType: 'slow-2g' })).toBe(true);
    expect(savingData({ effectiveType: '3g' })).toBe(false);
    expect(savingData(undefined)).toBe(false);
  });

  // A check of the whole repository: seconds on a busy machine.
  test('where the real screens lead, from the funnel maps, and the blocks each screen shows', () => {
    const { compiled, files, schemas } = checkAndCompile({ root: repoRoot, funnelsDir: 'funnels', copyDir: 'copy', blocks });
    if (!compiled) throw new Error('The funnel config does not compile.');
    const next = nextScreens(mapSource(compiled, files, schemas));
    expect(next.landing).toEqual(expect.arrayContaining(['register', 'login']));
    expect(next.landing).not.toContain('myAccount');
    expect(next.promo).toContain('promoPayment');
    const pages = funnelPages(compiled, files, schemas);
    expect(pages.screens.landing?.blockTypes).toEqual(expect.arrayContaining(['plans', 'heading']));
    expect(pages.screens.login?.blockTypes).toContain('form');
    expect(pages.screens.landing?.next).toEqual(next.landing);
  }, 30_000);
});
