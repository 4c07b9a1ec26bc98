/**
 * The experiments the report lists: every flag of `funnels/experiments.yaml` with an
 * `experiment:` (running or stopped), read afresh for each report. The control of an
 * experiment is its flag's default.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { experimentsFile } from '../../config/schema/experiments.ts';

export interface DeclaredExperiment {
  name: string;
  description: string;
  state: 'running' | 'stopped';
  control: string;
  variants: string[];
}

export class ExperimentsFileError extends Error {
  override name = 'ExperimentsFileError';
}

export function readDeclaredExperiments(funnelsDir: string): DeclaredExperiment[] {
  const file = path.join(funnelsDir, 'experiments.yaml');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const parsed = experimentsFile.safeParse(parse(text));
  if (!parsed.success)
    throw new ExperimentsFileError(`${file} is not valid (run \`npm run check\` for where): ${parsed.error.issues[0]?.message ?? ''}`);
  return Object.entries(parsed.data.flags).flatMap(([name, flag]) =>
    flag.experiment
      ? [{ name, description: flag.description, state: flag.experiment.state, control: flag.default, variants: flag.variants }]
      : [],
  );
}
