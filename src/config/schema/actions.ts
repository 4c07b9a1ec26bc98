import { z } from 'zod';
import { identifier, milliseconds, paramsCopyKey } from './common.ts';
import { type Condition, condition } from './conditions.ts';
import type { Agrees, DriftedBranches } from './handTypes.ts';
import { checkNotification, type NotificationFields, notificationFields } from './notification.ts';
import { type CompiledOutcomes, type OutcomeMap, outcomeMap } from './outcomes.ts';
import { refersTo, schemaInfo } from './roles.ts';
import { strictObject, taggedUnion } from './strict.ts';
import { type Target, target } from './targets.ts';
import { type Value, type ValueMap, value, valueMap } from './values.ts';

/**
 * What happens on a click, a submit, a blur or on entering a screen: a list of actions run
 * in order, each told apart by `do:`. Any action may carry `when:`; it is skipped when the
 * condition does not hold. `call` and `login` branch into `then:` / `catch:`.
 */
export type Action = { when?: Condition } & (
  | ({ do: 'call'; fn: string; input?: ValueMap; idempotent?: boolean } & Failable)
  | ({ do: 'login'; username: Value; password: Value } & Failable)
  | { do: 'logout'; then?: Action[] }
  | { do: 'set'; state?: string; storage?: string; cookie?: string; value: Value }
  | { do: 'clear'; state?: string; storage?: string; cookie?: string }
  | { do: 'recordQuizAnswer'; question: Value; answer: Value }
  | { do: 'track'; event: string; props?: ValueMap }
  | { do: 'go'; to: Target; keepQuery?: boolean; query?: ValueMap; delayMs?: number; replace?: boolean }
  | { do: 'popup'; text: string; params?: ValueMap; then?: Action[] }
  | ({ do: 'notify' } & NotificationFields)
  | { do: 'markFieldError'; field: string }
  | { do: 'scrollTop'; delayMs?: number }
  | { do: 'reload' }
);

/**
 * A call or a login: `then:` after success; after a failure the message of its outcome
 * (`errors:` here, else funnels/app.yaml `errors:`), then `catch:`. `outcomes` is not written in
 * YAML: the build puts there what each outcome of this call shows (src/config/outcomes.ts).
 */
interface Failable {
  then?: Action[];
  errors?: OutcomeMap;
  catch?: Action[];
  outcomes?: CompiledOutcomes;
}

const when = condition.optional();
const actions: z.ZodType<Action[]> = z
  .lazy(() => z.array(action))
  .register(z.globalRegistry, {
    id: 'actions',
    description: 'Actions, run in order: each has do: and the fields of that action.',
  });

const oneStore = (v: { state?: string; storage?: string; cookie?: string }, ctx: z.RefinementCtx) => {
  const stores = (['state', 'storage', 'cookie'] as const).filter((k) => v[k] !== undefined);
  if (stores.length !== 1)
    ctx.addIssue({
      code: 'custom',
      message: "Name exactly one place: 'state:' (client state), 'storage:' (session storage) or 'cookie:'.",
    });
};

export const actionBranches = {
  call: strictObject({
    do: z.literal('call'),
    when,
    fn: refersTo('call', identifier),
    input: valueMap.optional(),
    idempotent: z.boolean().optional(),
    then: actions.optional(),
    errors: outcomeMap.optional(),
    catch: actions.optional(),
  }),
  login: strictObject({
    do: z.literal('login'),
    when,
    username: value,
    password: value,
    then: actions.optional(),
    errors: outcomeMap.optional(),
    catch: actions.optional(),
  }),
  logout: strictObject({ do: z.literal('logout'), when, then: actions.optional() }),
  set: strictObject({
    do: z.literal('set'),
    when,
    state: refersTo('stateKey', z.string()).optional(),
    storage: refersTo('storageKey', z.string()).optional(),
    cookie: z.string().optional(),
    value,
  }).superRefine(oneStore),
  clear: strictObject({
    do: z.literal('clear'),
    when,
    state: refersTo('stateKey', z.string()).optional(),
    storage: refersTo('storageKey', z.string()).optional(),
    cookie: z.string().optional(),
  }).superRefine(oneStore),
  recordQuizAnswer: strictObject({ do: z.literal('recordQuizAnswer'), when, question: value, answer: value }),
  track: strictObject({ do: z.literal('track'), when, event: z.string().min(1), props: valueMap.optional() }),
  go: strictObject({
    do: z.literal('go'),
    when,
    to: target,
    keepQuery: z.boolean().optional(),
    query: valueMap.optional(),
    delayMs: milliseconds.optional(),
    replace: z.boolean().optional(),
  }),
  popup: strictObject({ do: z.literal('popup'), when, text: paramsCopyKey(), params: valueMap.optional(), then: actions.optional() }),
  notify: strictObject({ do: z.literal('notify'), when, ...notificationFields }).superRefine((v, ctx) => checkNotification(v, ctx)),
  markFieldError: strictObject({ do: z.literal('markFieldError'), when, field: identifier }),
  scrollTop: strictObject({ do: z.literal('scrollTop'), when, delayMs: milliseconds.optional() }),
  /** Loads the page again (spec §8: a card updated on the account page reloads it). */
  reload: strictObject({ do: z.literal('reload'), when }),
};

export const action = taggedUnion('do', actionBranches, 'action')
  .register(schemaInfo, { role: 'action' })
  .register(z.globalRegistry, { id: 'action', description: 'An action: do: says which.' }) as z.ZodType<Action>;
export const actionList = actions;

/** An action as written in YAML: without what the build adds (a call's `outcomes`). */
export type WrittenAction = Action extends infer A ? (A extends unknown ? Omit<A, 'outcomes'> : never) : never;
// The hand-written Action above is exactly what each branch's schema accepts (a renamed prop fails here).
true satisfies Agrees<DriftedBranches<WrittenAction, typeof actionBranches, 'do'>>;
