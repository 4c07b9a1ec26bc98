/**
 * What a release does to the experiments running on the live one (funnels/experiments.yaml):
 * a change of a running experiment's variants or weights (or its removal) is refused unless
 * forced, since visitors already split would be counted against other arms; a changed file
 * that names a running experiment (a screen showing its variants, copy or offers tagged for it)
 * is a warning. Stopping an experiment is neither.
 */
import { parse } from 'yaml';
import { allChanged, changedFiles } from './files.ts';
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
  const warnings: string[] = [];
  const changed = allChanged(changedFiles(live, next)).filter((path) => path !== EXPERIMENTS_PATH);
  for (const name of running) {
    const pattern = new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`);
    const touching = changed.filter((path) => pattern.test(live[path] ?? '') || pattern.test(next[path] ?? ''));
    if (touching.length > 0)
      warnings.push(`The running experiment ${name} shows what changes in ${touching.join(', ')}: its results before and after differ.`);
  }
  return { refusals, warnings };
}
