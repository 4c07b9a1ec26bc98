import { z } from 'zod';
import { type RuleName, validationRules, type WrittenProps } from '../validationRules.ts';
import { actionList } from './actions.ts';
import { copyKey, filledCopyKey, identifier } from './common.ts';
import { condition } from './conditions.ts';
import { strictObject, taggedUnion } from './strict.ts';

type Definition<K extends RuleName> = (typeof validationRules)[K];

/** A validation rule as the config states it; the runtime compiles a form's rules into one zod schema (runtime/forms/compileRules.ts). */
export type Rule = {
  [K in RuleName]: { rule: K; message?: string } & WrittenProps<ReturnType<Definition<K>['props']>>;
}[RuleName];

/**
 * The schema of validation rule `name` (its definition in src/language/validationRules.ts):
 * `rule: name`, its own props, and `message:`, a copy key replacing the default message, whose
 * text may use the names the rule fills.
 */
function ruleSchema<K extends RuleName>(name: K): z.ZodType {
  const definition: Definition<RuleName> = validationRules[name];
  const fills = definition.fills.map((f) => `{${f}}`).join(', ');
  const schema = strictObject({
    rule: z.literal(name),
    ...definition.props({ z, identifier }),
    message: filledCopyKey(definition.fills)
      .optional()
      .describe(`A copy key replacing the default message (${definition.message}); it may use ${fills}.`),
  });
  const refine = definition.refine as ((rule: unknown, ctx: z.RefinementCtx) => void) | undefined;
  return (refine ? schema.superRefine(refine) : schema).describe(definition.description);
}

const ruleBranches = Object.fromEntries(Object.keys(validationRules).map((name) => [name, ruleSchema(name as RuleName)])) as {
  [K in RuleName]: z.ZodType<Extract<Rule, { rule: K }>>;
};

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
