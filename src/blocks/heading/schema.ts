import { z } from 'zod';
import { paramsCopyKey } from '../../config/schema/common.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { valueMap } from '../../config/schema/values.ts';
import { blockBase } from '../common.ts';

export const headingBlock = strictObject({
  type: z.literal('heading'),
  ...blockBase,
  text: paramsCopyKey(),
  params: valueMap.optional(),
  /** 1 is the page title; there is one level-1 heading per screen. */
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
});
