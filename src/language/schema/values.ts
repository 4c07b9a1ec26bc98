import { z } from 'zod';
import type { FactFamily } from '../factRegistry.ts';
import { identifier, type Literal, literal } from './common.ts';
import { refersTo, schemaInfo } from './roles.ts';
import { keyedUnion, strictObject } from './strict.ts';

/**
 * Where an action reads a value from. A plain scalar is itself; an object names one source.
 * Each source is resolved by the runtime (src/runtime/values.ts) and its key checked by
 * `npm run check` against the matching vocabulary.
 */
const sources = {
  form: strictObject({ form: identifier.describe('A field of the form, by name: what the parent typed or ticked.') }).describe(
    'A field of the form.',
  ),
  query: strictObject({ query: z.string().min(1).describe("A parameter of the page's address (?name=...).") }).describe(
    "A parameter of the page's address.",
  ),
  state: strictObject({ state: refersTo('stateKey', z.string().min(1)).describe('A client-state key.') }).describe(
    'A client-state key (kept across pages and visits).',
  ),
  storage: strictObject({ storage: refersTo('storageKey', z.string().min(1)).describe('A session-storage key.') }).describe(
    "A session-storage key (kept for the browser tab's visit).",
  ),
  cookie: strictObject({ cookie: z.string().min(1).describe("A cookie's name.") }).describe('A cookie.'),
  result: strictObject({
    result: z.string().describe("A field of the last call's answer, like webOffer.id; '' for the whole answer."),
  }).describe('The answer of the call whose then: this is in.'),
  // `code` is refused by npm run check with the outcome names to use (src/compiler/checks/outcomes.ts).
  error: strictObject({
    error: z
      .enum(['message', 'outcome', 'messageKey', 'processorCode', 'todayCharge', 'code'])
      .describe("A field of the failure: message (the server's text), outcome, messageKey, processorCode or todayCharge."),
  }).describe('The failure of the call whose catch: or errors: this is in.'),
  user: strictObject({ user: z.enum(['objectId', 'email']).describe('objectId or email of the logged-in parent.') }).describe(
    'The logged-in parent.',
  ),
  flag: strictObject({ flag: refersTo('flag', z.string().min(1)).describe('A flag: its variant for this visitor.') }).describe(
    "A flag's variant for this visitor.",
  ),
  captcha: strictObject({ captcha: z.string().min(1).describe("The captcha field's name.") }).describe("A captcha's token."),
  utm: strictObject({
    utm: z
      .string()
      .regex(
        /^(lastTouch|firstTouch)(\.(utm|iterable)_[a-z]+)?$/,
        'Expected lastTouch or firstTouch, or one parameter of it such as firstTouch.utm_source.',
      )
      .describe('lastTouch or firstTouch, or one parameter of it, like firstTouch.utm_source.'),
  }).describe('Where the visitor came from (the UTM parameters of the first or last visit).'),
  path: strictObject({
    path: z.enum(['current', 'currentWithQuery', 'previous']).describe('current, currentWithQuery or previous.'),
  }).describe("A page's path."),
  payment: strictObject({
    payment: refersTo('paymentValue', z.string().min(1)).describe('A field of the payment: nonce, offer, amount...'),
  }).describe("The payment just made, in a payment block's actions."),
  // Each source reads the fact family of its name (src/language/factRegistry.ts), but the captcha's token.
} satisfies { [K in FactFamily | 'captcha']?: z.ZodType };

/**
 * What a payment block's actions read as `{ payment: name }` / `payment.<name>` facts: the nonce
 * of the payment just made and what may be said about it, the offer being bought, the payer.
 * `offer` has the offer's fields (`offer.id`, `offer.planId`, `offer.subscriptionDuration`...) as
 * the form sells it (no trial for a parent who had one); `todayCharge` is the amount the form
 * shows as charged today, in dollars, and `quantity` how many are bought.
 */
export const paymentValueNames = [
  'nonce',
  'method',
  'cardType',
  'lastFour',
  'deviceData',
  'firstName',
  'lastName',
  'email',
  'customerOptions',
  'offer',
  'offerId',
  'amount',
  'todayCharge',
  'quantity',
] as const;

export const valueSource = keyedUnion(sources, 'a value source').register(schemaInfo, { role: 'valueSource' });
export type ValueSource = z.infer<typeof valueSource>;

export const value = z.union([literal, valueSource]).register(z.globalRegistry, {
  id: 'value',
  description: 'A value: written out (a text, a number, true or false), or read from a source such as { form: email } or { state: key }.',
});
export type Value = Literal | ValueSource;

export const valueMap = z.record(z.string(), value).register(z.globalRegistry, {
  id: 'values',
  description: 'Named values: each name takes a value written out or read from a source.',
});
export type ValueMap = Record<string, Value>;
