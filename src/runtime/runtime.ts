import type { Analytics } from '../adapters/analytics/analytics.ts';
import type { Auth, Session } from '../adapters/auth/auth.ts';
import type { Backend } from '../adapters/backend/backend.ts';
import type { Captcha } from '../adapters/captcha/captcha.ts';
import type { FlagValues, ParsedOverride } from '../adapters/flags/flags.ts';
import { type CookieJar, type KeyValueStorage, readJson, writeJson } from '../browser/storage.ts';
import { createStore, type Observable } from '../browser/store.ts';
import type { CompiledConfig, CompiledScreen } from '../compiler/compiled.ts';
import { CallError, ErrorCode } from '../contract/wire.ts';
import { readsFactFamily } from '../language/evaluate/conditions.ts';
import { type CustomerFacts, createFacts, type Facts } from '../language/evaluate/facts.ts';
import { type ActionScope, type ActionServices, GENERIC_MESSAGE } from './actions.ts';
import { readAttribution } from './attribution.ts';
import { type ClientStateStore, recordQuizAnswer } from './clientState.ts';
import type { Copy } from './copy.ts';
import type { ExperimentTracking } from './experiments.ts';
import { createInfoPopup, createNotificationCenter, type InfoPopup, type NotificationCenter } from './notifications.ts';
import { noPreloads, type Preloads } from './preloads.ts';

/** Where the parent is: the path being shown, the page before it, and whether this load was a reload. */
export interface Navigation {
  path: string;
  search: string;
  from: string | null;
  reload: boolean;
  /** Set by the router shell once mounted. */
  navigate: (href: string, replace: boolean) => void;
}

export interface Browser {
  local: KeyValueStorage;
  session: KeyValueStorage;
  cookies: CookieJar;
  /** Leave the app for another site. */
  assign(url: string): void;
  scrollTop(): void;
  mobile(): boolean;
  /**
   * Whether the server rendered this page for a phone (by its User-Agent): what a component
   * reading `mobile` shows while it hydrates, before it follows the screen's real width.
   */
  mobileAsRendered?(): boolean;
  /** Load the page again. */
  reload?(): void;
}

/** The screens loaded so far (each arrives with its chunk). */
export interface Screens {
  get(id: string): CompiledScreen | undefined;
  load(id: string): Promise<CompiledScreen>;
  /** `npm run dev`: a screen's new config after a save, shown in place (`updates` counts them). */
  replace(screen: CompiledScreen): void;
  updates: Observable<number>;
}

export interface RuntimeOptions {
  config: CompiledConfig;
  copy: Copy;
  loadScreen: (screenId: string) => Promise<CompiledScreen>;
  state: ClientStateStore;
  auth: Auth;
  backend: Backend;
  flags: FlagValues;
  /** The exposures and screen views the experiments report counts (none when left out). */
  experiments?: ExperimentTracking;
  /** `?variantOverride=`: what it forces and what it could not use, for the notice QA sees. */
  variantOverride?: ParsedOverride;
  analytics: Analytics;
  captcha: Captcha;
  browser: Browser;
  navigation: Navigation;
  /** Which payment adapter the payment blocks load ('sandbox' | 'braintree': the server's client config). */
  payments?: { adapter: () => Promise<string> };
  /** Data the first screen needs, answered before it renders (server rendering; none by default). */
  preloads?: Preloads;
  /** Called when a screen shows: fetch ahead what the screens it leads to need (src/runtime/prefetch.ts). */
  prefetch?: (screenId: string) => void;
}

export interface Runtime extends RuntimeOptions {
  preloads: Preloads;
  notifications: NotificationCenter;
  popup: InfoPopup;
  customer: Observable<CustomerFacts | null>;
  screens: Screens;
  services: ActionServices;
  facts(scope?: ActionScope): Facts;
  /** Fetch what `subject` needs before it is evaluated (customer details). */
  prepare(subject: unknown): Promise<void>;
}

/** `GetCustomerDetails` as `customer.*` facts. */
export function customerFacts(details: unknown, now = Date.now()): CustomerFacts {
  const d = (details ?? {}) as Record<string, unknown>;
  const sub = (d.activeSubscription ?? {}) as Record<string, unknown>;
  // A backend that does not tell trials by product (an older one) tells whether there was any.
  const usedTrials = (d.hasUsedTrialByProduct ?? { app: d.hasUsedTrial, classes: d.hasUsedTrial }) as Record<string, unknown>;
  const firstBilling =
    typeof sub.firstBillingDate === 'string' || typeof sub.firstBillingDate === 'number' ? new Date(sub.firstBillingDate).getTime() : NaN;
  return {
    expired: d.isExpired === true,
    hasPlan: Boolean(d.plan || d.classesPlan),
    gifted: d.isGifted === true,
    lifetime: d.isLifetime === true,
    trialActive: d.isTrialActive === true || (Number(sub.trialDuration) > 0 && firstBilling > now),
    usedAppTrial: usedTrials.app === true,
    usedClassesTrial: usedTrials.classes === true,
  };
}

