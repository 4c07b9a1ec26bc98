import * as z from 'zod/mini';
import type { Field } from '../../language/schema/fields.ts';
import { failures } from './rules.ts';

// The pages' Content-Security-Policy allows no eval: zod must not even probe for it (the probe is
// an 'Issue' in the browser's console).
z.config({ jitless: true });

export type FormValues = Record<string, unknown>;
type Translate = (key: string, params?: Record<string, string>) => string;

/** What 'Please fill out your {field}' calls a field: its fieldName, else its label, else its name. */
export const fieldNameOf = (t: Translate) => (field: Field) =>
  field.fieldName ? t(field.fieldName) : field.label ? t(field.label) : field.name;

/** The type of a field's value: checkboxes are booleans, everything else text. */
const valueSchema = (field: Field) => (field.type === 'checkbox' ? z.optional(z.boolean()) : z.optional(z.string()));

/**
 * A form's rules as one zod schema for react-hook-form's zodResolver: each field typed, and
 * one issue per failing field (its first failing rule, translated), added in check order, so
 * the resolver's first error is the first failing rule. Only the fields shown are
 * checked (a field whose `when:` does not hold is left out by the caller).
 */
export function compileRules(fields: readonly Field[], checkOrder: readonly string[] | undefined, t: Translate) {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const f of fields) shape[f.name] = valueSchema(f);
  const name = fieldNameOf(t);
  return z.looseObject(shape).check(
    z.superRefine((values: FormValues, ctx) => {
      for (const failure of failures(fields, checkOrder, values, name))
        ctx.addIssue({ code: 'custom', path: [failure.field], message: t(failure.message, failure.params), input: values[failure.field] });
    }),
  );
}
