import { z } from 'zod';
import { paramsCopyKey } from '../../config/schema/common.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { target } from '../../config/schema/targets.ts';
import { valueMap } from '../../config/schema/values.ts';
import { blockBase } from '../common.ts';

/**
 * A paragraph of copy. The copy may hold one `<link>...</link>` span, which becomes a link to
 * `link:` (for example 'Click <link>here</link> to log in.').
 */
export const textBlock = strictObject({
  type: z.literal('text'),
  ...blockBase,
  text: paramsCopyKey(),
  params: valueMap.optional(),
  link: target.optional(),
  style: z.enum(['body', 'lead', 'small', 'label']).optional(),
});
