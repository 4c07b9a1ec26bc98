import { z } from 'zod';
import { identifier } from './common.ts';
import { strictObject } from './strict.ts';

/**
 * Feature flags and experiments: each flag has its variants and a default. The flag provider
 * may answer another variant; `?variantOverride=flag:variant,...` forces one.
 */
export const experimentsFile = strictObject({
  version: z.literal(1, { error: 'This file is written for funnel language version 1: put `version: 1` at the top.' }),
  flags: z.record(
    identifier,
    strictObject({
      description: z.string().min(1),
      variants: z.array(identifier).min(2),
      default: identifier,
    }).superRefine((flag, ctx) => {
      if (!flag.variants.includes(flag.default))
        ctx.addIssue({
          code: 'custom',
          path: ['default'],
          message: `The default '${flag.default}' is not one of this flag's variants (${flag.variants.join(', ')}).`,
        });
    }),
  ),
});
export type ExperimentsFile = z.infer<typeof experimentsFile>;
export type FlagDefinition = ExperimentsFile['flags'][string];
