import { z } from 'zod';
import { copyKey } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { target } from '../../language/schema/targets.ts';
import { blockBase } from '../common.ts';

/** A link; `style: button` draws it as a call-to-action button. */
export const linkBlock = strictObject({
  type: z.literal('link'),
  ...blockBase,
  label: copyKey.describe("The link's text."),
  to: target.describe('Where the link leads.'),
  keepQuery: z.boolean().optional().describe('Carries the query string of the page (UTM...) along.'),
  style: z.enum(['link', 'button', 'back']).optional().describe('link (the default), button (a call to action) or back.'),
}).describe('A link; style: button draws it as a call-to-action button.');
