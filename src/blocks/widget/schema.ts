import { z } from 'zod';
import { copyKey, milliseconds, paramsCopyKey } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { valueMap } from '../../language/schema/values.ts';
import { blockBase } from '../common.ts';

/**
 * A third-party widget (a scheduling or booking calendar) in a frame, through
 * src/adapters/widgets: `url` is the widget's page at its provider; when it cannot load,
 * `fallback` (with `params`, such as the support contact) and a link to open `url` show instead.
 */
export const widgetBlock = strictObject({
  type: z.literal('widget'),
  ...blockBase,
  title: paramsCopyKey().describe("The frame's name for screen readers ('Book your free class')."),
  url: z
    .url({ protocol: /^https?$/, error: 'Expected the address of the widget, like https://book.example.com/free-class.' })
    .describe("The widget's page at its provider."),
  loading: copyKey.optional().describe('Shown while the widget loads.'),
  fallback: paramsCopyKey().describe('Shown when the widget cannot load (with the support contact, say).'),
  open: paramsCopyKey().describe("The link to the widget's page itself, under the fallback."),
  params: valueMap.optional().describe("Values for the {placeholders} of 'title:', 'fallback:' and 'open:'."),
  timeoutMs: milliseconds.optional().describe('How long to wait for the widget before showing the fallback, in milliseconds.'),
}).describe('A scheduling or booking widget of another site in a frame, with a fallback when it cannot load.');
