/**
 * What an experiment's `audience:` may read: the facts known when the page opens, before any
 * screen shows (path, partner tag, device, locale, query). The browser takes a
 * snapshot of the ones the audiences name and evaluates them; the remote flag service is sent
 * the same snapshot, so both decide alike. Flags, forms, results and a parent's account are
 * not known then.
 */
import type { CompiledFlag } from '../compiler/compiled.ts';
import type { Facts } from '../language/evaluate/facts.ts';
import type { Condition } from '../language/schema/conditions.ts';

/** Fixed facts an audience may read. */
export const AUDIENCE_FIXED_FACTS = ['navigation.path', 'path.current', 'device.mobile', 'state.locale'] as const;
/** Fact families an audience may read any member of (`query.utm_source`, `cookie.activePlanTag`...). */
export const AUDIENCE_FACT_FAMILIES = ['query', 'cookie', 'utm'] as const;

export const audienceMayRead = (fact: string): boolean =>
  (AUDIENCE_FIXED_FACTS as readonly string[]).includes(fact) ||
  AUDIENCE_FACT_FAMILIES.some((family) => fact.startsWith(`${family}.`) && fact.length > family.length + 1);

/** The fact names a condition reads. */
export function factsReadBy(condition: Condition | undefined, into = new Set<string>()): Set<string> {
  if (!condition) return into;
  if ('all' in condition) for (const c of condition.all) factsReadBy(c, into);
  else if ('any' in condition) for (const c of condition.any) factsReadBy(c, into);
  else if ('not' in condition) factsReadBy(condition.not, into);
  else into.add(condition.fact);
  return into;
}

/** The values of every fact the running experiments' audiences read, by name. */
export function audienceSnapshot(flags: Readonly<Record<string, CompiledFlag>>, facts: Facts): Record<string, unknown> {
  const names = new Set<string>();
  for (const flag of Object.values(flags)) if (flag.experiment?.state === 'running') factsReadBy(flag.experiment.audience, names);
  const snapshot: Record<string, unknown> = {};
  for (const name of names) if (audienceMayRead(name)) snapshot[name] = facts.get(name);
  return snapshot;
}

/** Whether any flag runs an experiment (else the evaluator's code need not load). */
export const anyExperimentRunning = (flags: Readonly<Record<string, CompiledFlag>>): boolean =>
  Object.values(flags).some((flag) => flag.experiment?.state === 'running');
