import { evaluateCondition } from '../../language/evaluate/conditions.ts';
import { factsFromMap } from '../../language/evaluate/facts.ts';
import type { Condition, FactCondition } from '../../language/schema/conditions.ts';

/**
 * Can these conditions all hold at once? Decided exactly as the runtime evaluates them
 * (src/language/evaluate/conditions.ts): each condition is spread into "any of (all of ...)" form, and a
 * term holds for some visitor when, fact by fact, one value satisfies every test on that fact.
 * The values tried for a fact are the ones its tests name (equals, in, contains, startsWith)
 * and a few others (nothing, empty, true/false, other text, a number, a list).
 *
 * `x` and `not x`, or `equals: a` and `equals: b` on one fact, cannot both hold; two tests on
 * different facts always can, unless `domains` fixes what a fact may be (a flag's variants, a
 * fact that is true or false).
 */
export type Domains = (fact: string) => readonly unknown[] | undefined;

interface Literal {
  test: FactCondition;
  negated: boolean;
}
type Term = Literal[];

/** Past this many terms the answer is "cannot tell", reported as false (nothing is said). */
const MAX_TERMS = 4096;

export function canAllHold(conditions: readonly Condition[], domains: Domains = () => undefined): boolean {
  let terms: Term[] | undefined = [[]];
  for (const c of conditions) {
    terms = product(terms, spread(c, false));
    if (!terms) return false;
  }
  return terms.some((term) => termHolds(term, domains));
}

function product(a: Term[] | undefined, b: Term[] | undefined): Term[] | undefined {
  if (!a || !b || a.length * b.length > MAX_TERMS) return undefined;
  return a.flatMap((x) => b.map((y) => [...x, ...y]));
}

/** The condition (or its negation) as "any of these terms", each "all of these tests". */
function spread(c: Condition, negated: boolean): Term[] | undefined {
  if ('all' in c) return negated ? anyOf(c.all.map((x) => spread(x, true))) : allOf(c.all.map((x) => spread(x, false)));
  if ('any' in c) return negated ? allOf(c.any.map((x) => spread(x, true))) : anyOf(c.any.map((x) => spread(x, false)));
  if ('not' in c) return spread(c.not, !negated);
  return [[{ test: c, negated }]];
}

function anyOf(parts: (Term[] | undefined)[]): Term[] | undefined {
  if (parts.some((p) => p === undefined)) return undefined;
  const all = parts.flat() as Term[];
  return all.length > MAX_TERMS ? undefined : all;
}

function allOf(parts: (Term[] | undefined)[]): Term[] | undefined {
  return parts.reduce<Term[] | undefined>((acc, p) => product(acc, p), [[]]);
}

function termHolds(term: Term, domains: Domains): boolean {
  const byFact = new Map<string, Literal[]>();
  for (const literal of term) byFact.set(literal.test.fact, [...(byFact.get(literal.test.fact) ?? []), literal]);
  return [...byFact].every(([fact, literals]) =>
    candidates(fact, literals, domains).some((value) =>
      literals.every(({ test, negated }) => evaluateCondition(test, factsFromMap({ [fact]: value })) !== negated),
    ),
  );
}

/** Values worth trying for one fact: what its tests name, combined, and values unlike any of them. */
function candidates(fact: string, literals: Literal[], domains: Domains): readonly unknown[] {
  const fixed = domains(fact);
  if (fixed) return fixed;
  const named: unknown[] = [];
  const prefixes: string[] = [];
  const pieces: string[] = [];
  for (const literal of literals) {
    const test = literal.test as { equals?: unknown; in?: unknown[]; startsWith?: string; contains?: string };
    if (test.equals !== undefined) named.push(test.equals, String(test.equals));
    if (test.in) for (const v of test.in) named.push(v, String(v));
    if (test.startsWith !== undefined) prefixes.push(test.startsWith);
    if (test.contains !== undefined) pieces.push(test.contains);
  }
  const other = '\u0001other';
  const joined = pieces.join('');
  const texts = [joined, ...prefixes, ...prefixes.map((p) => p + joined), ...prefixes.map((p) => p + joined + other)];
  return [undefined, null, '', true, false, 0, 1, 12345, '12345', other, [], pieces, ...named, ...texts];
}
