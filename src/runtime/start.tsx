import { createRoot, hydrateRoot } from 'react-dom/client';
import { LocalAnalytics } from '../adapters/analytics/analytics.ts';
import { createAuth } from '../adapters/auth/auth.ts';
import { createHttpBackend, type HttpBackendOptions } from '../adapters/backend/backend.ts';
import { type Captcha, LocalCaptcha } from '../adapters/captcha/captcha.ts';
import { createEventSink } from '../adapters/events/events.ts';
import {
  DefaultsProvider,
  DeferredProvider,
  type FlagProvider,
  flagContext,
  parseVariantOverride,
  type ResolvedFlags,
  readVariantOverride,
  resolveFlags,
} from '../adapters/flags/flags.ts';
import { blockComponents, lazyBlocks, loadBlocks, preloadBlocks } from '../blocks/components.ts';
import { cookieDomainFor, documentCookies, safeStorage } from '../browser/storage.ts';
import { FIRST_TOUCH_KEY } from '../browser/storageKeys.ts';
import type { CompiledConfig, CompiledCopy, CompiledScreenModule } from '../compiler/compiled.ts';
import { API_PREFIX, EVENTS_PATH } from '../contract/wire.ts';
import { anyExperimentRunning, audienceSnapshot } from '../experiments/audience.ts';
import { truthy } from '../language/evaluate/conditions.ts';
import { arrivalFacts } from '../language/evaluate/facts.ts';
import { type PageState, readPageState } from '../ssr/pageState.ts';
import { App } from './App.tsx';
import { runActions } from './actions.ts';
import { captureAttribution, readAttribution } from './attribution.ts';
import { createClientStateStore } from './clientState.ts';
import { createCopy } from './copy.ts';
import { createExperimentTracking } from './experiments.ts';
import { acceptConfigUpdates } from './hotConfig.ts';
import { bindLanguage, languageDetector } from './language.ts';
import { prefetchAhead, prefetchOnIntent, prefetchScreen, readPageAssets } from './prefetch.ts';
import { pagePreloads } from './preloads.ts';
import { findRoute } from './routes.ts';
import { type Browser, createRuntime, type Navigation, type Runtime } from './runtime.ts';
import { BlockRegistryContext } from './ui/blockRegistry.ts';

export interface StartOptions {
  config: CompiledConfig;
  /** The default locale's copy the shell needs; each screen brings its own with `loadScreen`. */
  defaultCopy: CompiledCopy;
  loadScreen: (screenId: string) => Promise<CompiledScreenModule>;
  loadCopy: (locale: string) => Promise<CompiledCopy>;
  env: {
    /** Where the backend answers (default /api). */
    apiBase?: string | undefined;
    /**
     * `local` (the default): the experiments evaluated in the browser; `remote`: a flag service
     * asked once, at `flagServiceUrl` (default `{apiBase}/flags`, the same evaluator on the server).
     */
    flagProvider?: string | undefined;
    flagServiceUrl?: string | undefined;
    /** A reCAPTCHA v3 site key; else the server's client config may name one; else the local bot check. */
    recaptchaSiteKey?: string | undefined;
    parseApplicationId?: string | undefined;
  };
  root: HTMLElement;
}

/** Session storage: this tab has told the backend the visitor's UTM touches. */
const TOUCH_SENT_KEY = 'ck.touchSent';

/** How long screens wait for the flag service before using the defaults. */
const FLAG_TIMEOUT_MS = 1500;

/** Which flag provider answers (configuration: VITE_FLAG_PROVIDER, VITE_FLAG_SERVICE_URL). */
function chooseFlagProvider(config: CompiledConfig, env: StartOptions['env'], apiBase: string): FlagProvider {
  if (env.flagProvider === 'remote')
    return new DeferredProvider('remote', async () => {
      const { HttpFlagProvider } = await import('../adapters/flags/remoteProvider.ts');
      return new HttpFlagProvider(env.flagServiceUrl || `${apiBase}/flags`);
    });
  if (!anyExperimentRunning(config.flags)) return new DefaultsProvider();
  return new DeferredProvider('local', async () => {
    const { LocalExperimentProvider } = await import('../adapters/flags/localProvider.ts');
    return new LocalExperimentProvider(config.flags);
  });
}

