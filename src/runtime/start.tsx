import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LocalAnalytics } from '../adapters/analytics/analytics.ts';
import { createAuth } from '../adapters/auth/auth.ts';
import { createHttpBackend, type HttpBackendOptions } from '../adapters/backend/backend.ts';
import { createEventSink } from '../adapters/events/events.ts';
import { flagContext, parseVariantOverride, readVariantOverride } from '../adapters/flags/flags.ts';
import { blockComponents, lazyBlocks, loadBlocks, preloadBlocks } from '../blocks/components.ts';
import { documentCookies } from '../browser/storage.ts';
import { FIRST_TOUCH_KEY } from '../browser/storageKeys.ts';
import type { CompiledConfig, CompiledCopy, CompiledScreenModule } from '../compiler/compiled.ts';
import { RELEASE_HEADER } from '../contract/releases.ts';
import { API_PREFIX, EVENTS_PATH } from '../contract/wire.ts';
import { audienceSnapshot } from '../experiments/audience.ts';
import { truthy } from '../language/evaluate/conditions.ts';
import { arrivalFacts } from '../language/evaluate/facts.ts';
import { readPageState } from '../ssr/pageState.ts';
import { App } from './App.tsx';
import { runActions } from './actions.ts';
import { captureAttribution, readAttribution } from './attribution.ts';
import { createClientStateStore } from './clientState.ts';
import { createCopy } from './copy.ts';
import { createExperimentTracking } from './experiments.ts';
import { acceptConfigUpdates } from './hotConfig.ts';
import { bindLanguage, languageDetector } from './language.ts';
import { findRoute } from './routes.ts';
import { createRuntime } from './runtime.ts';
import { browserOf, navigationOf } from './startup/browser.ts';
import { chooseCaptcha, recaptchaSiteKey } from './startup/captcha.ts';
import { paymentAdapter, readClientConfig } from './startup/clientConfig.ts';
import { fetchAhead } from './startup/fetchAhead.ts';
import { chooseFlagProvider, FLAG_TIMEOUT_MS, type FlagProviderEnv, pageFlags } from './startup/flagProvider.ts';
import { mount, renderedHere, sameView } from './startup/mount.ts';
import { exposeExperimentsForQa, type QaWindow } from './startup/qaHook.ts';
import { fetchScreenCode } from './startup/screenCode.ts';
import { reportTouch } from './startup/touch.ts';
import { yieldToMain } from './startup/yieldToMain.ts';
import { BlockRegistryContext } from './ui/blockRegistry.ts';

export interface StartOptions {
  /** The release the page runs (src/runtime/startup/release.ts): the backend counts what the visitor does on it. */
  releaseId?: number;
  /** The page shows a draft's preview: the banner names it (`releaseId`). */
  preview?: boolean;
  config: CompiledConfig;
  /** The default locale's copy the shell needs; each screen brings its own with `loadScreen`. */
  defaultCopy: CompiledCopy;
  loadScreen: (screenId: string) => Promise<CompiledScreenModule>;
  loadCopy: (locale: string) => Promise<CompiledCopy>;
  env: FlagProviderEnv & {
    /** Where the backend answers (default /api). */
    apiBase?: string | undefined;
    /** A reCAPTCHA v3 site key; else the server's client config may name one; else the local bot check. */
    recaptchaSiteKey?: string | undefined;
    parseApplicationId?: string | undefined;
  };
  root: HTMLElement;
}

/**
 * Wires the adapters, waits for the flags (briefly) and the first screen, then renders. Each decision on the way is
 * its own module in src/runtime/startup/.
 */
