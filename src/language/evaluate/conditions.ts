import type { Condition, FactCondition } from '../schema/conditions.ts';
import type { Facts } from './facts.ts';

/** Flag variants that mean "not on" when a flag is tested with `is:`. */
const offVariants = new Set(['off', 'control', 'false', 'disabled', 'none']);

/** Truthiness of a fact: empty strings, empty lists, 0, null are false; a flag is true unless off/control. */
export function truthy(name: string, value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string' && name.startsWith('flag.')) return !offVariants.has(value);
  return Boolean(value);
}

function same(value: unknown, expected: unknown): boolean {
  if (value === undefined) value = null;
  if (value === expected) return true;
  // Query parameters and storage are strings; YAML literals may be numbers or booleans.
  return value !== null && expected !== null && typeof value !== 'object' && String(value) === String(expected);
}

export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
}

function testFact(c: FactCondition, facts: Facts): boolean {
  const value = facts.get(c.fact);
  if ('equals' in c && c.equals !== undefined) return same(value, c.equals);
  if ('in' in c && c.in !== undefined) return c.in.some((x) => same(value, x));
  if ('exists' in c && c.exists !== undefined) return (value !== undefined && value !== null && value !== '') === c.exists;
  if ('numeric' in c && c.numeric !== undefined) return isNumeric(value) === c.numeric;
  if ('contains' in c && c.contains !== undefined)
    return Array.isArray(value) ? value.some((x) => same(x, c.contains)) : typeof value === 'string' && value.includes(c.contains);
  if ('startsWith' in c && c.startsWith !== undefined) return typeof value === 'string' && value.startsWith(c.startsWith);
  const is = 'is' in c && c.is !== undefined ? c.is : true;
  return truthy(c.fact, value) === is;
}

/** Evaluate a `when:` tree; no condition holds. */
export function evaluateCondition(condition: Condition | undefined, facts: Facts): boolean {
  if (condition === undefined) return true;
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, facts));
  if ('any' in condition) return condition.any.some((c) => evaluateCondition(c, facts));
  if ('not' in condition) return !evaluateCondition(condition.not, facts);
  return testFact(condition, facts);
}

/** Whether anything inside `value` (a condition, a screen, a list of actions) reads a fact of `family`. */
export function readsFactFamily(value: unknown, family: string): boolean {
  if (Array.isArray(value)) return value.some((v) => readsFactFamily(v, family));
  if (value === null || typeof value !== 'object') return false;
  const fact = (value as { fact?: unknown }).fact;
  if (typeof fact === 'string' && fact.startsWith(`${family}.`)) return true;
  return Object.values(value).some((v) => readsFactFamily(v, family));
}
