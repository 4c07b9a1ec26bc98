import { z } from 'zod';
import { closest } from '../suggest.ts';
import { identifier, languageVersion } from './common.ts';
import { strictObject } from './strict.ts';

/**
 * The plan catalog (funnels/catalog.yaml, top key `catalog:`): every plan / web offer, class
 * offer, class add-on, partner and bulk campaign the backend sells.
 * Amounts are US dollars as a parent sees them (9.99); the backend stores integer cents.
 * `npm run check` validates it; `npm run catalog:import` (and the server, on an empty
 * database) imports it. The browser never gets this file: it asks the backend.
 */

export const catalogDurations = ['monthly', 'quarterly', '6Month', 'annual', '24Month', 'lifetime'] as const;
export const catalogSubscriptionTypes = ['recurring', 'volumeLicense', 'gift', 'other'] as const;

export const dollars = z
  .number({ error: 'Expected an amount in US dollars, like 9.99.' })
  .min(0, 'An amount cannot be negative.')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Expected an amount in dollars with at most two decimals, like 9.99.');

const planIdText = z
  .string({ error: 'Expected a plan id like minerva_monthly_ondemand_a1.' })
  .regex(/^[A-Za-z0-9_.-]+$/, 'A plan id uses letters, digits, dots, dashes and underscores only.');
const tag = z
  .string({ error: 'Expected a tag like 30daytrial.' })
  .regex(/^[A-Za-z0-9_-]+$/, 'A tag uses letters, digits, dashes and underscores only, like 30daytrial.');
const promoCode = z
  .string({ error: 'Expected a promo code like SPRING50.' })
  .regex(/^[A-Za-z0-9-]+$/, 'A promo code uses letters, digits and dashes only.');
const months = z
  .number({ error: 'Expected a number of months (-1 means lifetime).' })
  .int('Expected a whole number of months (-1 means lifetime).')
  .refine((v) => v === -1 || v > 0, 'Expected a number of months above 0, or -1 for lifetime.');

const offerShape = {
  id: identifier.describe("The offer's id (webOfferId): keep it stable, codes and subscriptions refer to it."),
  planId: planIdText.describe("The payment gateway's plan it bills on."),
  planName: z.string().min(1).describe("The plan's name on receipts and in My Account."),
  planDataKey: z
    .string()
    .min(1)
    .describe("Picks the plan card's name, flag and 'Plan Includes' list (copy/en/plans.yaml plan.<planDataKey>)."),
  subscriptionDuration: z.enum(catalogDurations).describe('monthly, quarterly, 6Month, annual, 24Month or lifetime.'),
  price: dollars.describe('The price in US dollars, like 9.99.'),
  originalPrice: dollars.optional().describe('The crossed-out price before the discount, in US dollars.'),
  trialDurationDays: z.number().int().min(0).describe('The free trial, in days (0: none).'),
  subscriptionType: z.enum(catalogSubscriptionTypes).describe('recurring, volumeLicense, gift or other.'),
  descriptionKey: z.string().min(1).describe('Annual, Monthly, Gift, Lifetime...: what kind of plan it is.'),
  promoCode: promoCode.optional().describe('A promo code typed on /promo that finds this offer (not a CS, CV, GIFT or EDU code).'),
  offerTitle: z.string().min(1).optional().describe("The card's title when copy/en/plans.yaml has no plan.<planDataKey>."),
  offerSubtitle: z.string().min(1).optional().describe("The card's subtitle."),
  isActive: z.boolean().optional().describe('false: no longer sold (existing subscriptions go on).'),
  isDefaultOffer: z.boolean().optional().describe('Listed first in its plan lists.'),
  giftMonths: months.optional().describe('The months a gift or volume licence gives; -1 for lifetime.'),
  tags: z.array(tag).optional().describe("The plan-selector lists it is in; 'default' is the list without a tag."),
  partner: identifier.optional().describe('The partner it is sold for (a partner id).'),
  hasClasses: z.boolean().optional().describe('It includes classes.'),
  maxChildProfiles: z.number().int().min(1).optional().describe('How many children may have a profile (3).'),
  parentPortalEnabled: z.boolean().optional().describe('The parent portal is open to it (true).'),
};

