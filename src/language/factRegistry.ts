/**
 * The facts of the funnel language, one entry each: what `when:` conditions test, and what value
 * sources (`{ state: key }` reads `state.key`) and targets read. Every other list of facts is
 * derived from these two: the condition schema's names (./schema/conditions.ts), the checker's
 * (src/compiler/checks/facts.ts), the readers (./evaluate/facts.ts: one per entry, or it does not
 * compile), what a customer record tells (`customer.*`); docs/funnel-language.md is tested
 * against them. Free of zod: the browser reads it.
 */

/** Facts with a fixed name, and what each says. */
export const fixedFactRegistry = {
  'session.loggedIn': 'a parent is logged in',
  'navigation.path': 'the path of the page',
  'navigation.from': 'the previous page (or the same-origin referrer on the first page)',
  'navigation.reload': 'the page was reloaded',
  'device.mobile': 'the screen is narrower than 640 px',
  'customer.expired': "the parent's subscription has expired",
  'customer.hasPlan': 'the parent has an app or classes plan',
  'customer.gifted': "the parent's plan was a gift",
  'customer.lifetime': "the parent's plan is a lifetime plan",
  'customer.trialActive': "the parent's free trial is running",
  'customer.usedAppTrial': 'the parent has had a free trial of an app plan (a trial is once per parent and product)',
  'customer.usedClassesTrial': 'the parent has had a free trial of a classes plan',
} as const;

/**
 * Families of facts, `family.<name>`: what the name is, and whether a `when:` may test them (the
 * others are read by value sources only: `{ user: email }`, `{ utm: firstTouch }`, `{ path: current }`).
 */
export const factFamilyRegistry = {
  state: { name: 'client-state key', inConditions: true },
  storage: { name: 'session-storage key', inConditions: true },
  flag: { name: 'flag', inConditions: true },
  query: { name: 'query parameter', inConditions: true },
  cookie: { name: 'cookie', inConditions: true },
  form: { name: 'form field', inConditions: true },
  result: { name: 'path in the answer of the last call', inConditions: true },
  error: { name: 'field of the error caught', inConditions: true },
  payment: { name: "field of a payment block's payment", inConditions: true },
  user: { name: "field of the logged-in parent's session", inConditions: false },
  utm: { name: 'attribution (lastTouch or firstTouch, or one parameter of it)', inConditions: false },
  path: { name: 'current, currentWithQuery or previous', inConditions: false },
} as const;

export type FixedFact = keyof typeof fixedFactRegistry;
export type FactFamily = keyof typeof factFamilyRegistry;

/** The families a `when:` may test. */
export type ConditionFactFamily = {
  [F in FactFamily]: (typeof factFamilyRegistry)[F]['inConditions'] extends true ? F : never;
}[FactFamily];

/** `customer.expired` → `expired`: what a parent's customer record must tell. */
export type CustomerFact = FixedFact extends infer F ? (F extends `customer.${infer Name}` ? Name : never) : never;

export const fixedFactNames = Object.keys(fixedFactRegistry) as FixedFact[];

export const conditionFactFamilies = (Object.keys(factFamilyRegistry) as FactFamily[]).filter(
  (family): family is ConditionFactFamily => factFamilyRegistry[family].inConditions,
);
