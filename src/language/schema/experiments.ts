import { z } from 'zod';
import { identifier, languageVersion } from './common.ts';
import { condition } from './conditions.ts';
import { strictObject } from './strict.ts';

/**
 * An experiment on a flag: how its visitors are split between its variants
 * (`weights`, percentages summing to 100), who takes part (`audience`, a condition over the
 * facts known when the page opens: path, device, query, cookies, locale) and whether it runs
 * (`state`). A stopped experiment, a visitor outside its audience and a robot see the default.
 */
export const EXPERIMENT_STATES = ['running', 'stopped'] as const;

const experiment = strictObject({
  state: z
    .enum(EXPERIMENT_STATES, { error: `An experiment's state is 'running' or 'stopped'.` })
    .describe('running, or stopped: everyone sees the default.'),
  weights: z
    .record(identifier, z.number().min(0).max(100))
    .describe('The percentage of visitors each variant gets, adding up to 100: { control: 50, variant1: 50 }.'),
  audience: condition
    .optional()
    .describe('Who takes part: a condition over what is known when the page opens (path, device, query, cookies, locale).'),
});

/** Weights are percentages; a little rounding (33.3 + 33.3 + 33.4) is fine. */
const WEIGHT_SUM_TOLERANCE = 0.001;

/**
 * Feature flags and experiments: each flag has its variants and a default. An experiment
 * assigns each visitor a variant; `?variantOverride=flag:variant,...` forces one.
 */
export const experimentsFile = strictObject({
  version: languageVersion,
  flags: z
    .record(
      identifier,
      strictObject({
        description: z.string().min(1).describe('What the flag changes, for people (completion and hover show it).'),
        variants: z.array(identifier).min(2).describe('Its variants, like [control, variant1] or [off, on].'),
        default: identifier.describe('The variant robots, visitors outside the audience and a stopped experiment see.'),
        experiment: experiment.optional().describe('How visitors are split between the variants; without it, everyone sees the default.'),
      }).superRefine((flag, ctx) => {
        if (!flag.variants.includes(flag.default))
          ctx.addIssue({
            code: 'custom',
            path: ['default'],
            message: `The default '${flag.default}' is not one of this flag's variants (${flag.variants.join(', ')}).`,
          });
        if (!flag.experiment) return;
        for (const name of Object.keys(flag.experiment.weights))
          if (!flag.variants.includes(name))
            ctx.addIssue({
              code: 'custom',
              path: ['experiment', 'weights', name],
              message: `'${name}' is not one of this flag's variants (${flag.variants.join(', ')}).`,
            });
        const sum = Object.values(flag.experiment.weights).reduce((a, b) => a + b, 0);
        if (Math.abs(sum - 100) > WEIGHT_SUM_TOLERANCE)
          ctx.addIssue({
            code: 'custom',
            path: ['experiment', 'weights'],
            message: `The weights add up to ${Number(sum.toFixed(3))}; they are percentages of the visitors and must add up to 100.`,
          });
      }),
    )
    .describe('The flags by name; conditions test them as flag.<name>, values read them as { flag: name }.'),
}).describe('Feature flags and their experiments.');
export type ExperimentsFile = z.infer<typeof experimentsFile>;
export type FlagDefinition = ExperimentsFile['flags'][string];
