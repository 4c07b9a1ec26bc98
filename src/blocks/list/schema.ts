import { z } from 'zod';
import { copyKey } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { blockBase } from '../common.ts';

export const listBlock = strictObject({
  type: z.literal('list'),
  ...blockBase,
  title: copyKey.optional().describe("The list's title."),
  items: z.array(copyKey).min(1).describe('The items, in order.'),
  marker: z.enum(['bullet', 'check', 'number']).optional().describe('bullet (the default), check or number.'),
}).describe('A list of texts, with bullets, check marks or numbers.');
