import { z } from 'zod';
import { copyKey, filledCopyKey } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { blockBase } from '../common.ts';

/** Awards and proof (marketing stats). Every part but the title is optional. */
export const awardsBlock = strictObject({
  type: z.literal('awards'),
  ...blockBase,
  title: copyKey.describe("The section's title."),
  award: copyKey.optional().describe('An award the product won.'),
  stats: z
    .array(strictObject({ value: copyKey.describe("The figure ('10M+')."), text: copyKey.describe("What it counts ('kids coding').") }))
    .optional()
    .describe('Figures shown large, each with what it counts.'),
  rating: strictObject({
    value: z.number().min(0).max(5).describe('The rating out of 5, drawn as stars.'),
    text: filledCopyKey(['rating']).describe('The words beside the stars: {rating}.'),
  })
    .optional()
    .describe("A review site's rating."),
  media: strictObject({
    title: copyKey.describe("'As seen in'."),
    names: z.array(copyKey).min(1).describe('The media names.'),
  })
    .optional()
    .describe('Media the product was seen in.'),
}).describe('Awards and proof: a title, an award, figures, a rating drawn as stars and media names.');
