import type { CallName } from '../contract/calls.ts';
import { outcomeOf } from '../contract/outcomes.ts';
import { evaluateCondition } from '../language/evaluate/conditions.ts';
import type { ErrorInfo, Facts } from '../language/evaluate/facts.ts';
import type { Action } from '../language/schema/actions.ts';
import type { Condition } from '../language/schema/conditions.ts';
import type { CompiledOutcomes } from '../language/schema/outcomes.ts';
import type { Target } from '../language/schema/targets.ts';
import { buildHref, type ResolvedTarget, resolveTarget } from './targets.ts';
import { resolveValue, resolveValueMap, toCopyParams } from './values.ts';

/** A notification as the runtime shows it. */
export interface NotificationRequest {
  /** A copy key, or a literal message (the server's text) when `literal` is set. */
  text: string;
  literal: boolean;
  params: Record<string, string>;
  /** Parameters whose values are copy keys, shown as their text (a decline's reason inside a sentence). */
  copyParams?: Record<string, string> | undefined;
  level: 'error' | 'warning' | 'info' | 'success';
  /** 0 = until dismissed. */
  ms: number;
  link?: { text: string; href: string; target: ResolvedTarget } | undefined;
}

export interface PopupRequest {
  text: string;
  params: Record<string, string>;
  onOk: () => void;
}

/** What actions may touch. The browser wires real adapters; tests pass fakes. */
export interface ActionServices {
  /** A fresh snapshot of the facts, with this scope's form values, result and error. */
  facts(scope: ActionScope): Facts;
  /** Make the facts a condition or target reads available (customer details are fetched on demand). */
  prepare(subject: Condition | Target | undefined): Promise<void>;
  links: Readonly<Record<string, string>>;
  defaultNotifyMs: number;
  currentSearch(): string;
  call(fn: CallName, input: Record<string, unknown>, idempotencyKey?: string): Promise<unknown>;
  login(username: string, password: string): Promise<unknown>;
  logout(): Promise<void>;
  setState(key: string, value: unknown): void;
  clearState(key: string): void;
  recordQuizAnswer(question: unknown, answer: unknown): void;
  setStorage(key: string, value: unknown): void;
  clearStorage(key: string): void;
  setCookie(name: string, value: string): void;
  clearCookie(name: string): void;
  track(event: string, props: Record<string, unknown>): void;
  navigate(href: string, replace: boolean): void;
  /** Leave the app (external links): window.location.assign. */
  leave(url: string): void;
  popup(request: PopupRequest): void;
  notify(request: NotificationRequest): void;
  scrollTop(): void;
  captcha(action: string): Promise<string>;
  /** Resolves true after `ms`, or false as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<boolean>;
  /** Something went wrong that the YAML did not catch: log it and tell the parent. */
  unhandled(error: ErrorInfo): void;
  /** Does the copy have this key (in the current language)? For `notify` `textFrom:`. */
  copyHas?(key: string): boolean;
  /** Load the page again (`reload`). */
  reload?(): void;
}

/** What the running list knows: the form it came from, the last call's result or error. */
export interface ActionScope {
  form?: Record<string, unknown> | undefined;
  result?: unknown;
  error?: ErrorInfo | undefined;
  /** Marks a field of the form the actions came from (markFieldError). */
  markField?: ((field: string) => void) | undefined;
  /** Aborted when the screen the actions belong to goes away: delayed `go`/`scrollTop` are dropped. */
  signal?: AbortSignal | undefined;
  /** Inside a payment block: the payment being made (`{ payment: nonce }`, `payment.offer.id`). */
  payment?: Record<string, unknown> | undefined;
}

