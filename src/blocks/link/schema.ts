import { z } from 'zod';
import { copyKey } from '../../config/schema/common.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { target } from '../../config/schema/targets.ts';
import { blockBase } from '../common.ts';

/** A link; `style: button` draws it as a call-to-action button. */
export const linkBlock = strictObject({
  type: z.literal('link'),
  ...blockBase,
  label: copyKey,
  to: target,
  keepQuery: z.boolean().optional(),
  style: z.enum(['link', 'button', 'back']).optional(),
});