export const catalogOffer = strictObject(offerShape).describe('A plan (web offer) parents can buy.');
export const catalogClassOffer = strictObject({
  ...offerShape,
  classType: z.enum(['live', 'onDemand']).describe('live or onDemand classes.'),
}).describe('A class offer.');

export const catalogClassAddOn = strictObject({
  id: identifier.describe("The add-on's id: keep it stable."),
  planId: planIdText.describe("The payment gateway's plan it bills on."),
  name: z.string().min(1).describe("The add-on's name."),
  classesPerMonth: z.number().int().min(1).describe('Classes a month.'),
  price: dollars.describe('The monthly price once the promo is over, in US dollars.'),
  todayPrice: dollars.describe('What is charged today, in US dollars.'),
  promoDays: z.number().int().min(0).describe('How many days the promo price lasts.'),
  isActive: z.boolean().optional().describe('false: no longer sold.'),
}).describe('Classes added to an app plan.');

export const catalogPartner = strictObject({
  id: identifier.describe("The partner's id: in its addresses, its copy file and the sales data."),
  name: z.string().min(1).describe("The partner's name as people know it."),
  isActive: z.boolean().optional().describe('false: no longer sold.'),
}).describe('A partner whose members get their own pages and prices.');

export const catalogBulkCampaign = strictObject({
  id: identifier.describe("The campaign's id."),
  name: z.string().min(1).describe("The campaign's name."),
  organization: z.string().min(1).optional().describe('The organization buying the codes.'),
  offer: identifier.optional().describe("The offer each code gives: an id of 'offers:' or 'classOffers:'."),
  pricePerSeat: dollars.optional().describe('The price of a code, in US dollars.'),
  isActive: z.boolean().optional().describe('false: no longer sold.'),
}).describe('A bulk campaign: codes sold by the seat to an organization.');

const catalogBody = strictObject({
  partners: z.array(catalogPartner).optional().describe('The partners.'),
  offers: z.array(catalogOffer).describe('The plans (web offers).'),
  classOffers: z.array(catalogClassOffer).optional().describe('The class offers.'),
  classAddOns: z.array(catalogClassAddOn).optional().describe('The class add-ons.'),
  bulkCampaigns: z.array(catalogBulkCampaign).optional().describe('The bulk campaigns.'),
}).describe('Everything the backend sells.');

