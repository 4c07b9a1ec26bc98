import { defaultRuleMessages, ruleRegistry } from '../../language/ruleMessages.ts';
import type { Field, Rule } from '../../language/schema/fields.ts';

/**
 * The validation rules as a typed registry: a new rule kind fails to compile until
 * it has a validator and a default message. Validators never hold English; they answer
 * pass/fail and the message is a copy key.
 */
type Validator<R extends Rule = Rule> = (value: unknown, rule: R, values: Record<string, unknown>) => boolean;
type Validators = { [K in Rule['rule']]: Validator<Extract<Rule, { rule: K }>> };

/** A simple address pattern, on purpose not RFC 5322: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const blank = (v: unknown) => v === undefined || v === null || v === false || text(v).trim() === '';

const validators: Validators = {
  required: (v) => !blank(v),
  email: (v) => EMAIL_PATTERN.test(text(v).trim()),
  noCapitals: (v) => text(v) === text(v).toLowerCase(),
  length: (v, r) => text(v).length >= r.min && text(v).length <= r.max,
  maxLength: (v, r) => text(v).length <= r.max,
  matches: (v, r, values) => text(v) === text(values[r.field]),
  checked: (v) => v === true,
  numeric: (v) => /^[0-9]+$/.test(text(v).trim()),
};

/** `{min}`, `{max}`...: the rule's own props its message uses, as src/language/ruleMessages.ts names them. */
function limitParams(rule: Rule): Record<string, string> {
  // ruleSchema (src/language/schema/fields.ts) gives every rule a prop for each name it fills.
  const props = rule as unknown as Record<string, unknown>;
  const limits = ruleRegistry[rule.rule].fills.filter((name) => name !== 'field');
  return Object.fromEntries(limits.map((name) => [name, String(props[name])]));
}

export interface RuleFailure {
  field: string;
  rule: Rule['rule'];
  /** Copy key and its parameters. */
  message: string;
  params: Record<string, string>;
}

/** The first rule of a field that fails. An empty, non-required field passes its other rules (except `checked`). */
export function firstFailingRule(field: Field, values: Record<string, unknown>, fieldName: (field: Field) => string): RuleFailure | null {
  const value = values[field.name];
  for (const rule of field.rules ?? []) {
    if (blank(value) && rule.rule !== 'required' && rule.rule !== 'checked') continue;
    const ok = (validators[rule.rule] as Validator)(value, rule, values);
    if (ok) continue;
    const params: Record<string, string> = { field: fieldName(field), ...limitParams(rule) };
    return { field: field.name, rule: rule.rule, message: rule.message ?? defaultRuleMessages[rule.rule], params };
  }
  return null;
}

/** Fields in the order they are checked: `checkOrder` first, then the rest in form order. */
export function checkSequence(fields: readonly Field[], checkOrder?: readonly string[]): Field[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const ordered = (checkOrder ?? []).map((n) => byName.get(n)).filter((f): f is Field => f !== undefined);
  return [...ordered, ...fields.filter((f) => !ordered.includes(f))];
}

/** Every failing field with its first failing rule, in check order (the first is the one shown). */
export function failures(
  fields: readonly Field[],
  checkOrder: readonly string[] | undefined,
  values: Record<string, unknown>,
  fieldName: (field: Field) => string,
): RuleFailure[] {
  return checkSequence(fields, checkOrder)
    .map((f) => firstFailingRule(f, values, fieldName))
    .filter((f): f is RuleFailure => f !== null);
}
