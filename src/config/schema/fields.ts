import { z } from 'zod';
import { type Action, actionList } from './actions.ts';
import { copyKey, identifier } from './common.ts';
import { type Condition, condition } from './conditions.ts';
import { strictObject, taggedUnion } from './strict.ts';

/**
 * Validation rules of spec §5. Each has a default message (a copy key in
 * copy/<locale>/validation.yaml) that `message:` can replace. The runtime compiles a form's
 * rules into one zod schema (src/runtime/forms/compileRules.ts).
 */
export type Rule =
  | { rule: 'required'; message?: string }
  | { rule: 'email'; message?: string }
  | { rule: 'noCapitals'; message?: string }
  | { rule: 'length'; min: number; max: number; message?: string }
  | { rule: 'maxLength'; max: number; message?: string }
  | { rule: 'matches'; field: string; message?: string }
  | { rule: 'checked'; message?: string }
  | { rule: 'numeric'; message?: string };

const message = copyKey.optional();
const ruleBranches = {
  required: strictObject({ rule: z.literal('required'), message }),
  email: strictObject({ rule: z.literal('email'), message }),
  noCapitals: strictObject({ rule: z.literal('noCapitals'), message }),
  length: strictObject({ rule: z.literal('length'), min: z.number().int().min(0), max: z.number().int().min(1), message }).superRefine(
    (v, ctx) => {
      if (v.min > v.max) ctx.addIssue({ code: 'custom', path: ['min'], message: `'min' (${v.min}) is larger than 'max' (${v.max}).` });
    },
  ),
  maxLength: strictObject({ rule: z.literal('maxLength'), max: z.number().int().min(1), message }),
  matches: strictObject({ rule: z.literal('matches'), field: identifier, message }),
  checked: strictObject({ rule: z.literal('checked'), message }),
  numeric: strictObject({ rule: z.literal('numeric'), message }),
};
export const rule = taggedUnion('rule', ruleBranches, 'validation rule') as z.ZodType<Rule>;

export const fieldTypes = ['email', 'password', 'text', 'checkbox', 'promoCode', 'captcha', 'hidden'] as const;

export type Field = {
  name: string;
  type: (typeof fieldTypes)[number];
  label?: string;
  fieldName?: string;
  placeholder?: string;
  help?: string;
  default?: string | boolean;
  autocomplete?: string;
  rules?: Rule[];
  validateOn?: 'blur' | 'submit';
  onBlur?: Action[];
  when?: Condition;
};

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

export const field: z.ZodType<Field> = strictObject({
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
}) as z.ZodType<Field>;