/** `{apiBase}/client-config`: which browser adapters the server wants (`{ captcha: { provider, siteKey }, payments: { adapter } }`). */
interface ClientConfig {
  captcha?: { provider?: string; siteKey?: string };
  payments?: { adapter?: string };
}

async function readClientConfig(apiBase: string): Promise<ClientConfig> {
  const timeout = new Promise<ClientConfig>((resolve) => setTimeout(() => resolve({}), FLAG_TIMEOUT_MS));
  const answer = fetch(`${apiBase}/client-config`, { headers: { Accept: 'application/json' } })
    .then((r) => (r.ok ? (r.json() as Promise<ClientConfig>) : {}))
    .catch(() => ({}));
  return Promise.race([answer, timeout]);
}

/** The payment adapter the server names, asked again without a time limit (a payment screen waits for it). */
async function readPaymentAdapter(apiBase: string): Promise<string> {
  const r = await fetch(`${apiBase}/client-config`, { headers: { Accept: 'application/json' } });
  if (!r.ok) throw new Error(`client-config answered ${r.status}`);
  return ((await r.json()) as ClientConfig).payments?.adapter ?? 'sandbox';
}

/** reCAPTCHA v3 when a site key is configured (its code and script load only then), else the local check. */
async function chooseCaptcha(siteKey: string | undefined): Promise<Captcha> {
  if (!siteKey) return new LocalCaptcha();
  const { RecaptchaV3 } = await import('../adapters/captcha/recaptcha.ts');
  return new RecaptchaV3(siteKey);
}

function sameOriginReferrer(): string | null {
  try {
    const url = new URL(document.referrer);
    return url.origin === window.location.origin ? url.pathname : null;
  } catch {
    return null;
  }
}

function wasReload(): boolean {
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'reload';
}

interface QaWindow {
  __experiments?: { flags: ResolvedFlags; assign(visitorId: string): Promise<Record<string, string>> };
}

/**
 * `window.__experiments` for QA and the browser tests: this page's variants and reasons, and
 * what the browser's evaluator gives another visitor id on this page (its code loads on call).
 */
function exposeExperimentsForQa(
  target: QaWindow,
  flags: ResolvedFlags,
  config: CompiledConfig,
  audience: Record<string, unknown>,
  isRobot: boolean,
) {
  target.__experiments = {
    flags,
    async assign(visitorId) {
      const { LocalExperimentProvider } = await import('../adapters/flags/localProvider.ts');
      const provider = new LocalExperimentProvider(config.flags);
      await provider.initialize({ ...flagContext(documentCookies(document), '', '/', isRobot, audience), experimentId: visitorId });
      return Object.fromEntries(
        Object.entries(config.flags).map(([name, d]) => [name, provider.resolveStringEvaluation(name, d.default).variant]),
      );
    },
  };
}