export function toErrorInfo(e: unknown): ErrorInfo {
  if (e && typeof e === 'object') {
    const x = e as { message?: unknown; code?: unknown; messageKey?: unknown; processorCode?: unknown; todayCharge?: unknown };
    const processorCode = typeof x.processorCode === 'string' || typeof x.processorCode === 'number' ? String(x.processorCode) : null;
    return {
      message: typeof x.message === 'string' ? x.message : String(e),
      code: typeof x.code === 'number' || typeof x.code === 'string' ? x.code : null,
      messageKey: typeof x.messageKey === 'string' ? x.messageKey : null,
      // Only declines carry one (`error.processorCode`).
      ...(processorCode !== null ? { processorCode } : {}),
      // Only a refused amount carries one (`error.todayCharge`, dollars with cents).
      ...(typeof x.todayCharge === 'number' ? { todayCharge: x.todayCharge.toFixed(2) } : {}),
    };
  }
  return { message: String(e), code: null, messageKey: null };
}

/** The failure with its outcome, among those the build put on the call (without them: noAnswer or default). */
function withOutcome(error: ErrorInfo, outcomes: CompiledOutcomes | undefined): ErrorInfo & { outcome: string } {
  return { ...error, outcome: outcomeOf(error, Object.keys(outcomes ?? {})) };
}

/** The app's own words for a failure nobody described (the generic message). */
export const GENERIC_MESSAGE = 'common:somethingWentWrong';

