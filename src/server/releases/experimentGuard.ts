/**
 * What a release does to the experiments running on the live one (funnels/experiments.yaml):
 * a change of a running experiment's variants or weights (or its removal) is refused unless
 * forced, since visitors already split would be counted against other arms; a change of what a
 * running experiment shows (./experimentChanges.ts: a screen reading its flag, that screen's
 * texts in any language, the offers it lists) is a warning. Stopping an experiment is neither.
 */
import { parse } from 'yaml';
import { experimentChanges } from './experimentChanges.ts';
import type { ReleaseFiles } from './source.ts';

const EXPERIMENTS_PATH = 'funnels/experiments.yaml';

interface Flag {
  variants?: unknown;
  experiment?: { state?: unknown; weights?: unknown };
}

function flagsOf(files: ReleaseFiles): Record<string, Flag> {
  const text = files[EXPERIMENTS_PATH];
  if (text === undefined) return {};
  try {
    const data = parse(text) as { flags?: Record<string, Flag> } | null;
    return data?.flags ?? {};
  } catch {
    return {}; // the check has refused such a file already
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface ExperimentGuard {
  /** Changes refused unless forced. */
  refusals: string[];
  warnings: string[];
}

/** `next` has passed the check; `live` is the live release, which this code may no longer pass. */
export function experimentWarnings(live: ReleaseFiles, next: ReleaseFiles): ExperimentGuard {
  const before = flagsOf(live);
  const after = flagsOf(next);
  const running = Object.keys(before).filter((name) => before[name]?.experiment?.state === 'running');
  const refusals: string[] = [];
  for (const name of running) {
    const was = before[name]!;
    const now = after[name];
    if (!now?.experiment) refusals.push(`The running experiment ${name} would be removed from ${EXPERIMENTS_PATH}.`);
    else if (!same(was.variants, now.variants) || !same(was.experiment?.weights, now.experiment.weights))
      refusals.push(`The running experiment ${name}'s variants or weights change (${EXPERIMENTS_PATH}).`);
  }
  return { refusals, warnings: experimentChanges(live, next, running) };
}
