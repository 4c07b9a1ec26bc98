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
import type { BackendData, BackendDataOptions, CreateBackendData } from './data/backendData.ts';
import type { ExperimentTracking } from './experiments.ts';
import { createInfoPopup, createNotificationCenter, type InfoPopup, type NotificationCenter } from './notifications.ts';

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
  /** The page is a preview of this draft (a release's preview link: src/server/releases/previews.ts): the banner says so. */
  preview?: { draftId: number };
  analytics: Analytics;
  captcha: Captcha;
  browser: Browser;
  navigation: Navigation;
  /** Which payment adapter the payment blocks load ('sandbox' | 'braintree': the server's client config). */
  payments?: { adapter: () => Promise<string> };
  /** How the data layer starts: with the answers a server-rendered page brought, or recording the server's render. */
  data?: BackendDataOptions;
  /** Called when a screen shows: fetch ahead what the screens it leads to need (src/runtime/prefetch.ts). */
  prefetch?: (screenId: string) => void;
}

/** Blocks reach the backend through the data layer only (tests/unit/runtime/data-layer.test.ts keeps it so). */
export interface Runtime extends Omit<RuntimeOptions, 'backend'> {
  /** The runtime's one data layer, made by `create` on first use (src/runtime/data/useBackendData.ts). */
  backendData(create: CreateBackendData): BackendData;
  notifications: NotificationCenter;
  popup: InfoPopup;
  customer: Observable<CustomerFacts | null>;
  screens: Screens;
  services: ActionServices;
  facts(scope?: ActionScope): Facts;
  /** Fetch what `subject` needs before it is evaluated (customer details). */
  prepare(subject: unknown): Promise<void>;
}

export function createRuntime(o: RuntimeOptions): Runtime {
  const notifications = createNotificationCenter();
  const popup = createInfoPopup();
  const { browser, navigation: nav, config } = o;

  // The data layer (./data/backendData.ts) is made on first use: by a block that reads, by an action's
  // call, by a condition on the customer. A page that needs none of these does not load it.
  let data: BackendData | undefined;
  const backendData = (create: CreateBackendData): BackendData => {
    if (!data) {
      data = create(o.backend, o.auth, o.data);
      // After a write that changes them (a charge made or refused, a new card), read again, the old kept meanwhile.
      data.subscribe((name) => {
        const session = o.auth.session.get();
        if (name === 'GetCustomerDetails' && customerDetails && session && customerFor === session.sessionToken)
          void ensureCustomer(session);
      });
    }
    return data;
  };
  const loadData = async () => backendData((await import('./data/backendData.ts')).createBackendData);

  // Customer details: read when a condition needs them (one answer per session, in the data layer).
  const customer = createStore<CustomerFacts | null>(null);
  let customerFor: string | null = null;
  let customerDetails: unknown;
  const showCustomer = (details: unknown, facts: CustomerFacts | null) => {
    customerDetails = details;
    customer.set(facts);
  };
  /** Answers whether the details could be had; a failed lookup is asked again next time. */
  const ensureCustomer = async (session: Session): Promise<boolean> => {
    if (customerFor !== session.sessionToken) showCustomer(null, null);
    customerFor = session.sessionToken;
    try {
      // The facts' reading of the details comes with them, out of the entry.
      const [layer, { customerFacts }] = await Promise.all([loadData(), import('./data/customerFacts.ts')]);
      const d = await layer.read('GetCustomerDetails', { customerId: session.objectId });
      if (customerFor === session.sessionToken && d !== customerDetails) showCustomer(d, customerFacts(d));
      return true;
    } catch {
      showCustomer(null, null);
      return false;
    }
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
    call: async (fn, input, idempotencyKey) => (await loadData()).call(fn, input as never, idempotencyKey ? { idempotencyKey } : {}),
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

  return { ...o, backendData, notifications, popup, customer, screens, services, facts, prepare };
}
