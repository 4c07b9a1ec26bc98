import { z } from 'zod';
import { actionList } from '../../language/schema/actions.ts';
import { copyKey, identifier, routePath } from '../../language/schema/common.ts';
import { condition } from '../../language/schema/conditions.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { target } from '../../language/schema/targets.ts';
import { valueMap } from '../../language/schema/values.ts';

/**
 * A redirect: when `when` holds (always, without it), go to `to` instead of showing the
 * screen. `keepQuery` carries the query string along; `rememberOrigin` stores the page asked
 * for in client state `expectedNextPage`, so login can return there.
 */
export const redirect = strictObject({
  when: condition.optional().describe('Redirects only when this condition holds (always, without it).'),
  to: target.describe('Where the parent is sent instead.'),
  keepQuery: z.boolean().optional().describe("Carries the page's query string (UTM...) along."),
  query: valueMap.optional().describe('Query parameters added to the address.'),
  rememberOrigin: z
    .boolean()
    .optional()
    .describe('Keeps the page asked for in client state expectedNextPage, so that logging in returns there.'),
});
export type Redirect = z.infer<typeof redirect>;

/**
 * A block's props as a funnel writes them: `type:` says which block. What each holds is the
 * registry's (src/blocks/registry.ts), handed to the compiler (src/compiler/configSchemas.ts).
 */
export interface BlockValue {
  type: string;
  [prop: string]: unknown;
}

/** A screen, its blocks being any of `block` (the union of the blocks the compiler is handed). */
export function screenSchema(block: z.ZodType<BlockValue>) {
  return strictObject({
    id: identifier.describe("The screen's id, unique in the app."),
    path: routePath.describe("The screen's address, like /signup; ':name' matches any segment (/class/:id)."),
    title: copyKey.optional().describe('The browser tab title; the product name is appended.'),
    load: z
      .enum(['eager', 'onDemand'])
      .optional()
      .describe("eager (the default): fetched right after the app starts; onDemand: fetched when opened, showing 'Loading'."),
    step: z.number().int().min(1).optional().describe("This screen's place in its funnel's progress ('STEP n OF m')."),
    redirects: z
      .array(redirect)
      .optional()
      .describe('Where to send the parent instead of showing the screen: the first that holds applies.'),
    onEnter: actionList.optional().describe('What runs when the screen opens.'),
    blocks: z.array(block).min(1).describe('What the screen shows, top to bottom.'),
    variants: z
      .array(
        strictObject({
          when: condition.describe('When this variant shows (a flag variant, say).'),
          blocks: z.array(block).min(1).describe('The blocks shown instead.'),
        }),
      )
      .optional()
      .describe("Other blocks for experiment variants: the first whose when: holds replaces 'blocks:'."),
  });
}
export type Screen = z.infer<ReturnType<typeof screenSchema>>;