export function createRuntime(o: RuntimeOptions): Runtime {
  const notifications = createNotificationCenter();
  const popup = createInfoPopup();
  const { browser, navigation: nav, config } = o;

  // Customer details: fetched once per session, when a condition needs them.
  const customer = createStore<CustomerFacts | null>(null);
  let customerFor: string | null = null;
  let customerLoad: Promise<boolean> | null = null;
  const loadCustomer = (session: Session): Promise<boolean> => {
    const load = o.backend.callFunction('GetCustomerDetails', { customerId: session.objectId }).then(
      (d) => {
        customer.set(customerFacts(d));
        return true;
      },
      () => {
        if (customerLoad === load) customerLoad = null;
        customer.set(null);
        return false;
      },
    );
    customerLoad = load;
    return load;
  };
  /** Answers whether the details could be had; a failed lookup is asked again next time. */
  const ensureCustomer = (session: Session): Promise<boolean> => {
    if (customerFor === session.sessionToken && customerLoad) return customerLoad;
    customerFor = session.sessionToken;
    customer.set(null);
    return loadCustomer(session);
  };
  /** After a charge (made or refused) the details may say otherwise (a plan, a trial used): read again, the old kept meanwhile. */
  const refreshCustomer = () => {
    const session = o.auth.session.get();
    if (session && customerLoad && customerFor === session.sessionToken) void loadCustomer(session);
  };

  const screenCache = new Map<string, CompiledScreen>();
  const screenLoads = new Map<string, Promise<CompiledScreen>>();
  const updates = createStore(0);
  const screens: Screens = {
    get: (id) => screenCache.get(id),
    load(id) {
      let p = screenLoads.get(id);
      if (!p) {
        p = o.loadScreen(id).then((s) => {
          // A screen replaced while its chunk was on the way keeps the newer config.
          if (!screenCache.has(id)) screenCache.set(id, s);
          return screenCache.get(id)!;
        });
        // A failed chunk (a new deploy, a network blip) may be tried again.
        p.catch(() => screenLoads.delete(id));
        screenLoads.set(id, p);
      }
      return p;
    },
    replace(screen) {
      screenCache.set(screen.id, screen);
      updates.set(updates.get() + 1);
    },
    updates,
  };

  const facts = (scope: ActionScope = {}): Facts => {
    const session = o.auth.session.get();
    return createFacts({
      user: session ? { objectId: session.objectId, email: session.email } : null,
      path: nav.path,
      search: nav.search,
      from: nav.from,
      reload: nav.reload,
      mobile: browser.mobile(),
      customer: customerFor === session?.sessionToken ? customer.get() : null,
      state: o.state.get(),
      storage: (key) => readJson(browser.session, key),
      cookie: (name) => browser.cookies.get(name),
      flags: o.flags,
      onFlagRead: (name) => o.experiments?.flagRead(name),
      utm: (touch) => readAttribution(touch, browser.session, browser.local),
      form: scope.form,
      result: scope.result,
      error: scope.error,
      payment: scope.payment,
    });
  };

  /** Fetches the customer details `subject` reads, if any; false when they could not be had. */
  const customerFactsReady = async (subject: unknown): Promise<boolean> => {
    const session = o.auth.session.get();
    return !session || subject === undefined || !readsFactFamily(subject, 'customer') || ensureCustomer(session);
  };

  /** Screens and redirects read customer facts as false when the lookup fails... */
  const prepare = async (subject: unknown) => void (await customerFactsReady(subject));

  const services: ActionServices = {
    facts,
    // ...but actions must not decide on facts nobody could read (a failed
    // subscription lookup gives the generic message): the list stops, as after an unhandled error.
    prepare: async (subject) => {
      if (!(await customerFactsReady(subject))) throw new CallError(ErrorCode.CONNECTION_FAILED, '', 'CustomerLookupFailed');
    },
    links: config.app.links,
    defaultNotifyMs: config.app.notifications.defaultMs,
    currentSearch: () => nav.search,
    call: async (fn, input, idempotencyKey) => {
      const answer = await o.backend.callFunction(fn, input as never, idempotencyKey ? { idempotencyKey } : {}).finally(() => {
        if (idempotencyKey) refreshCustomer();
      });
      // 'Signed in as' and every `user.email` fact follow an email change at once.
      if (fn === 'UpdateUserEmail') o.auth.rememberEmail((answer as { email: string }).email);
      return answer;
    },
    login: (u, p) => o.auth.login(u, p),
    logout: () => o.auth.logout(),
    setState: (k, v) => o.state.setKey(k, v),
    clearState: (k) => o.state.clearKey(k),
    recordQuizAnswer: (q, a) => o.state.update((s) => recordQuizAnswer(s, q, a)),
    setStorage: (k, v) => writeJson(browser.session, k, v),
    clearStorage: (k) => browser.session.removeItem(k),
    setCookie: (n, v) => browser.cookies.set(n, v),
    clearCookie: (n) => browser.cookies.remove(n),
    track: (e, p) => o.analytics.track(e, p),
    navigate: (href, replace) => nav.navigate(href, replace),
    leave: (url) => browser.assign(url),
    popup: (r) => popup.open(r),
    notify: (r) => void notifications.show(r),
    scrollTop: () => browser.scrollTop(),
    captcha: (action) => o.captcha.getToken(action),
    sleep: (ms, signal) =>
      new Promise<boolean>((resolve) => {
        if (signal?.aborted) return resolve(false);
        const timer = setTimeout(() => resolve(true), ms);
        signal?.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve(false);
          },
          { once: true },
        );
      }),
    copyHas: (key) => o.copy.has(key),
    reload: () => browser.reload?.(),
    unhandled(error) {
      console.error('[funnel] an action failed and no catch: handled it', error);
      notifications.show({ text: GENERIC_MESSAGE, literal: false, params: {}, level: 'error', ms: config.app.notifications.defaultMs });
    },
  };

  return { ...o, preloads: o.preloads ?? noPreloads, notifications, popup, customer, screens, services, facts, prepare };
}
