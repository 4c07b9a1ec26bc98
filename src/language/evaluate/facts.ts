/**
 * Facts: everything a `when:` condition, a `{ state: key }` target or a value source can read,
 * behind one `get(name)` so that conditions, targets and values are pure functions of it.
 * Names are `family.rest` (state.quiz.answers, result.subscriptionData.id) or a fixed fact.
 */

import type { SessionUser } from '../../domain/sessionUser.ts';
import type { CustomerFact, FactFamily, FixedFact } from '../factRegistry.ts';

/** What a parent's customer record tells conditions (`customer.*` of src/language/factRegistry.ts); false when unknown. */
export type CustomerFacts = Record<CustomerFact, boolean>;

/** The last caught error, as `error.*` facts and `{ error: ... }` values see it. */
export interface ErrorInfo {
  message: string;
  code: number | string | null;
  messageKey: string | null;
  /** The card processor's response code of a declined payment ("2001"), with WP_CardNotValid. */
  processorCode?: string | null;
  /** What a charging call would really charge today ("9.99"), with WP_TodayChargeChanged. */
  todayCharge?: string | null;
  /** What the failure means (`error.outcome`): the call's message key, noAnswer or default (src/contract/outcomes.ts). */
  outcome?: string;
}

export interface FactSources {
  user: SessionUser | null;
  path: string;
  search: string;
  /** The previous in-app path (or the same-origin referrer on the first page). */
  from: string | null;
  reload: boolean;
  mobile: boolean;
  customer: CustomerFacts | null;
  state: object;
  storage: (key: string) => unknown;
  cookie: (name: string) => string | undefined;
  flags: Readonly<Record<string, string>>;
  /** Told each time a `flag.*` fact is read (the experiments' exposures). */
  onFlagRead?: (name: string) => void;
  utm: (touch: 'lastTouch' | 'firstTouch') => Record<string, string> | null;
  form?: Record<string, unknown> | undefined;
  result?: unknown;
  error?: ErrorInfo | undefined;
  /** Inside a payment block's actions: the payment being made (`payment.nonce`, `payment.offer.id`...). */
  payment?: Record<string, unknown> | undefined;
}

export interface Facts {
  get(name: string): unknown;
}

/** `a.b.c` inside a value; '' is the value itself. */
export function readPath(value: unknown, path: string): unknown {
  if (path === '') return value;
  let current = value;
  for (const part of path.split('.')) {
    if (current === null || current === undefined || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function split(name: string): [string, string] {
  const dot = name.indexOf('.');
  return dot < 0 ? [name, ''] : [name.slice(0, dot), name.slice(dot + 1)];
}

/** How each fixed fact of the registry is read: one reader each, or this does not compile. */
const fixedReaders: { [F in FixedFact]: (s: FactSources) => unknown } = {
  'session.loggedIn': (s) => s.user !== null,
  'navigation.path': (s) => s.path,
  'navigation.from': (s) => s.from,
  'navigation.reload': (s) => s.reload,
  'device.mobile': (s) => s.mobile,
  'customer.expired': (s) => s.customer?.expired ?? false,
  'customer.hasPlan': (s) => s.customer?.hasPlan ?? false,
  'customer.gifted': (s) => s.customer?.gifted ?? false,
  'customer.lifetime': (s) => s.customer?.lifetime ?? false,
  'customer.trialActive': (s) => s.customer?.trialActive ?? false,
  'customer.usedAppTrial': (s) => s.customer?.usedAppTrial ?? false,
  'customer.usedClassesTrial': (s) => s.customer?.usedClassesTrial ?? false,
};

/** How each family of the registry reads `family.<rest>`. */
const familyReaders: { [F in FactFamily]: (s: FactSources, rest: string) => unknown } = {
  state: (s, rest) => readPath(s.state, rest),
  storage: (s, rest) => {
    const [key, inner] = split(rest);
    return readPath(s.storage(key), inner);
  },
  flag: (s, rest) => {
    s.onFlagRead?.(rest);
    return s.flags[rest];
  },
  query: (s, rest) => new URLSearchParams(s.search).get(rest) ?? undefined,
  cookie: (s, rest) => s.cookie(rest),
  form: (s, rest) => readPath(s.form, rest),
  result: (s, rest) => readPath(s.result, rest),
  error: (s, rest) => (s.error ? readPath(s.error, rest) : undefined),
  payment: (s, rest) => (s.payment ? readPath(s.payment, rest) : undefined),
  user: (s, rest) => (s.user ? readPath(s.user, rest) : undefined),
  utm: (s, rest) => {
    // `utm.firstTouch` is the whole attribution; `utm.firstTouch.utm_source` one parameter of it.
    const [touch, ...param] = rest.split('.');
    const attribution = touch === 'lastTouch' || touch === 'firstTouch' ? s.utm(touch) : null;
    return param.length === 0 ? attribution : readPath(attribution, param.join('.'));
  },
  path: (s, rest) =>
    rest === 'current' ? s.path : rest === 'currentWithQuery' ? s.path + s.search : rest === 'previous' ? s.from : undefined,
};

const isFixed = (name: string): name is FixedFact => Object.hasOwn(fixedReaders, name);
const isFamily = (name: string): name is FactFamily => Object.hasOwn(familyReaders, name);

/**
 * The facts known when a page is first asked for, before any session, customer or flag: what an
 * experiment's audience may read (the browser's and the server's alike).
 */
export const arrivalFacts = (s: Pick<FactSources, 'path' | 'search' | 'mobile' | 'state' | 'cookie' | 'utm'>): Facts =>
  createFacts({ ...s, user: null, from: null, reload: false, customer: null, storage: () => undefined, flags: {} });

export function createFacts(s: FactSources): Facts {
  return {
    get(name) {
      if (isFixed(name)) return fixedReaders[name](s);
      const [family, rest] = split(name);
      return isFamily(family) ? familyReaders[family](s, rest) : undefined;
    },
  };
}

/** Facts over a plain map (tests, and layering scopes): `{ 'session.loggedIn': true }`. */
export function factsFromMap(map: Record<string, unknown>): Facts {
  return {
    get(name) {
      if (name in map) return map[name];
      // Allow `state.quiz.answers` to read inside a map entry `state.quiz`.
      for (let end = name.lastIndexOf('.'); end > 0; end = name.lastIndexOf('.', end - 1)) {
        const head = name.slice(0, end);
        if (head in map) return readPath(map[head], name.slice(end + 1));
      }
      return undefined;
    },
  };
}