/** Wire the adapters, wait for flags (briefly) and the first screen, then render. */
export async function start(o: StartOptions): Promise<void> {
  const { config } = o;
  const { app } = config;
  const browser: Browser = {
    local: safeStorage(() => window.localStorage),
    session: safeStorage(() => window.sessionStorage),
    cookies: documentCookies(document, { domain: cookieDomainFor(window.location.hostname, app.cookieDomain) }),
    assign: (url) => window.location.assign(url),
    scrollTop: () => window.scrollTo(0, 0),
    mobile: () => window.matchMedia?.('(max-width: 639px)').matches ?? false,
    reload: () => window.location.reload(),
  };
  captureAttribution(window.location.search, browser.session, browser.local);
  // A page the server rendered says what it was rendered with (src/ssr/pageState.ts).
  const rendered = renderedHere(readPageState(document));
  if (rendered) browser.mobileAsRendered = () => rendered.mobile;

  const state = createClientStateStore(browser.local);
  const detector = languageDetector();
  const copy = createCopy(app.defaultLocale, o.defaultCopy, o.loadCopy, { detector, locales: config.locales });
  // The detected language's copy loads while the flags are asked for.
  const languageReady = bindLanguage(copy, state, {
    locales: config.locales,
    defaultLocale: app.defaultLocale,
    detector,
    root: document.documentElement,
  });
  // A screen's copy joins i18next as its chunk arrives, before the runtime caches the screen
  // (a screen renders only once cached).
  const loadScreen = (id: string) =>
    o.loadScreen(id).then((module) => {
      copy.add(module.copy);
      return module.screen;
    });

  const apiBase = o.env.apiBase ?? API_PREFIX;
  const pageAssets = import.meta.env.DEV ? null : readPageAssets(document);
  const clientConfig = readClientConfig(apiBase);
  const overrideText = readVariantOverride(window.location.search, browser.cookies);
  const variantOverride = parseVariantOverride(overrideText, config.flags);
  const isRobot = navigator.webdriver === true;
  const pageFacts = arrivalFacts({
    path: window.location.pathname,
    search: window.location.search,
    mobile: browser.mobile(),
    state: state.get(),
    cookie: (name) => browser.cookies.get(name),
    utm: (touch) => readAttribution(touch, browser.session, browser.local),
  });
  const audience = audienceSnapshot(config.flags, pageFacts);
  // The server evaluated this visitor's variants as the browser would, unless it took a parent for a robot (or the
  // reverse), or an audience read something the server could not see (a UTM touch of an earlier visit, the screen's width).
  const flagsReady =
    rendered && rendered.robot === isRobot && JSON.stringify(rendered.audience) === JSON.stringify(audience)
      ? Promise.resolve(rendered.flags)
      : resolveFlags({
          definitions: config.flags,
          provider: chooseFlagProvider(config, o.env, apiBase),
          context: flagContext(browser.cookies, overrideText, window.location.pathname, isRobot, audience),
          override: variantOverride.values,
          timeoutMs: FLAG_TIMEOUT_MS,
        });

  const navigation: Navigation = {
    path: window.location.pathname,
    search: window.location.search,
    from: sameOriginReferrer(),
    reload: wasReload(),
    // Until the router is mounted (app.onStart), go through the history directly.
    navigate: (href, replace) => window.history[replace ? 'replaceState' : 'pushState'](null, '', href),
  };

  let flags: Record<string, string> = {};
  const http: HttpBackendOptions = {
    apiBase,
    sessionToken: () => auth.session.get()?.sessionToken ?? null,
    applicationId: o.env.parseApplicationId,
  };
  const backend = createHttpBackend(http);
  const auth = createAuth({
    backend,
    http,
    local: browser.local,
    session: browser.session,
    unifiedLogin: () => truthy('flag.unifiedLogin', flags.unifiedLogin),
    onLogout: () => state.reset({ locale: state.get().locale }),
    keepOnLogout: [FIRST_TOUCH_KEY],
  });

  // An eager first screen's chunk loads while the flags are asked for (an on-demand one shows 'Loading'), as does a
  // server-rendered one's (the page preloads it).
  const found = findRoute(config.routes, window.location.pathname)?.route ?? config.routes.find((r) => r.screenId === app.notFound);
  const first = found?.load === 'onDemand' && !rendered ? undefined : found;
  // Its form code, if it has a form, follows right away instead of after the first render.
  if (first) void loadScreen(first.screenId).then(preloadBlocks, () => undefined);
  const { captcha: remoteCaptcha, payments } = await clientConfig;
  const captcha = await chooseCaptcha(
    o.env.recaptchaSiteKey || (remoteCaptcha?.provider === 'recaptcha' ? remoteCaptcha.siteKey : undefined),
  ).catch(() => new LocalCaptcha());
  const analytics = new LocalAnalytics(window as { __analytics?: LocalAnalytics });
  const resolved = await flagsReady;
  flags = resolved.values;
  exposeExperimentsForQa(window as QaWindow, resolved, config, audience, isRobot);
  const sink = createEventSink(`${apiBase}${EVENTS_PATH}`);
  if (!isRobot && (window.location.search.includes('utm_') || !browser.session.getItem(TOUCH_SENT_KEY))) {
    browser.session.setItem(TOUCH_SENT_KEY, '1');
    sink.send({ type: 'touch', firstTouch: pageFacts.get('utm.firstTouch') as never, lastTouch: pageFacts.get('utm.lastTouch') as never });
  }

  const runtime = createRuntime({
    config,
    copy,
    loadScreen,
    state,
    auth,
    backend,
    flags,
    experiments: createExperimentTracking({
      flags: resolved,
      sink,
      session: browser.session,
      isRobot,
      track: (e, p) => analytics.track(e, p),
    }),
    variantOverride,
    analytics,
    captcha,
    browser,
    navigation,
    // The payment blocks load this adapter (its code only on payment screens); when the client
    // config did not answer in time, it is asked for again then.
    payments: { adapter: () => (payments?.adapter ? Promise.resolve(payments.adapter) : readPaymentAdapter(apiBase)) },
    preloads: rendered ? pagePreloads(rendered.answers) : undefined,
    prefetch: pageAssets ? (screenId) => idle(() => prefetchAhead(pageAssets, screenId, document, connectionOf(navigator))) : undefined,
  });
  if (import.meta.hot) acceptConfigUpdates(import.meta.hot, copy, runtime.screens);
  if (first) await runtime.screens.load(first.screenId).catch(() => undefined);
  // A server-rendered screen hydrates whole: its blocks' code (preloaded by the page) is there first.
  if (rendered && first) await loadBlocks(runtime.screens.get(first.screenId));

  await languageReady;

  await runActions(app.onStart, runtime.services);
  navigation.path = window.location.pathname;
  navigation.search = window.location.search;

  window.addEventListener('storage', () => runtime.auth.isLoggedIn());
  if (pageAssets)
    prefetchOnIntent(
      document,
      (path) => findRoute(config.routes, path)?.route.screenId,
      (id) => prefetchScreen(pageAssets, id, document, connectionOf(navigator)),
    );
  // `data-ready` once the first render is committed: the page is the app's, every control works.
  const tree = (
    <BlockRegistryContext.Provider value={{ components: blockComponents, lazy: lazyBlocks }}>
      <App runtime={runtime} onReady={() => o.root.setAttribute('data-ready', '')} />
    </BlockRegistryContext.Provider>
  );
  // The server's HTML is kept when the browser sees the visitor as the server did; otherwise it is drawn again here.
  const hydrate = rendered !== null && sameView(rendered, runtime, window.location);
  o.root.dataset.render = hydrate ? 'hydrated' : 'browser';
  if (hydrate)
    hydrateRoot(o.root, tree, {
      onRecoverableError: (error) => console.warn('[funnel] the page differed from the server-rendered one and was drawn again', error),
    });
  else createRoot(o.root).render(tree);
}

/** The page state, if the server rendered this very address. */
function renderedHere(state: PageState | null): PageState | null {
  return state && state.path === window.location.pathname && state.search === window.location.search ? state : null;
}

/**
 * Does the browser see the visitor as the server did (no session, same language, variants and
 * client state)? The device may differ (the server guesses it): components reading it hydrate
 * with the server's guess (`mobileAsRendered`), then follow the screen.
 */
function sameView(rendered: PageState, rt: Runtime, location: Location): boolean {
  return (
    location.pathname === rendered.path &&
    location.search === rendered.search &&
    rt.auth.session.get() === null &&
    rt.copy.locale() === rendered.locale &&
    JSON.stringify(rt.flags) === JSON.stringify(rendered.flags.values) &&
    JSON.stringify(rt.state.get()) === JSON.stringify(rendered.clientState)
  );
}

const idle = (fn: () => void) => ('requestIdleCallback' in window ? window.requestIdleCallback(fn) : setTimeout(fn, 200));

const connectionOf = (nav: Navigator) => (nav as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
