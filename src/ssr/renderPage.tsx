import type { LanguageDetectorModule } from 'i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { LocalAnalytics } from '../adapters/analytics/analytics.ts';
import { createAuth } from '../adapters/auth/auth.ts';
import type { Backend } from '../adapters/backend/backend.ts';
import type { Captcha } from '../adapters/captcha/captcha.ts';
import { DefaultsProvider, flagContext, parseVariantOverride, readVariantOverride, resolveFlags } from '../adapters/flags/flags.ts';
import { LocalExperimentProvider } from '../adapters/flags/localProvider.ts';
import { blockComponents, lazyBlocks } from '../blocks/components.ts';
import { type CookieJar, cookieDomainFor, memoryStorage, parseCookies } from '../browser/storage.ts';
import { LOCALE_CHOICE_KEY, LOCALE_PARAM } from '../browser/storageKeys.ts';
import type { CompiledConfig, CompiledCopy, CompiledHead, CompiledRoute, CompiledScreenModule } from '../compiler/compiled.ts';
import { acceptedLanguages } from '../domain/locale.ts';
import { anyExperimentRunning, audienceSnapshot } from '../experiments/audience.ts';
import { arrivalFacts } from '../language/evaluate/facts.ts';
import { captureAttribution, readAttribution } from '../runtime/attribution.ts';
import { createClientStateStore } from '../runtime/clientState.ts';
import { RuntimeContext } from '../runtime/context.tsx';
import { createCopy } from '../runtime/copy.ts';
import { createBackendData } from '../runtime/data/backendData.ts';
import { findRoute, resolveRoute } from '../runtime/routes.ts';
import { createRuntime, type Runtime } from '../runtime/runtime.ts';
import { underPrefix } from '../runtime/sessionWatch.ts';
import { BlockRegistryContext } from '../runtime/ui/blockRegistry.ts';
import { Shell } from '../runtime/ui/Shell.tsx';
import type { PageState } from './pageState.ts';

/** The release a page runs, as the server hands it to the renderer (src/server/pages/appPages.ts): what the browser gets of it. */
export interface FunnelBuild {
  config: CompiledConfig;
  head: CompiledHead | null;
  defaultCopy: CompiledCopy;
  loadScreen: (screenId: string) => Promise<CompiledScreenModule>;
  loadCopy: (locale: string) => Promise<CompiledCopy>;
}

/** The request, as far as the first screen depends on it. */
export interface PageRequest {
  path: string;
  /** '' or '?…' */
  search: string;
  hostname: string;
  cookieHeader: string;
  acceptLanguage: string;
  /** A phone or tablet, as the request says (the plan order differs; the browser renders by itself when it disagrees). */
  mobile: boolean;
  /** A headless browser or a crawler: it sees every flag's default, as a robot does in the browser. */
  robot: boolean;
  /** The bot check the browser runs: a form shows the local one's checkbox. */
  captcha: Captcha['kind'];
  /** The backend's public calls, answered in-process. */
  call: Backend['callFunction'];
  /** The page is a preview of this draft (src/server/releases/previews.ts): its banner shows. */
  preview?: { draftId: number };
}

export interface RenderedPage {
  /** The shell's language and the tab title and description, in it. */
  lang: string;
  title: string;
  description: string | null;
  /** Cookies the first render set (the visitor id of a first visit), as Set-Cookie values. */
  setCookies: string[];
  /** The screen whose chunks the page preloads. */
  screenId: string | null;
  /** The rendered app and what the browser needs to hydrate it; null: the browser renders the screen itself. */
  body: { html: string; state: PageState } | null;
}

/**
 * Renders of one page at most: each shows what the one before asked for (a plan list whose tag names no plans asks for
 * the default list next).
 */
const MAX_RENDERS = 4;

/**
 * Which screens are rendered on the server: those anyone may see (not under a private path of
 * the session watch). A logged-in parent's page differs; the browser then renders it itself.
 */
export const rendersOnServer = (config: CompiledConfig, route: CompiledRoute): boolean =>
  !config.app.sessionWatch.privatePaths.some((p) => underPrefix(route.path, p));

/**
 * The browser's language order (src/runtime/language.ts) as the server sees it: the parent's
 * choice (its cookie), `?lang=`, Accept-Language; i18next picks the best among the build's
 * locales, as it does in the browser.
 */
function serverLanguageDetector(request: PageRequest, cookies: CookieJar): LanguageDetectorModule {
  const candidates = [
    cookies.get(LOCALE_CHOICE_KEY),
    new URLSearchParams(request.search).get(LOCALE_PARAM),
    ...acceptedLanguages(request.acceptLanguage),
  ].filter((l): l is string => Boolean(l));
  return { type: 'languageDetector', detect: () => candidates, cacheUserLanguage: () => undefined };
}

/**
 * The request's cookies; what the render sets or removes is kept as Set-Cookie values, with the
 * browser's attributes (src/browser/storage.ts).
 */
function requestCookies(request: PageRequest, domain: string | undefined) {
  const values = parseCookies(request.cookieHeader);
  const setCookies: string[] = [];
  const jar: CookieJar = {
    get: (name) => values[name],
    set(name, value, opts) {
      values[name] = value;
      const age = opts?.maxAgeSeconds === undefined ? '' : `; Max-Age=${opts.maxAgeSeconds}`;
      setCookies.push(`${name}=${encodeURIComponent(value)}; Path=/${domain ? `; Domain=${domain}` : ''}; SameSite=Lax${age}`);
    },
    remove(name) {
      delete values[name];
      setCookies.push(`${name}=; Path=/; Max-Age=0`);
      if (domain) setCookies.push(`${name}=; Path=/; Domain=${domain}; Max-Age=0`);
    },
  };
  return { jar, setCookies };
}

