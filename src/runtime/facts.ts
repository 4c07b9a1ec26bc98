/**
 * Facts: everything a `when:` condition, a `{ state: key }` target or a value source can read,
 * behind one `get(name)` so that conditions, targets and values are pure functions of it.
 * Names are `family.rest` (state.quiz.answers, result.subscriptionData.id) or a fixed fact.
 */
import type { SessionUser } from '../domain/sessionUser.ts';

/** What a parent's customer record tells conditions (`customer.*`); false when unknown. */
export interface CustomerFacts {
  expired: boolean;
  hasPlan: boolean;
  gifted: boolean;
  lifetime: boolean;
  trialActive: boolean;
}

/** The last caught error, as `error.*` facts and `{ error: ... }` values see it. */
export interface ErrorInfo {
  message: string;
  code: number | string | null;
  messageKey: string | null;
  /** The card processor's response code of a declined payment ("2001"), with WP_CardNotValid. */
  processorCode?: string | null;
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

export function createFacts(s: FactSources): Facts {
  return {
    get(name) {
      const [family, rest] = split(name);
      switch (family) {
        case 'session':
          return rest === 'loggedIn' ? s.user !== null : undefined;
        case 'navigation':
          return rest === 'path' ? s.path : rest === 'from' ? s.from : rest === 'reload' ? s.reload : undefined;
        case 'device':
          return rest === 'mobile' ? s.mobile : undefined;
        case 'customer':
          return s.customer ? ((s.customer as unknown as Record<string, unknown>)[rest] ?? false) : false;
        case 'state':
          return readPath(s.state, rest);
        case 'storage': {
          const [key, inner] = split(rest);
          return readPath(s.storage(key), inner);
        }
        case 'flag':
          return s.flags[rest];
        case 'query':
          return new URLSearchParams(s.search).get(rest) ?? undefined;
        case 'cookie':
          return s.cookie(rest);
        case 'form':
          return readPath(s.form, rest);
        case 'result':
          return readPath(s.result, rest);
        case 'error':
          return s.error ? readPath(s.error, rest) : undefined;
        case 'payment':
          return s.payment ? readPath(s.payment, rest) : undefined;
        case 'user':
          return s.user ? readPath(s.user, rest) : undefined;
        case 'utm': {
          // `utm.firstTouch` is the whole attribution; `utm.firstTouch.utm_source` one parameter of it.
          const [touch, ...param] = rest.split('.');
          const attribution = touch === 'lastTouch' || touch === 'firstTouch' ? s.utm(touch) : null;
          return param.length === 0 ? attribution : readPath(attribution, param.join('.'));
        }
        case 'path':
          return rest === 'current' ? s.path : rest === 'currentWithQuery' ? s.path + s.search : rest === 'previous' ? s.from : undefined;
        default:
          return undefined;
      }
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
