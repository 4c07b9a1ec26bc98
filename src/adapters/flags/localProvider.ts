/**
 * The local provider: the experiments evaluated in the browser (src/experiments/assign.ts,
 * GrowthBook's local evaluation). Loaded on demand: its code is fetched only when an
 * experiment runs.
 */
import type { CompiledFlag } from '../../compiler/compiled.ts';
import { type Assignment, assignVariants } from '../../experiments/assign.ts';
import type { FlagContext, FlagProvider, ResolutionDetails } from './flags.ts';

export class LocalExperimentProvider implements FlagProvider {
  readonly metadata = { name: 'local' };
  private assignments: Record<string, Assignment> | undefined;
  constructor(private readonly definitions: Readonly<Record<string, CompiledFlag>>) {}
  initialize(context: FlagContext): Promise<void> {
    this.assignments ??= assignVariants(this.definitions, {
      id: context.experimentId,
      isRobot: context.isRobotE2E,
      audienceFacts: context.audience,
    });
    return Promise.resolve();
  }
  resolveStringEvaluation(flagKey: string, defaultValue: string): ResolutionDetails {
    const assignment = this.assignments?.[flagKey];
    return assignment
      ? { value: assignment.variant, variant: assignment.variant, reason: assignment.reason }
      : { value: defaultValue, variant: defaultValue, reason: 'DEFAULT' };
  }
}
