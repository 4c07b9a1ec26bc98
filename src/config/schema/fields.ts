import { z } from 'zod';
import { type RuleLimits, type RuleName, ruleRegistry } from '../ruleMessages.ts';
import { actionList } from './actions.ts';
import { copyKey, filledCopyKey, identifier } from './common.ts';
import { condition } from './conditions.ts';
import { strictObject, taggedUnion } from './strict.ts';

/**
 * The schema of validation rule `name` (spec §5; one entry each in src/config/ruleMessages.ts):
 * `rule: name`, its own props, and `message:`, a copy key replacing the default message, whose
 * text may use the names the registry says the rule fills. The props must include each of those
 * names but `{field}`: a prop renamed here and not there does not compile.
 */
export function ruleSchema<K extends RuleName, P extends z.ZodRawShape & Record<RuleLimits<K>, z.ZodType>>(name: K, props: P) {
  return strictObject({ rule: z.literal(name), ...props, message: filledCopyKey(ruleRegistry[name].fills).optional() });
}

const ruleBranches = {
  required: ruleSchema('required', {}),
  email: ruleSchema('email', {}),
  noCapitals: ruleSchema('noCapitals', {}),
  length: ruleSchema('length', { min: z.number().int().min(0), max: z.number().int().min(1) }).superRefine((v, ctx) => {
    if (v.min > v.max) ctx.addIssue({ code: 'custom', path: ['min'], message: `'min' (${v.min}) is larger than 'max' (${v.max}).` });
  }),
  maxLength: ruleSchema('maxLength', { max: z.number().int().min(1) }),
  matches: ruleSchema('matches', { field: identifier }),
  checked: ruleSchema('checked', {}),
  numeric: ruleSchema('numeric', {}),
} satisfies { [K in RuleName]: z.ZodType };

/** A validation rule as the config states it; the runtime compiles a form's rules into one zod schema (runtime/forms/compileRules.ts). */
export type Rule = { [K in RuleName]: z.output<(typeof ruleBranches)[K]> }[RuleName];
export const rule = taggedUnion('rule', ruleBranches, 'validation rule');

export const fieldTypes = ['email', 'password', 'text', 'checkbox', 'promoCode', 'captcha', 'hidden'] as const;

const autocomplete = z.enum([
  'email',
  'username',
  'current-password',
  'new-password',
  'name',
  'given-name',
  'family-name',
  'postal-code',
  'off',
  'one-time-code',
]);

export const field = strictObject({
  name: identifier,
  type: z.enum(fieldTypes),
  label: copyKey.optional(),
  /** What 'Please fill out your {field}' calls this field. */
  fieldName: copyKey.optional(),
  placeholder: copyKey.optional(),
  help: copyKey.optional(),
  default: z.union([z.string(), z.boolean()]).optional(),
  autocomplete: autocomplete.optional(),
  rules: z.array(rule).optional(),
  validateOn: z.enum(['blur', 'submit']).optional(),
  onBlur: actionList.optional(),
  when: condition.optional(),
});
export type Field = z.output<typeof field>;
