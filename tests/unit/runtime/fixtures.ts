/** Small configs and fake services for the runtime's unit tests. */
import type { CompiledApp, CompiledConfig, CompiledRoute, CompiledScreen } from '../../../src/compiler/compiled.ts';
import { type Facts, factsFromMap } from '../../../src/language/evaluate/facts.ts';
import type { ActionScope, ActionServices, NotificationRequest, PopupRequest } from '../../../src/runtime/actions.ts';

export const app: CompiledApp = {
  productName: 'common:productName',
  defaultLocale: 'en',
  links: { partnerProductPage: 'https://partners.example/', mainSite: 'https://www.example/', newHomepage: 'https://home.example/' },
  layouts: { default: { header: 'standard', footer: 'standard' }, classFunnel: { header: 'class', footer: 'class' } },
  header: { links: [] },
  footer: { texts: [] },
  routeRules: [
    { pathContains: 'offer-register', redirect: { to: '/promo', keepQuery: true } },
    { paths: ['/choose-plan', '/quiz'], redirect: { to: { external: 'partnerProductPage' } } },
    {
      paths: ['/my-account', '/dont-go/:page'],
      redirect: { when: { not: { fact: 'session.loggedIn' } }, to: '/login', rememberOrigin: true },
    },
  ],
  notFound: 'notFound',
  loadingText: 'common:loading',
  scrollToTopOnRouteChange: true,
  notifications: { defaultMs: 5000, closeLabel: 'common:close' },
  infoPopup: { ok: 'common:ok' },
  sessionWatch: { everyMs: 5000, privatePaths: ['/my-account', '/dont-go'], popup: 'common:sessionLost', then: '/login' },
};

const route = (path: string, screenId: string, load: 'eager' | 'onDemand' = 'eager'): CompiledRoute => ({
  path,
  screenId,
  layout: 'default',
  load,
});

export const routes: CompiledRoute[] = [
  route('/', 'landing'),
  route('/login', 'login'),
  route('/promo', 'promo'),
  route('/my-account', 'myAccount'),
  route('/dont-go/:page', 'dontGo'),
  route('/dont-go/special', 'dontGoSpecial'),
  route('/gift', 'gift', 'onDemand'),
  route('/not-found', 'notFound'),
];

const screen = (id: string, path: string, extra: Partial<CompiledScreen> = {}): CompiledScreen => ({
  id,
  path,
  funnel: 'f',
  funnelStep: 0,
  layout: 'default',
  blocks: [{ type: 'heading', text: `${id}:heading` }],
  ...extra,
});

export const screens: Record<string, CompiledScreen> = {
  landing: screen('landing', '/', {
    redirects: [
      { when: { all: [{ fact: 'session.loggedIn' }, { fact: 'navigation.from', equals: '/choose-plan' }] }, to: { external: 'mainSite' } },
      { when: { fact: 'session.loggedIn' }, to: '/choose-plan', keepQuery: true },
    ],
  }),
  login: screen('login', '/login', { redirects: [{ when: { fact: 'session.loggedIn' }, to: '/my-account' }] }),
  promo: screen('promo', '/promo'),
  myAccount: screen('myAccount', '/my-account'),
  dontGo: screen('dontGo', '/dont-go/:page'),
  dontGoSpecial: screen('dontGoSpecial', '/dont-go/special'),
  gift: screen('gift', '/gift'),
  notFound: screen('notFound', '/not-found'),
};

export const config: Pick<CompiledConfig, 'app' | 'routes'> = { app, routes };

export interface FakeLog {
  calls: { fn: string; input: Record<string, unknown>; idempotencyKey?: string | undefined }[];
  navigations: { href: string; replace: boolean }[];
  left: string[];
  notes: NotificationRequest[];
  popups: PopupRequest[];
  state: Record<string, unknown>;
  storage: Record<string, unknown>;
  cookies: Record<string, string>;
  tracked: { event: string; props: Record<string, unknown> }[];
  scrolls: number;
  unhandled: unknown[];
  loggedOut: number;
  marked: string[];
}

/** ActionServices over plain objects; `answers` gives each call's result, or an Error to throw. */
export function fakeServices(options: { facts?: Record<string, unknown>; answers?: Record<string, unknown>; search?: string } = {}) {
  const log: FakeLog = {
    calls: [],
    navigations: [],
    left: [],
    notes: [],
    popups: [],
    state: {},
    storage: {},
    cookies: {},
    tracked: [],
    scrolls: 0,
    unhandled: [],
    loggedOut: 0,
    marked: [],
  };
  const facts = (scope: ActionScope): Facts => {
    const map: Record<string, unknown> = { ...options.facts };
    for (const [k, v] of Object.entries(log.state)) map[`state.${k}`] = v;
    for (const [k, v] of Object.entries(scope.form ?? {})) map[`form.${k}`] = v;
    if (scope.result !== undefined) map.result = scope.result;
    if (scope.error) map.error = scope.error;
    return factsFromMap(map);
  };
  const answer = async (fn: string) => {
    const a = options.answers?.[fn];
    if (a instanceof Error) throw a;
    return a;
  };
  const services: ActionServices = {
    facts,
    prepare: async () => undefined,
    links: app.links,
    defaultNotifyMs: 5000,
    currentSearch: () => options.search ?? '',
    call: async (fn, input, idempotencyKey) => {
      log.calls.push({ fn, input, idempotencyKey });
      return answer(fn);
    },
    login: async (username, password) => {
      log.calls.push({ fn: 'login', input: { username, password } });
      return answer('login');
    },
    logout: async () => void log.loggedOut++,
    setState: (k, v) => {
      log.state[k] = v;
    },
    clearState: (k) => void delete log.state[k],
    recordQuizAnswer: (q, a) => {
      log.state.quiz = { q, a };
    },
    setStorage: (k, v) => {
      log.storage[k] = v;
    },
    clearStorage: (k) => void delete log.storage[k],
    setCookie: (k, v) => {
      log.cookies[k] = v;
    },
    clearCookie: (k) => void delete log.cookies[k],
    track: (event, props) => void log.tracked.push({ event, props }),
    navigate: (href, replace) => void log.navigations.push({ href, replace }),
    leave: (url) => void log.left.push(url),
    popup: (r) => void log.popups.push(r),
    notify: (r) => void log.notes.push(r),
    scrollTop: () => void log.scrolls++,
    captcha: async (action) => `local-captcha:${action}`,
    sleep: (ms, signal) =>
      new Promise((resolve) => {
        if (signal?.aborted) return resolve(false);
        const t = setTimeout(() => resolve(true), ms);
        signal?.addEventListener('abort', () => {
          clearTimeout(t);
          resolve(false);
        });
      }),
    unhandled: (e) => void log.unhandled.push(e),
  };
  return { services, log };
}
