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
  form: strictObject({ form: identifier }),
  query: strictObject({ query: z.string().min(1) }),
  state: strictObject({ state: refersTo('stateKey', z.string().min(1)) }),
  storage: strictObject({ storage: refersTo('storageKey', z.string().min(1)) }),
  cookie: strictObject({ cookie: z.string().min(1) }),
  result: strictObject({ result: z.string() }),
  // `code` is refused by npm run check with the outcome names to use (src/config/checks/outcomes.ts).
  error: strictObject({ error: z.enum(['message', 'outcome', 'messageKey', 'processorCode', 'code']) }),
  user: strictObject({ user: z.enum(['objectId', 'email']) }),
  flag: strictObject({ flag: refersTo('flag', z.string().min(1)) }),
  captcha: strictObject({ captcha: z.string().min(1) }),
  utm: strictObject({
    utm: z
      .string()
      .regex(
        /^(lastTouch|firstTouch)(\.(utm|iterable)_[a-z]+)?$/,
        'Expected lastTouch or firstTouch, or one parameter of it such as firstTouch.utm_source.',
      ),
  }),
  path: strictObject({ path: z.enum(['current', 'currentWithQuery', 'previous']) }),
  payment: strictObject({ payment: refersTo('paymentValue', z.string().min(1)) }),
  // Each source reads the fact family of its name (src/config/factRegistry.ts), but the captcha's token.
} satisfies { [K in FactFamily | 'captcha']?: z.ZodType };

/**
 * What a payment block's actions read as `{ payment: name }` / `payment.<name>` facts: the nonce
 * of the payment just made and what may be said about it, the offer being bought, the payer.
 * `offer` has the offer's fields (`offer.id`, `offer.planId`, `offer.subscriptionDuration`...).
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
