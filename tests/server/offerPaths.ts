/**
 * The catalog's declared paths, written from the catalog file and docs/payments.md ("Prices only
 * through their path"), not from the server's code: for a purchase request, what it must charge
 * today and on renewal, or that it must be refused. offer-paths.test.ts holds the server to it.
 */
import type { Catalog } from '../../src/language/schema/catalog.ts';

/** Every call that charges, as the product makes them; BulkPurchase also without a session (a guest). */
export const chargingCalls = [
  'PurchaseSubscription',
  'SubscribeToMinervaClasses',
  'BulkPurchase',
  'BulkPurchase (guest)',
  'CreateClassAddOnSubscription',
  'UpgradeSubscription',
] as const;
export type ChargingCall = (typeof chargingCalls)[number];

/** What the request carries besides the item bought. */
export type CodeSent =
  | 'none'
  /** A valid coupon code made for the item. */
  | 'itsCoupon'
  /** The same, already redeemed by another parent. */
  | 'usedCoupon'
  /** The same, past its expiry. */
  | 'expiredCoupon'
  /** A valid coupon code of another offer. */
  | 'otherCoupon'
  /** A valid gift code, sent as a coupon. */
  | 'giftCode'
  /** The item's own promo code, when it has one (else: none). */
  | 'itsPromo'
  /** A promo code of another offer. */
  | 'otherPromo';
export const codesSent: readonly CodeSent[] = [
  'none',
  'itsCoupon',
  'usedCoupon',
  'expiredCoupon',
  'otherCoupon',
  'giftCode',
  'itsPromo',
  'otherPromo',
];
export type CampaignSent = 'none' | 'girl-scouts' | 'unknown';
export const campaignsSent: readonly CampaignSent[] = ['none', 'girl-scouts', 'unknown'];
export type PartnerSent = 'none' | 'its' | 'gympass' | 'made-up';
export const partnersSent: readonly PartnerSent[] = ['none', 'its', 'gympass', 'made-up'];

/** Who buys: a parent without history, or one who has had both products' trials (for the first three calls). */
export type Buyer = 'new' | 'hadTrials';

export interface PurchaseCase {
  call: ChargingCall;
  /** A web offer, class offer or class add-on id of the catalog, or 'no-such-offer'. */
  item: string;
  code: CodeSent;
  campaign: CampaignSent;
  partner: PartnerSent;
  buyer: Buyer;
  quantity: number;
}

export type Expected = { charged: true; todayCents: number; renewsAtCents: number | null } | { charged: false; why: string };

type Offer = Catalog['offers'][number] & { classType?: string };
const cents = (dollars: number) => Math.round(dollars * 100);
const MONTHS = { monthly: 1, quarterly: 3, '6Month': 6, annual: 12, '24Month': 24, lifetime: Infinity } as const;

export interface CatalogView {
  offers: Map<string, Offer>;
  addOns: Map<string, Catalog['classAddOns'] extends (infer A)[] | undefined ? A : never>;
  campaigns: NonNullable<Catalog['bulkCampaigns']>;
}

export function viewOf(catalog: Catalog): CatalogView {
  return {
    offers: new Map<string, Offer>([...catalog.offers, ...(catalog.classOffers ?? [])].map((o) => [o.id, o as Offer])),
    addOns: new Map((catalog.classAddOns ?? []).map((a) => [a.id, a])),
    campaigns: catalog.bulkCampaigns ?? [],
  };
}

const refused = (why: string): Expected => ({ charged: false, why });

/** Sold to the public for its price: a plan list shows it (tags), no code finds it, not a code or class product, not a campaign's. */
function isListed(o: Offer, v: CatalogView): boolean {
  return (
    (o.tags?.length ?? 0) > 0 &&
    o.promoCode === undefined &&
    o.classType === undefined &&
    o.price > 0 &&
    o.subscriptionType !== 'gift' &&
    o.subscriptionType !== 'volumeLicense' &&
    !v.campaigns.some((c) => c.offer === o.id)
  );
}

/** A plan bought with a subscription: today nothing during a trial the buyer may have, else the first period; lifetime once. */
function planCharge(o: Offer, trialAllowed: boolean): Expected {
  if (o.subscriptionDuration === 'lifetime') return { charged: true, todayCents: cents(o.price), renewsAtCents: null };
  const trial = trialAllowed && o.trialDurationDays > 0;
  return { charged: true, todayCents: trial ? 0 : cents(o.price), renewsAtCents: cents(o.price) };
}

/** What the case must charge, or that it is refused. `upgradeFrom`: the plan an upgrading parent is on (in its trial). */
export function expectedCharge(c: PurchaseCase, v: CatalogView, upgradeFrom: Offer): Expected {
  const offer = v.offers.get(c.item);
  const addOn = v.addOns.get(c.item);
  const codeOffer = offer && offer.subscriptionType !== 'gift' && offer.subscriptionType !== 'volumeLicense' && offer.price > 0;
  switch (c.call) {
    case 'PurchaseSubscription': {
      if (!offer || offer.classType !== undefined) return refused('not a plan of the app');
      const trial = c.buyer === 'new';
      if (c.code === 'itsCoupon')
        return codeOffer && !v.campaigns.some((x) => x.offer === offer.id)
          ? planCharge(offer, trial)
          : refused('coupon of an offer not sold by plan');
      if (c.code === 'itsPromo' && offer.promoCode) return planCharge(offer, trial);
      if (c.code !== 'none' && !(c.code === 'itsPromo' && !offer.promoCode)) return refused(`code ${c.code}`);
      return isListed(offer, v) ? planCharge(offer, trial) : refused('needs its code, campaign or other call');
    }
    case 'SubscribeToMinervaClasses':
      return offer?.classType !== undefined ? planCharge(offer!, c.buyer === 'new') : refused('not a class offer');
    case 'BulkPurchase':
    case 'BulkPurchase (guest)': {
      if (!offer || (offer.subscriptionType !== 'gift' && offer.subscriptionType !== 'volumeLicense')) return refused('not sold as codes');
      const campaignOfOffer = v.campaigns.find((x) => x.offer === offer.id);
      if (c.campaign === 'unknown') return refused('no such campaign');
      if (c.campaign === 'girl-scouts') {
        const campaign = v.campaigns.find((x) => x.id === 'girl-scouts')!;
        if (campaign.offer !== offer.id) return refused('the campaign sells another offer');
        return { charged: true, todayCents: c.quantity * cents(campaign.pricePerSeat ?? offer.price), renewsAtCents: null };
      }
      if (campaignOfOffer) return refused('only sold to its campaign');
      return { charged: true, todayCents: c.quantity * cents(offer.price), renewsAtCents: null };
    }
    case 'CreateClassAddOnSubscription':
      return addOn ? { charged: true, todayCents: cents(addOn.todayPrice), renewsAtCents: cents(addOn.price) } : refused('not an add-on');
    case 'UpgradeSubscription': {
      if (!offer || !isListed(offer, v)) return refused('not a listed plan');
      if (offer.id === upgradeFrom.id) return refused('already on it');
      if (MONTHS[offer.subscriptionDuration] <= MONTHS[upgradeFrom.subscriptionDuration]) return refused('not longer');
      // The current plan is in its trial: a renewing plan first bills when it ends; lifetime is paid at once.
      return offer.subscriptionDuration === 'lifetime'
        ? { charged: true, todayCents: cents(offer.price), renewsAtCents: null }
        : { charged: true, todayCents: 0, renewsAtCents: cents(offer.price) };
    }
  }
}