const literalText = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** A stable key for a charge-creating call: the same request (same payment token) maps to the same key. */
export function idempotencyKey(fn: string, input: unknown): string {
  const text = fn + JSON.stringify(input);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${fn}-${(h2 >>> 0).toString(16)}${(h1 >>> 0).toString(16)}`;
}

/** Thrown inside a list to stop it after a failure nobody caught. */
class Stop extends Error {}

/**
 * Run actions in order. A `call`/`login` that fails runs its `catch:` (with `error.*`), and the
 * rest of the list is skipped; without `catch:` the failure is reported once and the list stops.
 * Later actions of a list see the result of the last successful call as `result.*`.
 */
export async function runActions(actions: readonly Action[] | undefined, services: ActionServices, scope: ActionScope = {}): Promise<void> {
  try {
    await runList(actions ?? [], services, scope);
  } catch (e) {
    if (!(e instanceof Stop)) services.unhandled(toErrorInfo(e));
  }
}

async function runList(actions: readonly Action[], s: ActionServices, initial: ActionScope): Promise<void> {
  let scope = initial;
  for (const action of actions) {
    if (scope.signal?.aborted) return;
    await s.prepare(action.when);
    if (!evaluateCondition(action.when, s.facts(scope))) continue;
    const next = await runOne(action, s, scope);
    if (next === 'stop') return;
    if (next) scope = next;
  }
}

async function target(to: Target, s: ActionServices, scope: ActionScope): Promise<ResolvedTarget | null> {
  await s.prepare(to);
  return resolveTarget(to, s.facts(scope), s.links);
}

/** Runs one action; answers the scope for the rest of the list, or 'stop'. */
async function runOne(action: Action, s: ActionServices, scope: ActionScope): Promise<ActionScope | 'stop' | undefined> {
  const facts = () => s.facts(scope);
  const captcha = (a: string) => s.captcha(a);
  switch (action.do) {
    case 'call':
    case 'login': {
      let result: unknown;
      try {
        if (action.do === 'call') {
          const input = await resolveValueMap(action.input, facts(), captcha);
          result = await s.call(action.fn as CallName, input, action.idempotent ? idempotencyKey(action.fn, input) : undefined);
        } else {
          const username = await resolveValue(action.username, facts(), captcha);
          const password = await resolveValue(action.password, facts(), captcha);
          result = await s.login(String(username ?? ''), String(password ?? ''));
        }
      } catch (e) {
        const failure = toErrorInfo(e);
        const error = withOutcome(failure, action.outcomes);
        const message = action.outcomes?.[error.outcome];
        if (!message && !action.catch) {
          s.unhandled(failure);
          throw new Stop();
        }
        // The outcome's message (funnels/app.yaml `errors:`, or the call's own), then `catch:`.
        const failed = { ...scope, error };
        if (message) await runOne({ do: 'notify', ...message }, s, failed);
        await runList(action.catch ?? [], s, failed);
        return 'stop';
      }
      const next = { ...scope, result };
      await runList(action.then ?? [], s, next);
      return next;
    }
    case 'logout':
      await s.logout();
      await runList(action.then ?? [], s, scope);
      return;
    case 'set': {
      const value = await resolveValue(action.value, facts(), captcha);
      if (action.state !== undefined) s.setState(action.state, value);
      else if (action.storage !== undefined) s.setStorage(action.storage, value);
      else if (action.cookie !== undefined)
        s.setCookie(
          action.cookie,
          value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value),
        );
      return;
    }
    case 'clear':
      if (action.state !== undefined) s.clearState(action.state);
      else if (action.storage !== undefined) s.clearStorage(action.storage);
      else if (action.cookie !== undefined) s.clearCookie(action.cookie);
      return;
    case 'recordQuizAnswer':
      s.recordQuizAnswer(await resolveValue(action.question, facts()), await resolveValue(action.answer, facts()));
      return;
    case 'track':
      s.track(action.event, await resolveValueMap(action.props, facts(), captcha));
      return;
    case 'go': {
      const to = await target(action.to, s, scope);
      if (!to) return;
      const href = buildHref(to, {
        keepQuery: action.keepQuery,
        currentSearch: s.currentSearch(),
        query: await resolveValueMap(action.query, facts(), captcha),
      });
      if (action.delayMs && !(await s.sleep(action.delayMs, scope.signal))) return 'stop';
      if (to.kind === 'external') s.leave(href);
      else s.navigate(href, action.replace ?? false);
      return;
    }
    case 'popup': {
      const params = toCopyParams(await resolveValueMap(action.params, facts(), captcha));
      // The popup outlives the screen: its 'Ok' actions are not tied to the screen's signal.
      const okScope = { ...scope, signal: undefined };
      s.popup({ text: action.text, params, onOk: () => void runActions(action.then, s, okScope) });
      return;
    }
    case 'notify': {
      let text = action.text;
      let copyParams: Record<string, string> | undefined;
      if (action.textFrom) {
        // A decline code's own message when the group has one (`payment:declines.2001`), else `text`
        // (or, with `into:`, that message inside `text`, else `fallback`).
        const key = await resolveValue(action.textFrom.key, facts(), captcha);
        const candidate =
          key === null || key === undefined || key === '' || typeof key === 'object' ? null : `${action.textFrom.group}.${String(key)}`;
        const found = candidate !== null && (s.copyHas?.(candidate) ?? false);
        if (action.textFrom.into === undefined) {
          if (found) text = candidate;
        } else if (found) copyParams = { [action.textFrom.into]: candidate };
        else text = action.fallback ?? text;
      }
      const message = text === undefined ? literalText(await resolveValue(action.message ?? null, facts(), captcha)) : '';
      // A message that is empty or not a text is never shown as such: the fallback copy instead.
      if (text === undefined && message === '') text = action.fallback ?? GENERIC_MESSAGE;
      const params = toCopyParams(await resolveValueMap(action.params, facts(), captcha));
      // Nor a text with a parameter left empty ('...your payment: {message}' without the server's message).
      if (action.text !== undefined && action.fallback !== undefined && Object.values(params).some((v) => v === '')) text = action.fallback;
      const linkTarget = action.link ? await target(action.link.to, s, scope) : null;
      s.notify({
        text: text ?? message,
        literal: text === undefined,
        params,
        copyParams,
        level: action.level ?? 'info',
        ms: action.ms ?? s.defaultNotifyMs,
        link:
          action.link && linkTarget
            ? {
                text: action.link.text,
                target: linkTarget,
                href: buildHref(linkTarget, { query: await resolveValueMap(action.link.query, facts(), captcha) }),
              }
            : undefined,
      });
      return;
    }
    case 'markFieldError':
      scope.markField?.(action.field);
      return;
    case 'scrollTop':
      if (action.delayMs && !(await s.sleep(action.delayMs, scope.signal))) return 'stop';
      s.scrollTop();
      return;
    case 'reload':
      s.reload?.();
      return;
    default: {
      const never: never = action;
      throw new Error(`Unknown action ${JSON.stringify(never)}`);
    }
  }
}
