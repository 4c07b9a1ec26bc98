import { z } from 'zod';
import { copyKey } from '../../config/schema/common.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { blockBase } from '../common.ts';

export const listBlock = strictObject({
  type: z.literal('list'),
  ...blockBase,
  title: copyKey.optional(),
  items: z.array(copyKey).min(1),
  marker: z.enum(['bullet', 'check', 'number']).optional(),
});