export const catalogFile = strictObject({
  version: languageVersion,
  catalog: catalogBody,
})
  .superRefine(
    (file, ctx) => {
      const catalog = file?.catalog;
      if (catalog === null || typeof catalog !== 'object') return;
      const list = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);
      const partners = new Set(list(catalog.partners).map((p) => p?.id));
      const offerIds = new Map<string, string>();
      /** The gift and volume-licence offers: what a bulk campaign may sell by the seat. */
      const codeOffers = new Set<string>();
      const promoCodes = new Map<string, string>();
      const issue = (path: (string | number)[], message: string, suggestion?: string) =>
        ctx.addIssue({
          code: 'custom',
          path: ['catalog', ...path],
          message,
          ...(suggestion === undefined ? {} : { params: { suggestion } }),
        });

      const partnerIds = new Set<string>();
      list(catalog.partners).forEach((p, i) => {
        if (partnerIds.has(p?.id)) issue(['partners', i, 'id'], `There is already a partner '${p.id}'. Partner ids must differ.`);
        partnerIds.add(p?.id);
      });

      for (const section of ['offers', 'classOffers'] as const) {
        list<z.infer<typeof catalogOffer>>(catalog[section]).forEach((offer, i) => {
          if (offer === null || typeof offer !== 'object') return;
          if (typeof offer.id === 'string') {
            const first = offerIds.get(offer.id);
            if (first)
              issue(
                [section, i, 'id'],
                `There is already an offer '${offer.id}' (${first}). Offer ids must differ: codes and subscriptions refer to them.`,
              );
            else offerIds.set(offer.id, `item ${i + 1} of '${section}:'`);
          }
          if (typeof offer.promoCode === 'string') {
            const upper = offer.promoCode.toUpperCase();
            const first = promoCodes.get(upper);
            if (first)
              issue(
                [section, i, 'promoCode'],
                `The promo code '${offer.promoCode}' is already used by offer '${first}'. A promo code finds one offer.`,
              );
            else promoCodes.set(upper, offer.id);
            if (/^(CS|CV|GIFT|EDU)/i.test(offer.promoCode))
              issue(
                [section, i, 'promoCode'],
                `A promo code cannot start with CS, CV, GIFT or EDU: the app treats those as single-use codes (npm run codes).`,
              );
          }
          if (typeof offer.partner === 'string' && !partners.has(offer.partner))
            issue(
              [section, i, 'partner'],
              `Unknown partner '${offer.partner}'. Declare it under 'partners:' (known: ${[...partners].join(', ') || 'none'}).`,
              closest(offer.partner, [...partners]),
            );
          if ((offer.subscriptionType === 'gift' || offer.subscriptionType === 'volumeLicense') && typeof offer.id === 'string')
            codeOffers.add(offer.id);
          if ((offer.subscriptionType === 'gift' || offer.subscriptionType === 'volumeLicense') && offer.giftMonths === undefined)
            issue([section, i], `A ${offer.subscriptionType} offer needs 'giftMonths:' (how many months it gives, -1 for lifetime).`);
          if (typeof offer.originalPrice === 'number' && typeof offer.price === 'number' && offer.originalPrice < offer.price)
            issue(
              [section, i, 'originalPrice'],
              `The original price (${offer.originalPrice}) is below the price (${offer.price}); ` +
                'it is the crossed-out price before the discount.',
            );
        });
      }

      const addOnIds = new Set<string>();
      list(catalog.classAddOns).forEach((addOn, i) => {
        if (addOnIds.has(addOn?.id)) issue(['classAddOns', i, 'id'], `There is already a class add-on '${addOn.id}'.`);
        addOnIds.add(addOn?.id);
      });
      const campaignIds = new Set<string>();
      list(catalog.bulkCampaigns).forEach((campaign, i) => {
        if (campaignIds.has(campaign?.id)) issue(['bulkCampaigns', i, 'id'], `There is already a bulk campaign '${campaign.id}'.`);
        campaignIds.add(campaign?.id);
        if (typeof campaign?.offer === 'string' && !offerIds.has(campaign.offer))
          issue(
            ['bulkCampaigns', i, 'offer'],
            `Unknown offer '${campaign.offer}': it is not under 'offers:' or 'classOffers:'.`,
            closest(campaign.offer, [...offerIds.keys()]),
          );
        else if (typeof campaign?.offer === 'string' && !codeOffers.has(campaign.offer))
          issue(
            ['bulkCampaigns', i, 'offer'],
            `'${campaign.offer}' is not a gift or volume-licence offer: a campaign sells codes by the seat, ` +
              "so its offer needs 'subscriptionType: volumeLicense' (or gift) and 'giftMonths:'.",
          );
      });
      // Run even when a field failed: both mistakes are reported together (as strictObject does).
    },
    { when: () => true } as object,
  )
  .describe('The plan catalog: plans, class offers, class add-ons, partners and bulk campaigns.');

export type CatalogFile = z.infer<typeof catalogFile>;
export type Catalog = CatalogFile['catalog'];
export type CatalogOffer = z.infer<typeof catalogOffer>;
export type CatalogPartner = z.infer<typeof catalogPartner>;
export type CatalogClassOffer = z.infer<typeof catalogClassOffer>;