async function renderToHtml(runtime: Runtime, location: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <BlockRegistryContext.Provider value={{ components: blockComponents, lazy: lazyBlocks }}>
      <RuntimeContext.Provider value={runtime}>
        <StaticRouter location={location}>
          <Shell />
        </StaticRouter>
      </RuntimeContext.Provider>
    </BlockRegistryContext.Provider>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/**
 * The first screen of a request as HTML, in the visitor's language and experiment variants,
 * with the data it shows (the plan list) answered before it renders and written into the page,
 * so the browser hydrates exactly this. A screen the server does not render (a private one, a
 * redirect, an unknown path) gets only the shell's language and title.
 */
export async function renderPage(build: FunnelBuild, request: PageRequest): Promise<RenderedPage> {
  const { config } = build;
  const { app } = config;
  const domain = cookieDomainFor(request.hostname, app.cookieDomain);
  const { jar: cookies, setCookies } = requestCookies(request, domain);
  const copy = createCopy(app.defaultLocale, build.defaultCopy, build.loadCopy, {
    detector: serverLanguageDetector(request, cookies),
    locales: config.locales,
  });
  const lang = copy.locale();
  await copy.setLocale(lang).catch(() => copy.setLocale(app.defaultLocale));

  const found = findRoute(config.routes, request.path)?.route;
  const module = found ? await build.loadScreen(found.screenId).catch(() => null) : null;
  if (module) copy.add(module.copy);
  const t = copy.t.get();
  const product = t(app.productName);
  const head = (title: string | undefined) => ({
    lang: copy.locale(),
    title: title ? t('common:documentTitle', { title: t(title), product }) : product,
    description: build.head ? t(build.head.description) : null,
  });
  if (!found || !module || !rendersOnServer(config, found))
    return { ...head(module?.screen.title), setCookies, screenId: found?.screenId ?? null, body: null };

  const state = createClientStateStore(memoryStorage());
  state.setKey('locale', copy.locale());
  const session = memoryStorage();
  const local = memoryStorage();
  // The address's UTM touch, as the browser takes it on arrival (an earlier visit's, in its storage, the server cannot see).
  captureAttribution(request.search, session, local);
  const browser = {
    local,
    session,
    cookies,
    assign: () => undefined,
    scrollTop: () => undefined,
    mobile: () => request.mobile,
    mobileAsRendered: () => request.mobile,
  };
  const navigation = { path: request.path, search: request.search, from: null, reload: false, navigate: () => undefined };
  const audience = audienceSnapshot(
    config.flags,
    arrivalFacts({
      path: request.path,
      search: request.search,
      mobile: request.mobile,
      state: state.get(),
      cookie: (name) => cookies.get(name),
      utm: (touch) => readAttribution(touch, session, local),
    }),
  );
  const overrideText = readVariantOverride(request.search, cookies);
  const variantOverride = parseVariantOverride(overrideText, config.flags);
  const flags = await resolveFlags({
    definitions: config.flags,
    provider: anyExperimentRunning(config.flags) ? new LocalExperimentProvider(config.flags) : new DefaultsProvider(),
    context: flagContext(cookies, overrideText, request.path, request.robot, audience),
    override: variantOverride.values,
    timeoutMs: 1000,
  });
  const backend: Backend = { callFunction: (name, input) => request.call(name, input) };
  const runtime = createRuntime({
    config,
    copy,
    loadScreen: async (id) => {
      const loaded = await build.loadScreen(id);
      copy.add(loaded.copy);
      return loaded.screen;
    },
    state,
    auth: createAuth({
      backend,
      http: { apiBase: '', sessionToken: () => null },
      local: browser.local,
      session,
      unifiedLogin: () => false,
      onLogout: () => undefined,
    }),
    backend,
    flags: flags.values,
    variantOverride,
    ...(request.preview ? { preview: request.preview } : {}),
    analytics: new LocalAnalytics(),
    captcha: { kind: request.captcha, getToken: () => Promise.reject(new Error('No bot check on the server.')) },
    browser,
    navigation,
    data: { recording: true },
  });
  await runtime.screens.load(found.screenId);
  const outcome = resolveRoute(config, { pathname: request.path, search: request.search }, runtime.facts(), runtime.screens.get);
  if (outcome.kind !== 'screen') return { ...head(module.screen.title), setCookies, screenId: found.screenId, body: null };

  // A render asks for the data it peeks at (the data layer records it); the next one shows it.
  const location = request.path + request.search;
  const data = runtime.backendData(createBackendData);
  let html = await renderToHtml(runtime, location);
  for (let render = 1; render < MAX_RENDERS && (await data.settle()); render++) html = await renderToHtml(runtime, location);
  return {
    ...head(outcome.screen.title),
    setCookies,
    screenId: found.screenId,
    body: {
      html,
      state: {
        path: request.path,
        search: request.search,
        locale: copy.locale(),
        robot: request.robot,
        audience,
        flags,
        mobile: request.mobile,
        clientState: state.get(),
        data: data.fresh(),
      },
    },
  };
}
