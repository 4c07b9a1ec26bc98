import { z } from 'zod';
import { copyKey, milliseconds, paramsCopyKey } from '../../config/schema/common.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { valueMap } from '../../config/schema/values.ts';
import { blockBase } from '../common.ts';

/**
 * A third-party widget (a scheduling or booking calendar) in a frame, through
 * src/adapters/widgets: `url` is the widget's page at its provider; when it cannot load,
 * `fallback` (with `params`, such as the support contact) and a link to open `url` show instead.
 */
export const widgetBlock = strictObject({
  type: z.literal('widget'),
  ...blockBase,
  /** The frame's accessible name ('Book your free class'). */
  title: paramsCopyKey(),
  url: z.url({ protocol: /^https?$/, error: 'Expected the address of the widget, like https://book.example.com/free-class.' }),
  /** Shown while the widget loads. */
  loading: copyKey.optional(),
  fallback: paramsCopyKey(),
  /** The link to open the widget's page itself, under the fallback. */
  open: paramsCopyKey(),
  params: valueMap.optional(),
  timeoutMs: milliseconds.optional(),
});
