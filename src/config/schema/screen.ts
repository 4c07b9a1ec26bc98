import { z } from 'zod';
import { block } from '../../blocks/schemas.ts';
import { actionList } from './actions.ts';
import { copyKey, identifier, routePath } from './common.ts';
import { condition } from './conditions.ts';
import { strictObject } from './strict.ts';
import { target } from './targets.ts';
import { valueMap } from './values.ts';

/**
 * A redirect: when `when` holds (always, without it), go to `to` instead of showing the
 * screen. `keepQuery` carries the query string along; `rememberOrigin` stores the page asked
 * for in client state `expectedNextPage`, so login can return there.
 */
export const redirect = strictObject({
  when: condition.optional(),
  to: target,
  keepQuery: z.boolean().optional(),
  query: valueMap.optional(),
  rememberOrigin: z.boolean().optional(),
});
export type Redirect = z.infer<typeof redirect>;

export const screen = strictObject({
  id: identifier,
  path: routePath,
  /** The browser tab title (a copy key); the product name is appended. */
  title: copyKey.optional(),
  /**
   * `eager` screens are fetched in the background right after the app starts;
   * `onDemand` screens are fetched when opened, showing the 'Loading' placeholder meanwhile.
   */
  load: z.enum(['eager', 'onDemand']).optional(),
  /** This screen's place in its funnel's `progress` ('STEP n OF m'). */
  step: z.number().int().min(1).optional(),
  redirects: z.array(redirect).optional(),
  onEnter: actionList.optional(),
  blocks: z.array(block).min(1),
  /** Experiment variants: the first whose `when` holds replaces `blocks`. */
  variants: z.array(strictObject({ when: condition, blocks: z.array(block).min(1) })).optional(),
});
export type Screen = z.infer<typeof screen>;
