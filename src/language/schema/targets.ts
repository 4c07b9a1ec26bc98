import { z } from 'zod';
import { identifier, routePath } from './common.ts';
import { type Condition, condition } from './conditions.ts';
import { refersTo, schemaInfo } from './roles.ts';
import { keyedUnion, strictObject } from './strict.ts';

/**
 * Where a link, redirect or `go` action leads:
 * - `/login`: a route of the app;
 * - `{ external: mainSite }`: a link named in app.yaml `links:`;
 * - `{ state: expectedNextPage }`: the path held in a client-state key (when it is empty the
 *   next case is tried);
 * - a list of `{ when, to }` cases, the first that holds wins; the last has no `when`.
 */
export type SimpleTarget = string | { external: string } | { state: string };
export type TargetCase = { when?: Condition; to: SimpleTarget };
export type Target = SimpleTarget | TargetCase[];

const simpleTarget = z
  .union([
    refersTo('route', routePath),
    keyedUnion(
      {
        external: strictObject({
          external: refersTo('link', identifier).describe("A link named under 'links:' in funnels/app.yaml."),
        }).describe('An address outside the app, by its name in funnels/app.yaml.'),
        state: strictObject({
          state: refersTo('stateKey', z.string().min(1)).describe('A client-state key holding a path, like expectedNextPage.'),
        }).describe('The path held in a client-state key; when it is empty, the next case is tried.'),
      },
      'a link target',
    ),
  ])
  .register(schemaInfo, { role: 'target' }) as z.ZodType<SimpleTarget>;

const targetCase = strictObject({
  when: condition.optional().describe('This case applies when the condition holds; the last case has none.'),
  to: simpleTarget.describe('Where it leads in this case.'),
});

export const target: z.ZodType<Target> = z
  .union([
    simpleTarget,
    z
      .array(targetCase)
      .min(1)
      .superRefine((cases, ctx) => {
        const last = cases[cases.length - 1];
        if (last?.when !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [cases.length - 1, 'when'],
            message: "The last case of a target list must have no 'when:', so that a link always leads somewhere.",
          });
      }),
  ])
  .register(schemaInfo, {
    description: 'a target: a path like /login, { external: name }, { state: key } or a list of { when, to } cases',
  })
  .register(z.globalRegistry, {
    id: 'target',
    description: 'Where it leads: a path like /login, { external: <link name> }, { state: <key> }, or a list of { when, to } cases.',
  }) as z.ZodType<Target>;
