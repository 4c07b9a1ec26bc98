import type { Literal } from '../../language/schema/common.ts';
import type { Condition, FactCondition } from '../../language/schema/conditions.ts';
import type { SimpleTarget, Target } from '../../language/schema/targets.ts';

/**
 * Conditions and targets in words, for the funnel maps and the dev screen index:
 * `{ not: { fact: flag.x, equals: variant1 } }` → `not flag.x = variant1`,
 * `{ all: [a, { any: [b, c] }] }` → `a and (b or c)`.
 */
export function conditionText(condition: Condition): string {
  return render(condition, 'top');
}

type Context = 'top' | 'and' | 'or' | 'not';

function render(condition: Condition, context: Context): string {
  if ('all' in condition) return group(condition.all, 'and', context);
  if ('any' in condition) return group(condition.any, 'or', context);
  if ('not' in condition) return negated(condition.not) ?? `not ${render(condition.not, 'not')}`;
  return factText(condition);
}

/** `not { fact: x, exists: true }` reads `x is not set`, `not { fact: x }` reads `not x`. */
function negated(inner: Condition): string | undefined {
  if (!('fact' in inner)) return undefined;
  if ('exists' in inner && inner.exists !== undefined) return factText({ ...inner, exists: !inner.exists });
  if ('numeric' in inner && inner.numeric !== undefined) return factText({ ...inner, numeric: !inner.numeric });
  return undefined;
}

function group(items: Condition[], op: 'and' | 'or', context: Context): string {
  if (items.length === 1) return render(items[0]!, context);
  const text = items.map((item) => render(item, op)).join(` ${op} `);
  return context === 'top' || context === op ? text : `(${text})`;
}

function factText(c: FactCondition): string {
  const { fact } = c;
  if ('equals' in c && c.equals !== undefined) return `${fact} = ${literalText(c.equals)}`;
  if ('in' in c && c.in !== undefined) return `${fact} in [${c.in.map(literalText).join(', ')}]`;
  if ('exists' in c && c.exists !== undefined) return c.exists ? `${fact} is set` : `${fact} is not set`;
  if ('numeric' in c && c.numeric !== undefined) return c.numeric ? `${fact} is a number` : `${fact} is not a number`;
  if ('contains' in c && c.contains !== undefined) return `${fact} contains ${literalText(c.contains)}`;
  if ('startsWith' in c && c.startsWith !== undefined) return `${fact} starts with ${literalText(c.startsWith)}`;
  if ('is' in c && c.is === false) return `not ${fact}`;
  return fact;
}

/** Plain words and paths as they are; anything else (spaces, empty text) in quotes. */
function literalText(value: Literal): string {
  if (typeof value !== 'string') return String(value);
  return /^[\w./:-]+$/.test(value) ? value : `'${value}'`;
}

/** `/login`, `mainSite (https://…)`, `the path in state expectedNextPage`. */
export function simpleTargetText(target: SimpleTarget, links: Readonly<Record<string, string>>): string {
  if (typeof target === 'string') return target;
  if ('external' in target) return links[target.external] ? `${target.external} (${links[target.external]})` : target.external;
  return `the path in state ${target.state}`;
}

/** A target list reads `session.loggedIn → /a; otherwise → /b`. */
export function targetText(target: Target, links: Readonly<Record<string, string>>): string {
  if (!Array.isArray(target)) return simpleTargetText(target, links);
  return target
    .map((c, i) => {
      const when = c.when !== undefined ? conditionText(c.when) : i > 0 ? 'otherwise' : 'always';
      return `${when} → ${simpleTargetText(c.to, links)}`;
    })
    .join('; ');
}
