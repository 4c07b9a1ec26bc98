import { z } from 'zod';
import { type RuleLimits, type RuleName, ruleRegistry } from '../ruleMessages.ts';
import { actionList } from './actions.ts';
import { copyKey, filledCopyKey, identifier } from './common.ts';
import { condition } from './conditions.ts';
import { strictObject, taggedUnion } from './strict.ts';

/**
 * The schema of validation rule `name` (one entry each in src/language/ruleMessages.ts):
 * `rule: name`, its own props, and `message:`, a copy key replacing the default message, whose
 * text may use the names the registry says the rule fills. The props must include each of those
 * names but `{field}`: a prop renamed here and not there does not compile.
 */
export function ruleSchema<K extends RuleName, P extends z.ZodRawShape & Record<RuleLimits<K>, z.ZodType>>(name: K, props: P) {
  const fills = ruleRegistry[name].fills.map((f) => `{${f}}`).join(', ');
  return strictObject({
    rule: z.literal(name),
    ...props,
    message: filledCopyKey(ruleRegistry[name].fills)
      .optional()
      .describe(`A copy key replacing the default message (${ruleRegistry[name].message}); it may use ${fills}.`),
  });
}

const ruleBranches = {
  required: ruleSchema('required', {}).describe('The field is filled in.'),
  email: ruleSchema('email', {}).describe('The field holds an email address.'),
  noCapitals: ruleSchema('noCapitals', {}).describe('The field has no capital letters.'),
  length: ruleSchema('length', {
    min: z.number().int().min(0).describe('The fewest characters.'),
    max: z.number().int().min(1).describe('The most characters.'),
  })
    .superRefine((v, ctx) => {
      if (v.min > v.max) ctx.addIssue({ code: 'custom', path: ['min'], message: `'min' (${v.min}) is larger than 'max' (${v.max}).` });
    })
    .describe('The field has between min and max characters.'),
  maxLength: ruleSchema('maxLength', { max: z.number().int().min(1).describe('The most characters.') }).describe(
    'The field has at most max characters.',
  ),
  matches: ruleSchema('matches', { field: identifier.describe('The other field, by name.') }).describe(
    'The field is the same as another one (a password typed twice).',
  ),
  checked: ruleSchema('checked', {}).describe('The checkbox is ticked.'),
  numeric: ruleSchema('numeric', {}).describe('The field holds a number.'),
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
  name: identifier.describe("The field's name, unique in the form: actions read it as { form: name }."),
  type: z.enum(fieldTypes).describe('email, password, text, checkbox, promoCode, captcha or hidden.'),
  label: copyKey.optional().describe("The field's label."),
  fieldName: copyKey.optional().describe("What 'Please fill out your {field}' calls this field."),
  placeholder: copyKey.optional().describe('The greyed hint inside the empty field.'),
  help: copyKey.optional().describe('A line of help under the field.'),
  default: z.union([z.string(), z.boolean()]).optional().describe('The value it starts with (true or false for a checkbox).'),
  autocomplete: autocomplete.optional().describe('What the browser may fill in (the HTML autocomplete value).'),
  rules: z.array(rule).optional().describe('The validation rules, checked in order: the first failing one shows.'),
  validateOn: z.enum(['blur', 'submit']).optional().describe('When its rules are checked: blur (on leaving the field) or submit.'),
  onBlur: actionList.optional().describe('What leaving the field does (checking the email is free, say).'),
  when: condition.optional().describe('Shows the field only when this condition holds.'),
});
export type Field = z.output<typeof field>;
