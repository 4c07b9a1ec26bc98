import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { CompiledRoute, CompiledScreen } from '../../compiler/compiled.ts';
import { readsFactFamily } from '../../language/evaluate/conditions.ts';
import { runActions } from '../actions.ts';
import { captureAttribution } from '../attribution.ts';
import { useCopy, useObservable, useRuntime } from '../context.tsx';
import { type RouteLocation, type RouteOutcome, resolveRoute } from '../routes.ts';
import type { Runtime } from '../runtime.ts';
import { sessionLost, underPrefix } from '../sessionWatch.ts';
import { Footer, Header } from './Chrome.tsx';
import { InfoPopup } from './InfoPopup.tsx';
import { Notifications } from './Notifications.tsx';
import { PreviewBanner } from './PreviewBanner.tsx';
import { ScreenView } from './ScreenView.tsx';

// Seldom shown (QA's override, a loop in the config): their code loads when they are.
const VariantOverrideNotice = lazy(() => import('./VariantOverrideNotice.tsx').then((m) => ({ default: m.VariantOverrideNotice })));
const RedirectLoop = lazy(() => import('./RedirectLoop.tsx').then((m) => ({ default: m.RedirectLoop })));

type View =
  | { kind: 'blank'; visit: string | null }
  | { kind: 'loading'; route: CompiledRoute | null; visit: string }
  | { kind: 'screen'; route: CompiledRoute; screen: CompiledScreen; visit: string }
  /** Redirects kept going: the error page instead of another hop. */
  | { kind: 'redirectLoop'; visit: string };

/**
 * More redirects than this before a page shows is a loop in the config (a real chain is one or
 * two hops): the error page shows instead of the tab going round.
 */
const MAX_REDIRECTS = 5;

/** Begin resolving a location: facts now describe it, coming from the last page shown. */
function beginVisit(rt: Runtime, loc: RouteLocation, lastShown: string | null) {
  const nav = rt.navigation;
  if (lastShown !== null) {
    nav.from = lastShown;
    nav.reload = false;
  }
  nav.path = loc.pathname;
  nav.search = loc.search;
  captureAttribution(loc.search, rt.browser.session, rt.browser.local);
}

/** Does `?variantOverride=` force or refuse anything (the notice QA sees)? */
const hasOverride = (rt: Runtime) =>
  rt.variantOverride !== undefined && (rt.variantOverride.problems.length > 0 || Object.keys(rt.variantOverride.values).length > 0);

/** Whether resolving needs the customer's details first (a logged-in parent, a customer.* condition). */
const needsCustomer = (rt: Runtime, screen?: CompiledScreen) =>
  rt.auth.session.get() !== null &&
  rt.customer.get() === null &&
  (readsFactFamily(rt.config.app.routeRules, 'customer') || readsFactFamily(screen, 'customer'));

/**
 * The app shell: resolves every location (route rules, screen, its redirects), follows
 * redirects, shows the loading placeholder while an on-demand screen's chunk loads, lays the
 * screen out with its header and footer, scrolls to the top, and runs the session watch.
 */
