import { z } from 'zod';
import { catalogOffer, catalogPartner } from '../../language/schema/catalog.ts';
import { copyKey, identifier, languageVersion } from '../../language/schema/common.ts';
import { refersTo } from '../../language/schema/roles.ts';
import { strictObject } from '../../language/schema/strict.ts';
import type { screenSchema } from './screen.ts';

/**
 * A funnel file: a named group of screens sharing a layout and a step progress.
 * `progress.steps` is a count ('STEP 2 OF 4') or a list of step labels (a labelled stepper).
 * A partner's funnel may declare the partner and the offers it sells (`partner:`, `offers:`,
 * the catalog's shapes): they join funnels/catalog.yaml when the catalog is imported
 * (src/server/catalog/read.ts), so a marketer launches a partner price without a catalog edit.
 */
export function funnelFileSchema(screen: ReturnType<typeof screenSchema>) {
  return strictObject({
    version: languageVersion,
    funnel: identifier.describe("The funnel's name."),
    description: z.string().optional().describe('What the funnel is for, in a sentence (for people; the app never shows it).'),
    layout: refersTo('layout', identifier)
      .optional()
      .describe("The header and footer of its screens: a layout of funnels/app.yaml ('default')."),
    progress: strictObject({
      steps: z
        .union([z.number().int().min(2), z.array(copyKey).min(2)])
        .describe("A number of steps ('STEP 2 OF 4'), or the steps' labels (a labelled stepper)."),
    })
      .optional()
      .describe("The funnel's step progress, shown on screens with 'step:'."),
    partner: catalogPartner.optional().describe('The partner whose funnel this is: it joins the catalog.'),
    offers: z.array(catalogOffer).optional().describe("The partner's own offers: they join the catalog."),
    screens: z.array(screen).min(1).describe("The funnel's screens."),
  }).describe('A funnel: a named group of screens sharing a layout and a step progress.');
}
export type FunnelFile = z.infer<ReturnType<typeof funnelFileSchema>>;
