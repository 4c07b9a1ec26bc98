import { cookieDomainFor, documentCookies, safeStorage } from '../../browser/storage.ts';
import type { Browser, Navigation } from '../runtime.ts';

/** The runtime's view of the browser window: storages, cookies (on the app's cookie domain), location and screen. */
export function browserOf(win: Window, cookieDomain: string | undefined): Browser {
  return {
    local: safeStorage(() => win.localStorage),
    session: safeStorage(() => win.sessionStorage),
    cookies: documentCookies(win.document, { domain: cookieDomainFor(win.location.hostname, cookieDomain) }),
    assign: (url) => win.location.assign(url),
    scrollTop: () => win.scrollTo(0, 0),
    mobile: () => win.matchMedia?.('(max-width: 639px)').matches ?? false,
    reload: () => win.location.reload(),
  };
}

/** The address of the page the visitor came from, when it is one of ours. */
export function sameOriginReferrer(referrer: string, origin: string): string | null {
  try {
    const url = new URL(referrer);
    return url.origin === origin ? url.pathname : null;
  } catch {
    return null;
  }
}

/** Where the visitor is and came from; until the router is mounted (app.onStart), it goes through the history directly. */
export function navigationOf(win: Window): Navigation {
  const entry = win.performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return {
    path: win.location.pathname,
    search: win.location.search,
    from: sameOriginReferrer(win.document.referrer, win.location.origin),
    reload: entry?.type === 'reload',
    navigate: (href, replace) => win.history[replace ? 'replaceState' : 'pushState'](null, '', href),
  };
}
