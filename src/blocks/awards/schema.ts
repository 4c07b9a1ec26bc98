import { z } from 'zod';
import { copyKey, filledCopyKey } from '../../config/schema/common.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { blockBase } from '../common.ts';

/**
 * Awards and proof (spec §2.10, §2.11, §9 marketing stats): a title, an award, stats, a
 * review-site rating drawn as stars ({rating} of 5) and media names. Every part but the
 * title is optional.
 */
export const awardsBlock = strictObject({
  type: z.literal('awards'),
  ...blockBase,
  title: copyKey,
  award: copyKey.optional(),
  stats: z.array(strictObject({ value: copyKey, text: copyKey })).optional(),
  rating: strictObject({ value: z.number().min(0).max(5), text: filledCopyKey(['rating']) }).optional(),
  /** 'As seen in' and the media names. */
  media: strictObject({ title: copyKey, names: z.array(copyKey).min(1) }).optional(),
});