export async function start(o: StartOptions): Promise<void> {
  const { config } = o;
  const { app } = config;
  // Start-up runs as several short tasks, not one long one (docs/performance.md): first, apart from the entry's evaluation.
  await yieldToMain();
  const browser = browserOf(window, app.cookieDomain);
  captureAttribution(window.location.search, browser.session, browser.local);
  // A page the server rendered says what it was rendered with (src/ssr/pageState.ts).
  const rendered = renderedHere(readPageState(document), window.location);
  if (rendered) browser.mobileAsRendered = () => rendered.mobile;
  const found = findRoute(config.routes, window.location.pathname)?.route ?? config.routes.find((r) => r.screenId === app.notFound);
  // The page's head left its screen's code out, so that it does not compete with the first paint: asked for now.
  if (rendered && found) fetchScreenCode(document, found.screenId);

  const state = createClientStateStore(browser.local);
  await yieldToMain();
  const detector = languageDetector();
  const copy = createCopy(app.defaultLocale, o.defaultCopy, o.loadCopy, { detector, locales: config.locales });
  // The detected language's copy loads while the flags are asked for.
  const languageReady = bindLanguage(copy, state, {
    locales: config.locales,
    defaultLocale: app.defaultLocale,
    detector,
    root: document.documentElement,
  });
  await yieldToMain();
  // A screen's copy joins i18next as its chunk arrives, before the runtime caches the screen
  // (a screen renders only once cached).
  const loadScreen = (id: string) =>
    o.loadScreen(id).then((module) => {
      copy.add(module.copy);
      return module.screen;
    });

  const apiBase = o.env.apiBase ?? API_PREFIX;
  const clientConfig = readClientConfig(apiBase, FLAG_TIMEOUT_MS);
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
  const flagsReady = pageFlags({
    definitions: config.flags,
    rendered,
    isRobot,
    audience,
    override: variantOverride.values,
    provider: () => chooseFlagProvider(config.flags, o.env, apiBase),
    context: () => flagContext(browser.cookies, overrideText, window.location.pathname, isRobot, audience),
  });
  const navigation = navigationOf(window);

  let flags: Record<string, string> = {};
  const http: HttpBackendOptions = {
    apiBase,
    sessionToken: () => auth.session.get()?.sessionToken ?? null,
    applicationId: o.env.parseApplicationId,
    releaseId: o.releaseId,
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
  // server-rendered one's (fetched above).
  const first = found?.load === 'onDemand' && !rendered ? undefined : found;
  // Its form code, if it has a form, follows right away instead of after the first render.
  if (first) void loadScreen(first.screenId).then(preloadBlocks, () => undefined);
  const startupConfig = await clientConfig;
  const captcha = await chooseCaptcha(recaptchaSiteKey(o.env.recaptchaSiteKey, startupConfig.captcha));
  const analytics = new LocalAnalytics(window as { __analytics?: LocalAnalytics });
  const resolved = await flagsReady;
  flags = resolved.values;
  exposeExperimentsForQa(window as QaWindow, {
    flags: resolved,
    definitions: config.flags,
    audience,
    isRobot,
    cookies: documentCookies(document),
  });
  const sink = createEventSink(
    `${apiBase}${EVENTS_PATH}`,
    undefined,
    o.releaseId === undefined ? {} : { [RELEASE_HEADER]: String(o.releaseId) },
  );
  reportTouch({ isRobot, search: window.location.search, session: browser.session, sink, facts: pageFacts });

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
    ...(o.preview && o.releaseId !== undefined ? { preview: { draftId: o.releaseId } } : {}),
    analytics,
    captcha,
    browser,
    navigation,
    // The payment blocks load this adapter (its code only on payment screens); when the client
    // config did not answer in time, it is asked for again then.
    payments: { adapter: paymentAdapter(startupConfig, apiBase) },
    // The data layer starts with the answers the server's render read (the hydrating blocks ask for nothing).
    data: rendered ? { seed: rendered.data } : undefined,
    // `npm run dev` fetches nothing ahead (its pages have no asset map).
    prefetch: import.meta.env.DEV
      ? undefined
      : fetchAhead({
          doc: document,
          screenAt: (path) => findRoute(config.routes, path)?.route.screenId,
          connection: () => connectionOf(navigator),
          idle,
        }),
  });
  if (import.meta.hot) acceptConfigUpdates(import.meta.hot, copy, runtime.screens);
  // A preview in the studio's frame takes the draft as typed: its own chunk, never loaded by a live page.
  if (o.preview && window.parent !== window)
    void import('./studioPreview.ts').then((m) => m.acceptStudioUpdates(window, copy, runtime.screens, navigation));
  await yieldToMain();
  if (first) await runtime.screens.load(first.screenId).catch(() => undefined);
  // A server-rendered screen hydrates whole: its blocks' code (preloaded by the page) is there first.
  if (rendered && first) await loadBlocks(runtime.screens.get(first.screenId));

  await languageReady;

  await runActions(app.onStart, runtime.services);
  navigation.path = window.location.pathname;
  navigation.search = window.location.search;

  window.addEventListener('storage', () => runtime.auth.isLoggedIn());
  await yieldToMain();
  // `data-ready` once the first render is committed: the page is the app's, every control works.
  const tree = (
    <BlockRegistryContext.Provider value={{ components: blockComponents, lazy: lazyBlocks }}>
      <App runtime={runtime} onReady={() => o.root.setAttribute('data-ready', '')} />
    </BlockRegistryContext.Provider>
  );
  const hydrate =
    rendered !== null &&
    sameView(rendered, {
      path: window.location.pathname,
      search: window.location.search,
      loggedIn: runtime.auth.session.get() !== null,
      locale: runtime.copy.locale(),
      flags: runtime.flags,
      clientState: runtime.state.get(),
    });
  mount(o.root, tree, hydrate, { startTransition, hydrateRoot, createRoot });
}

const idle = (fn: () => void) => ('requestIdleCallback' in window ? window.requestIdleCallback(fn) : setTimeout(fn, 200));

const connectionOf = (nav: Navigator) => (nav as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
