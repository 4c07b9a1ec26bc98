/**
 * Which variant of each flag a visitor sees. The split is GrowthBook's local
 * evaluation: the visitor id hashed with the experiment's name (hash version 2) falls in one
 * variant's range of the weights, so the same visitor gets the same variant on every visit, in
 * the browser and on the server alike. Who takes part is the experiment's `audience:`, the
 * same conditions as screens' `when:` over the facts known when the page opens.
 *
 * Shared by the browser's local flag provider and the server's flag service: both must answer
 * the same, which a test holds them to.
 */
import { type FeatureDefinition, GrowthBook } from '@growthbook/growthbook';
import type { CompiledFlag } from '../compiler/compiled.ts';
import { evaluateCondition } from '../language/evaluate/conditions.ts';
import { factsFromMap } from '../language/evaluate/facts.ts';

/** OpenFeature's resolution reasons, those this evaluator gives. */
export type AssignmentReason = 'STATIC' | 'SPLIT' | 'DEFAULT' | 'DISABLED';

export interface Assignment {
  variant: string;
  /**
   * SPLIT: the visitor takes part in the experiment and was given `variant` by the split.
   * DEFAULT: an experiment the visitor is not part of (outside its audience, or a robot).
   * DISABLED: a stopped experiment. STATIC: a flag that is no experiment.
   */
  reason: AssignmentReason;
}

export interface Visitor {
  /** The visitor id cookie: what the split hashes. */
  id: string;
  /** Robots (end-to-end runs, crawlers) see the default, always: they must not skew a split. */
  isRobot: boolean;
  /** The facts an audience may read (src/experiments/audience.ts), by name. */
  audienceFacts: Readonly<Record<string, unknown>>;
}

/** The hash version GrowthBook recommends (v2: FNV-1a twice, no bias for similar ids). */
const HASH_VERSION = 2;

/** The flags that run an experiment, as GrowthBook features: one experiment rule each. */
function runningExperiments(flags: Readonly<Record<string, CompiledFlag>>): Record<string, FeatureDefinition<string>> {
  const features: Record<string, FeatureDefinition<string>> = {};
  for (const [name, flag] of Object.entries(flags)) {
    const experiment = flag.experiment;
    if (experiment?.state !== 'running') continue;
    features[name] = {
      defaultValue: flag.default,
      rules: [
        {
          key: name,
          variations: flag.variants,
          weights: flag.variants.map((variant) => (experiment.weights[variant] ?? 0) / 100),
          hashAttribute: 'id',
          hashVersion: HASH_VERSION,
          meta: flag.variants.map((variant) => ({ key: variant })),
        },
      ],
    };
  }
  return features;
}

/** Every flag's variant for this visitor. */
export function assignVariants(flags: Readonly<Record<string, CompiledFlag>>, visitor: Visitor): Record<string, Assignment> {
  const facts = factsFromMap({ ...visitor.audienceFacts });
  const growthbook = new GrowthBook({ attributes: { id: visitor.id }, features: runningExperiments(flags) });
  const out: Record<string, Assignment> = {};
  try {
    for (const [name, flag] of Object.entries(flags)) {
      const experiment = flag.experiment;
      if (!experiment) out[name] = { variant: flag.default, reason: 'STATIC' };
      else if (experiment.state !== 'running') out[name] = { variant: flag.default, reason: 'DISABLED' };
      else if (visitor.isRobot || !evaluateCondition(experiment.audience, facts)) out[name] = { variant: flag.default, reason: 'DEFAULT' };
      else {
        const result = growthbook.evalFeature<string>(name);
        const variant = result.value;
        out[name] =
          result.experimentResult?.inExperiment && typeof variant === 'string' && flag.variants.includes(variant)
            ? { variant, reason: 'SPLIT' }
            : { variant: flag.default, reason: 'DEFAULT' };
      }
    }
  } finally {
    growthbook.destroy();
  }
  return out;
}
