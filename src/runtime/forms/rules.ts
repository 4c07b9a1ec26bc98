import type { Field, Rule } from '../../language/schema/fields.ts';
import { defaultRuleMessages, isBlank, validationRules } from '../../language/validationRules.ts';

type Check = (value: unknown, rule: Rule, values: Record<string, unknown>) => boolean;

/** `{min}`, `{max}`...: the rule's own props its message uses, as src/language/validationRules.ts names them. */
function limitParams(rule: Rule): Record<string, string> {
  // Every rule has a prop for each name it fills (defineRule holds its props to its fills).
  const props = rule as unknown as Record<string, unknown>;
  const limits = validationRules[rule.rule].fills.filter((name) => name !== 'field');
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
    if (isBlank(value) && rule.rule !== 'required' && rule.rule !== 'checked') continue;
    const ok = (validationRules[rule.rule].passes as Check)(value, rule, values);
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
