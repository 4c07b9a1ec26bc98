import { z } from 'zod';
import { paramsCopyKey } from '../../config/schema/common.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { target } from '../../config/schema/targets.ts';
import { valueMap } from '../../config/schema/values.ts';
import { blockBase } from '../common.ts';

/** A boxed message in the page (not a timed notification): info, warning or error. */
export const noticeBlock = strictObject({
  type: z.literal('notice'),
  ...blockBase,
  text: paramsCopyKey(),
  params: valueMap.optional(),
  link: target.optional(),
  level: z.enum(['info', 'warning', 'error', 'success']).optional(),
});
