/**
 * The experiments the report lists: every flag of `funnels/experiments.yaml` with an
 * `experiment:` (running or stopped), read afresh for each report. The control of an
 * experiment is its flag's default.
 */
import { ConfigError } from '../config.ts';
import { readFlagDefinitions } from '../experiments/definitions.ts';

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
  let flags: ReturnType<typeof readFlagDefinitions>;
  try {
    flags = readFlagDefinitions(funnelsDir);
  } catch (error) {
    if (error instanceof ConfigError) throw new ExperimentsFileError(error.message);
    throw error;
  }
  return Object.entries(flags).flatMap(([name, flag]) =>
    flag.experiment
      ? [{ name, description: flag.description, state: flag.experiment.state, control: flag.default, variants: flag.variants }]
      : [],
  );
}
