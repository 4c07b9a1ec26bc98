/**
 * The validation rules, one entry each: its default message (a copy key in
 * copy/<locale>/validation.yaml, which `message:` can replace) and the `{placeholders}` the form
 * fills in whichever message shows — `{field}`, what 'Please fill out your {field}' calls the
 * field, and the rule's own props of those names (`{min}`, `{max}`).
 *
 * Every list of rules is derived from this one: the rule schemas (./schema/fields.ts) are built
 * from it and must have a prop for each name it fills, the browser's form engine
 * (src/runtime/forms/rules.ts) fills the params from it, and `npm run check` holds the messages'
 * placeholders to it. Its own module, free of zod, so the browser's form engine can read it.
 */
export const ruleRegistry = {
  required: { message: 'validation:required', fills: ['field'] },
  email: { message: 'validation:email', fills: ['field'] },
  noCapitals: { message: 'validation:noCapitals', fills: ['field'] },
  length: { message: 'validation:length', fills: ['field', 'min', 'max'] },
  maxLength: { message: 'validation:maxLength', fills: ['field', 'max'] },
  matches: { message: 'validation:matches', fills: ['field'] },
  checked: { message: 'validation:checked', fills: ['field'] },
  numeric: { message: 'validation:numeric', fills: ['field'] },
} as const satisfies Record<string, { message: string; fills: readonly ['field', ...string[]] }>;

export type RuleName = keyof typeof ruleRegistry;

/** The names a rule fills from its own props (all but `{field}`). */
export type RuleLimits<K extends RuleName> = Exclude<(typeof ruleRegistry)[K]['fills'][number], 'field'>;

/** Default message copy key of each validation rule. */
export const defaultRuleMessages = Object.fromEntries(Object.entries(ruleRegistry).map(([name, rule]) => [name, rule.message])) as {
  [K in RuleName]: (typeof ruleRegistry)[K]['message'];
};
