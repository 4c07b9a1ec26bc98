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
 * YAML: the build puts there what each outcome of this call shows (src/compiler/outcomes.ts).
 */
interface Failable {
  then?: Action[];
  errors?: OutcomeMap;
  catch?: Action[];
  outcomes?: CompiledOutcomes;
}

const when = condition.optional().describe('Runs the action only when this condition holds; otherwise it is skipped.');
const actions: z.ZodType<Action[]> = z
  .lazy(() => z.array(action))
  .register(z.globalRegistry, {
    id: 'actions',
    description: 'Actions, run in order: each has do: and the fields of that action.',
  });

const then = (after: string) => actions.optional().describe(`What runs after ${after}.`);
const stores = {
  state: refersTo('stateKey', z.string()).optional().describe('A client-state key (kept across pages and visits).'),
  storage: refersTo('storageKey', z.string()).optional().describe("A session-storage key (kept for the browser tab's visit)."),
  cookie: z.string().optional().describe('A cookie (shared with the sibling sites on the cookie domain).'),
};
const failable = {
  errors: outcomeMap.optional().describe("What the parent reads when it fails, per outcome; else the app's errors: in funnels/app.yaml."),
  catch: actions.optional().describe('What runs after it fails, once its message shows.'),
};

const oneStore = (v: { state?: string; storage?: string; cookie?: string }, ctx: z.RefinementCtx) => {
  const named = (['state', 'storage', 'cookie'] as const).filter((k) => v[k] !== undefined);
  if (named.length !== 1)
    ctx.addIssue({
      code: 'custom',
      message: "Name exactly one place: 'state:' (client state), 'storage:' (session storage) or 'cookie:'.",
    });
};

export const actionBranches = {
  call: strictObject({
    do: z.literal('call'),
    when,
    fn: refersTo('call', identifier).describe('The backend call (src/contract/calls.ts).'),
    input: valueMap.optional().describe("The call's input: each field written out or read from a source, like { form: email }."),
    idempotent: z.boolean().optional().describe('Sends the call with an Idempotency-Key, so a retry cannot charge twice.'),
    then: then('the call succeeds, reading its answer as { result: field }'),
    ...failable,
  }).describe('Calls the backend; then: runs on success, errors: and catch: on failure.'),
  login: strictObject({
    do: z.literal('login'),
    when,
    username: value.describe("The parent's email."),
    password: value.describe('The password.'),
    then: then('the parent is logged in'),
    ...failable,
  }).describe('Logs the parent in; then: runs on success, errors: and catch: on failure.'),
  logout: strictObject({ do: z.literal('logout'), when, then: then('the parent is logged out') }).describe('Logs the parent out.'),
  set: strictObject({
    do: z.literal('set'),
    when,
    ...stores,
    value: value.describe('The value stored.'),
  })
    .superRefine(oneStore)
    .describe('Stores a value in one place: state:, storage: or cookie:.'),
  clear: strictObject({ do: z.literal('clear'), when, ...stores })
    .superRefine(oneStore)
    .describe('Empties one place: state:, storage: or cookie:.'),
  recordQuizAnswer: strictObject({
    do: z.literal('recordQuizAnswer'),
    when,
    question: value.describe("The question's id."),
    answer: value.describe('The answer, 1 to 4.'),
  }).describe("Keeps a quiz answer in client state, as the quiz block does (the main site's quiz)."),
  track: strictObject({
    do: z.literal('track'),
    when,
    event: z.string().min(1).describe("The analytics event's name."),
    props: valueMap.optional().describe("The event's properties."),
  }).describe('Sends an analytics event.'),
  go: strictObject({
    do: z.literal('go'),
    when,
    to: target.describe('Where to go.'),
    keepQuery: z.boolean().optional().describe("Carries the page's query string (UTM...) along."),
    query: valueMap.optional().describe('Query parameters added to the address.'),
    delayMs: milliseconds.optional().describe('Waits this long first, in milliseconds.'),
    replace: z.boolean().optional().describe('Replaces the current page in the history, so Back does not return to it.'),
  }).describe('Goes to another page.'),
  popup: strictObject({
    do: z.literal('popup'),
    when,
    text: paramsCopyKey().describe("The popup's message."),
    params: valueMap.optional().describe("Values for the text's {placeholders}."),
    then: then('the parent closes the popup'),
  }).describe('Shows a message in a popup with an OK button.'),
  notify: strictObject({ do: z.literal('notify'), when, ...notificationFields })
    .superRefine((v, ctx) => checkNotification(v, ctx))
    .describe('Shows a notification at the top of the page for a few seconds.'),
  markFieldError: strictObject({
    do: z.literal('markFieldError'),
    when,
    field: identifier.describe("The field's name."),
  }).describe('Marks a field of the form as wrong (red, and announced to screen readers).'),
  scrollTop: strictObject({
    do: z.literal('scrollTop'),
    when,
    delayMs: milliseconds.optional().describe('Waits this long first, in milliseconds.'),
  }).describe('Scrolls to the top of the page.'),
  reload: strictObject({ do: z.literal('reload'), when }).describe('Loads the page again (after a card is updated on the account page).'),
};

export const action = taggedUnion('do', actionBranches, 'action')
  .register(schemaInfo, { role: 'action' })
  .register(z.globalRegistry, { id: 'action', description: 'An action: do: says which.' }) as z.ZodType<Action>;
export const actionList = actions;

/** An action as written in YAML: without what the build adds (a call's `outcomes`). */
export type WrittenAction = Action extends infer A ? (A extends unknown ? Omit<A, 'outcomes'> : never) : never;
// The hand-written Action above is exactly what each branch's schema accepts (a renamed prop fails here).
true satisfies Agrees<DriftedBranches<WrittenAction, typeof actionBranches, 'do'>>;
