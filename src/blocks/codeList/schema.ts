import { z } from 'zod';
import { copyKey } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { value } from '../../language/schema/values.ts';
import { blockBase } from '../common.ts';

/**
 * A list of codes a purchase gave (gift and volume purchases: BulkPurchase's `codes`), read from
 * a value — a list (as session storage keeps it, `{ storage: purchasedCodes }`) or a list written
 * as JSON — and shown one per line, easy to copy. Nothing is shown when the value holds no code.
 */
export const codeListBlock = strictObject({
  type: z.literal('codeList'),
  ...blockBase,
  title: copyKey.describe("Names the list ('Your codes')."),
  codes: value.describe('Where the codes are: a list, like { storage: purchasedCodes }, or a list written as JSON.'),
}).describe('The codes a gift or volume purchase gave, one per line, easy to copy.');
