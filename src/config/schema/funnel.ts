import { z } from 'zod';
import { catalogOffer, catalogPartner } from './catalog.ts';
import { copyKey, identifier } from './common.ts';
import { refersTo } from './roles.ts';
import { screen } from './screen.ts';
import { strictObject } from './strict.ts';

/**
 * A funnel file: a named group of screens sharing a layout and a step progress.
 * `progress.steps` is a count ('STEP 2 OF 4') or a list of step labels (a labelled stepper).
 * A partner's funnel may declare the partner and the offers it sells (`partner:`, `offers:`,
 * the catalog's shapes): they join funnels/catalog.yaml when the catalog is imported
 * (src/server/catalog/read.ts), so a marketer launches a partner price without a catalog edit.
 */
export const funnelFile = strictObject({
  version: z.literal(1, { error: 'This file is written for funnel language version 1: put `version: 1` at the top.' }),
  funnel: identifier,
  description: z.string().optional(),
  layout: refersTo('layout', identifier).optional(),
  progress: strictObject({ steps: z.union([z.number().int().min(2), z.array(copyKey).min(2)]) }).optional(),
  partner: catalogPartner.optional(),
  offers: z.array(catalogOffer).optional(),
  screens: z.array(screen).min(1),
});
export type FunnelFile = z.infer<typeof funnelFile>;