export function Shell() {
  const rt = useRuntime();
  const t = useCopy();
  const location = useLocation();
  const navigate = useNavigate();
  const { app } = rt.config;
  rt.navigation.navigate = (href, replace) => void navigate(href, { replace });

  const lastShown = useRef<string | null>(null);
  /** The addresses of this navigation's redirects so far, from the one asked for; emptied when a page shows. */
  const chain = useRef<{ href: string; by: string }[]>([]);

  const outcome = (loc: RouteLocation): RouteOutcome => resolveRoute(rt.config, loc, rt.facts(), rt.screens.get);

  const show = (loc: RouteLocation, o: Extract<RouteOutcome, { kind: 'screen' }>, visit: string): View => {
    chain.current = [];
    const previous = rt.browser.session.getItem('current_page');
    if (previous !== null) rt.browser.session.setItem('last_page', previous);
    rt.browser.session.setItem('current_page', loc.pathname);
    lastShown.current = loc.pathname;
    return { kind: 'screen', route: o.route, screen: o.screen, visit };
  };

  /** Follows a redirect; answers the view to show meanwhile (the current one while staying in the app). */
  const follow = (loc: RouteLocation, o: Extract<RouteOutcome, { kind: 'redirect' }>, visit: string): View | null => {
    if (chain.current.length === 0) chain.current.push({ href: loc.pathname + loc.search, by: '' });
    if (chain.current.length > MAX_REDIRECTS) {
      const hops = chain.current.map((h, i) => (i === 0 ? h.href : `→ ${h.href} (${h.by})`)).join(' ');
      console.error(`[funnel] redirect loop stopped after ${MAX_REDIRECTS} redirects: ${hops}; not followed: → ${o.href} (${o.by})`);
      chain.current = [];
      return { kind: 'redirectLoop', visit };
    }
    chain.current.push({ href: o.href, by: o.by });
    if (o.origin) rt.state.setKey('expectedNextPage', o.origin);
    if (o.target.kind === 'external') {
      rt.browser.assign(o.href);
      return { kind: 'loading', route: null, visit };
    }
    rt.navigation.navigate(o.href, true);
    return null;
  };

  // The first location is resolved while rendering when everything it needs is at hand (no flash).
  const [view, setView] = useState<View>(() => {
    const loc = { pathname: location.pathname, search: location.search };
    beginVisit(rt, loc, null);
    const o = outcome(loc);
    if (o.kind === 'screen' && !needsCustomer(rt, o.screen)) return show(loc, o, location.key);
    return { kind: 'blank', visit: null };
  });

  // Resolving reads the runtime as it is when the location changes; only a new location starts it.
  const resolveVisit = useEffectEvent((visit: string, isLive: () => boolean) => {
    if (view.visit === visit) return;
    const loc = { pathname: location.pathname, search: location.search };
    beginVisit(rt, loc, lastShown.current);
    void (async () => {
      await rt.prepare(app.routeRules);
      let o = outcome(loc);
      // A screen's own redirect decided before its customer facts were known: decide again with them.
      if (o.kind === 'redirect' && !o.by.startsWith('routeRules[') && readsFactFamily(rt.screens.get(o.by)?.redirects, 'customer')) {
        await rt.prepare(rt.screens.get(o.by)?.redirects);
        o = outcome(loc);
      }
      if (o.kind === 'load') {
        if (o.route.load === 'onDemand') setView({ kind: 'loading', route: o.route, visit: '' });
        try {
          await rt.screens.load(o.route.screenId);
        } catch (e) {
          console.error('[funnel] screen failed to load', e);
          if (isLive()) rt.services.unhandled({ message: String(e), code: null, messageKey: null });
          return;
        }
      }
      if (o.kind === 'load' || o.kind === 'screen') {
        await rt.prepare(rt.screens.get(o.route.screenId));
        o = outcome(loc);
      }
      if (!isLive()) return;
      if (o.kind === 'redirect') {
        const next = follow(loc, o, visit);
        if (next) setView(next);
      } else if (o.kind === 'screen') setView(show(loc, o, visit));
      else setView({ kind: 'blank', visit });
    })();
  });
  useEffect(() => {
    let live = true;
    resolveVisit(location.key, () => live);
    return () => {
      live = false;
    };
  }, [location.key]);

  // A new screen starts at the top, with focus on its heading for screen readers (not on the first load).
  const firstScreen = useRef(true);
  const shownVisit = view.kind === 'screen' ? view.visit : null;
  const onScreenShown = useEffectEvent(() => {
    if (view.kind === 'screen') {
      rt.experiments?.screenShown(view.screen.funnel, view.screen.id, view.screen.funnelStep);
      rt.prefetch?.(view.screen.id);
    }
    if (firstScreen.current) {
      firstScreen.current = false;
      return;
    }
    if (app.scrollToTopOnRouteChange) rt.browser.scrollTop();
    document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
  });
  useEffect(() => {
    if (shownVisit !== null) onScreenShown();
  }, [shownVisit]);

  // Session watch: on a private path with no session, the popup; 'Ok' goes to `then`.
  useEffect(() => {
    const w = app.sessionWatch;
    const check = () => {
      if (rt.auth.endedHere?.()) return;
      if (sessionLost(rt.navigation.path, w.privatePaths, rt.auth.isLoggedIn(), rt.popup.isOpen()))
        rt.popup.open({ text: w.popup, params: {}, onOk: () => void runActions([{ do: 'go', to: w.then }], rt.services) });
    };
    const timer = setInterval(() => {
      check();
      // A session revoked elsewhere (Logout from another client) is asked of the server on private paths.
      if (rt.auth.verify && rt.auth.isLoggedIn() && !rt.popup.isOpen() && w.privatePaths.some((p) => underPrefix(rt.navigation.path, p)))
        void rt.auth.verify().then(check, () => undefined);
    }, w.everyMs);
    return () => clearInterval(timer);
  }, [rt, app]);

  // A screen replaced after a save (`npm run dev`) shows its new config in the same visit: its form keeps what was typed.
  useObservable(rt.screens.updates);
  const screen = view.kind === 'screen' ? (rt.screens.get(view.screen.id) ?? view.screen) : null;

  const route = view.kind === 'blank' || view.kind === 'redirectLoop' ? null : view.route;
  const layout = app.layouts[route?.layout ?? 'default'] ?? Object.values(app.layouts)[0] ?? { header: 'standard', footer: 'standard' };
  return (
    <div className={`app app--${layout.header}`}>
      <a className="skip-link" href="#main">
        {t('common:skipToContent')}
      </a>
      <PreviewBanner />
      {hasOverride(rt) && (
        <Suspense fallback={null}>
          <VariantOverrideNotice />
        </Suspense>
      )}
      <Header style={layout.header} />
      <main id="main" className="main" tabIndex={-1}>
        {view.kind === 'screen' && screen ? (
          <ScreenView key={view.visit} screen={screen} />
        ) : view.kind === 'redirectLoop' ? (
          <Suspense fallback={null}>
            <RedirectLoop />
          </Suspense>
        ) : view.kind === 'loading' ? (
          <p className="loading" role="status">
            {t(app.loadingText)}
          </p>
        ) : null}
      </main>
      <Footer style={layout.footer} />
      <Notifications />
      <InfoPopup />
    </div>
  );
}
