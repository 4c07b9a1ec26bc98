import type { z } from 'zod';
import type { identifier } from './schema/common.ts';

/**
 * The validation rules a field's `rules:` may name, one definition each: its own props (what the
 * YAML writes beside `rule:`), its default message (a copy key in copy/<locale>/validation.yaml,
 * which `message:` can replace), the `{placeholders}` the form fills in whichever message shows —
 * `{field}`, what 'Please fill out your {field}' calls the field, and the props of those names
 * (`{min}`, `{max}`) — and the check the browser runs.
 *
 * Adding a rule is one entry here and its message in each copy/<locale>/validation.yaml: the rule
 * schema (./schema/fields.ts), the browser's form engine (src/runtime/forms/rules.ts) and
 * `npm run check` all read this list (tests/unit/registry/registries.test.ts holds them to it).
 * It imports no zod: props are written with the kit ./schema/fields.ts hands them, so the browser's
 * form engine (zod/mini) reads the rules without the full zod.
 */
type Fills = readonly ['field', ...string[]];

/** What a rule's props are written with. */
export interface PropsKit {
  z: typeof z;
  identifier: typeof identifier;
}

/** A rule's props as written (the `max` of `{ rule: maxLength, max: 40 }`). */
export type WrittenProps<P extends z.ZodRawShape> = { [K in keyof P]: z.output<P[K]> };

interface RuleDefinition<F extends Fills, P extends z.ZodRawShape> {
  description: string;
  message: `validation:${string}`;
  fills: F;
  /** A prop for each name it fills but `{field}`: a prop renamed here and not in `fills` does not compile. */
  props: (kit: PropsKit) => P;
  /** Checks between the written props (a length's min not above its max). */
  refine?: (rule: WrittenProps<P>, ctx: z.RefinementCtx) => void;
  /** Whether a value passes; `values` are the whole form's (a password typed twice). */
  passes: (value: unknown, rule: WrittenProps<P>, values: Record<string, unknown>) => boolean;
}

export function defineRule<const F extends Fills, P extends z.ZodRawShape & Record<Exclude<F[number], 'field'>, z.ZodType>>(
  definition: RuleDefinition<F, P>,
): RuleDefinition<F, P> {
  return definition;
}

/** A simple address pattern: something@something.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const text = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** Empty as a form means it: nothing, blank text, or an unticked box. */
export const isBlank = (v: unknown) => v === undefined || v === null || v === false || text(v).trim() === '';

export const validationRules = {
  required: defineRule({
    description: 'The field is filled in.',
    message: 'validation:required',
    fills: ['field'],
    props: () => ({}),
    passes: (v) => !isBlank(v),
  }),
  email: defineRule({
    description: 'The field holds an email address.',
    message: 'validation:email',
    fills: ['field'],
    props: () => ({}),
    passes: (v) => EMAIL_PATTERN.test(text(v).trim()),
  }),
  noCapitals: defineRule({
    description: 'The field has no capital letters.',
    message: 'validation:noCapitals',
    fills: ['field'],
    props: () => ({}),
    passes: (v) => text(v) === text(v).toLowerCase(),
  }),
  length: defineRule({
    description: 'The field has between min and max characters.',
    message: 'validation:length',
    fills: ['field', 'min', 'max'],
    props: ({ z }) => ({
      min: z.number().int().min(0).describe('The fewest characters.'),
      max: z.number().int().min(1).describe('The most characters.'),
    }),
    refine: (v, ctx) => {
      if (v.min > v.max) ctx.addIssue({ code: 'custom', path: ['min'], message: `'min' (${v.min}) is larger than 'max' (${v.max}).` });
    },
    passes: (v, r) => text(v).length >= r.min && text(v).length <= r.max,
  }),
  maxLength: defineRule({
    description: 'The field has at most max characters.',
    message: 'validation:maxLength',
    fills: ['field', 'max'],
    props: ({ z }) => ({ max: z.number().int().min(1).describe('The most characters.') }),
    passes: (v, r) => text(v).length <= r.max,
  }),
  matches: defineRule({
    description: 'The field is the same as another one (a password typed twice).',
    message: 'validation:matches',
    fills: ['field'],
    props: ({ identifier }) => ({ field: identifier.describe('The other field, by name.') }),
    passes: (v, r, values) => text(v) === text(values[r.field]),
  }),
  checked: defineRule({
    description: 'The checkbox is ticked.',
    message: 'validation:checked',
    fills: ['field'],
    props: () => ({}),
    passes: (v) => v === true,
  }),
  numeric: defineRule({
    description: 'The field holds a number.',
    message: 'validation:numeric',
    fills: ['field'],
    props: () => ({}),
    passes: (v) => /^[0-9]+$/.test(text(v).trim()),
  }),
};

export type RuleName = keyof typeof validationRules;

/** Default message copy key of each validation rule. */
export const defaultRuleMessages = Object.fromEntries(Object.entries(validationRules).map(([name, rule]) => [name, rule.message])) as {
  [K in RuleName]: (typeof validationRules)[K]['message'];
};
