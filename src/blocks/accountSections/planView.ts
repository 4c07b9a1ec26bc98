/**
 * What a plan panel of the account page says, worked out from GetCustomerDetails
 * without React, so the rules are tested on their own (tests/unit/blocks/account-plan-view.test.ts).
 */
import type { ClassAddOn, CustomerDetails, PlanPaymentMethod, PlanSubscription } from '../../contract/entities.ts';

export type PlanDuration = 'monthly' | 'quarterly' | '6Month' | 'annual' | '24Month' | 'lifetime';

/** Months of each duration, lifetime last: what "lasts longer" means for an upgrade. */
export const durationMonths: Record<PlanDuration, number> = {
  monthly: 1,
  quarterly: 3,
  '6Month': 6,
  annual: 12,
  '24Month': 24,
  lifetime: Number.POSITIVE_INFINITY,
};

export interface PlanView {
  subscriptionId: string;
  classes: boolean;
  /**
   * The offer's title (or the add-on's name), else the gateway plan's name, else null (the panel
   * then says 'App plan' / 'Classes plan').
   */
  name: string | null;
  /** The offer's id and planDataKey: its name in the parent's language comes from the copy (`planName`). */
  offerId: string | null;
  planDataKey: string | null;
  /** The offer's subtitle or description; null for an add-on (the panel says the add-on description of the copy). */
  description: string | null;
  /** The class add-on this classes plan is (bought on /addclasses-payment), else null. */
  addOn: ClassAddOn | null;
  duration: PlanDuration | null;
  price: number;
  lifetime: boolean;
  /**
   * 'renews': the next billing date; 'expires': the end of a cancelled, comp or gift plan (term,
   * comp or gift expiry); 'none': lifetime.
   */
  dateKind: 'renews' | 'expires' | 'none';
  date: string | null;
  status: PlanSubscription['status'];
  trial: boolean;
  store: NonNullable<PlanSubscription['store']>;
  /** Cancel in-page: a renewing web-store plan. */
  cancellable: boolean;
  /** Bought in another store: Edit shows that store's instructions. */
  otherStore: boolean;
  renews: boolean;
  /** What pays for it: the plan's own payment method, else the card on file; null: none on file. */
  paymentMethod: PlanPaymentMethod | null;
}

/** The plans of the account page: app plans first, then classes plans (GetCustomerDetails' planSubscriptions). */
export function planViews(details: CustomerDetails, now = Date.now()): PlanView[] {
  const subs = details.planSubscriptions ?? [];
  const info = details.paymentInfo;
  const cardOnFile: PlanPaymentMethod | null = info
    ? { paymentType: info.paymentType, cardType: info.cardType, last4: info.last4, expirationDate: info.expirationDate }
    : null;
  return [...subs]
    .sort((a, b) => (a.product === b.product ? 0 : a.product === 'app' ? -1 : 1))
    .map((s) => {
      const store = s.store ?? 'WebStore';
      // The expiry shown is whichever of term, comp or gift expiry exists.
      const expiry = s.termExpiresAt ?? s.compExpiresAt ?? s.giftExpiresAt;
      const renewing = s.renews && s.status !== 'Canceled' && s.status !== 'Expired';
      const dateKind: PlanView['dateKind'] = s.isLifetime
        ? 'none'
        : renewing && s.nextBillingDate
          ? 'renews'
          : expiry
            ? 'expires'
            : s.nextBillingDate
              ? 'renews'
              : 'none';
      const date = dateKind === 'renews' ? s.nextBillingDate : dateKind === 'expires' ? expiry : null;
      const first = s.firstBillingDate ? new Date(s.firstBillingDate).getTime() : NaN;
      return {
        subscriptionId: s.id,
        classes: s.product === 'classes',
        name: s.offer ? (s.offer.offerTitle ?? s.offer.plan.name) : (s.classAddOn?.name ?? null),
        offerId: s.offer?.id ?? null,
        planDataKey: s.offer?.planDataKey ?? null,
        description: s.offer ? (s.offer.offerSubtitle ?? s.offer.descriptionKey) : null,
        addOn: s.classAddOn ?? null,
        // An add-on bills every month after its promo ($54.99/month, $14.99/month).
        duration: s.isLifetime ? 'lifetime' : (s.offer?.subscriptionDuration ?? (s.classAddOn ? 'monthly' : null)),
        price: s.price,
        lifetime: s.isLifetime,
        dateKind,
        date,
        status: s.status,
        trial: s.trialDuration > 0 && first > now && s.status === 'Active',
        store,
        cancellable: store === 'WebStore' && renewing,
        otherStore: store !== 'WebStore',
        renews: renewing,
        paymentMethod: s.paymentMethod ?? cardOnFile,
      };
    });
}

/** An expired account, or an unexpired gift that is not lifetime, may resubscribe. */
export function mayResubscribe(details: CustomerDetails): boolean {
  return details.isExpired || (details.isGifted && !details.isLifetime);
}

/** The offers a renewing web-store plan may be upgraded to: those the config names that last longer. */
export function upgradeChoices<O extends { id: string; subscriptionDuration: PlanDuration; hasClasses: boolean }>(
  plan: PlanView,
  offers: readonly O[],
  allowed: readonly string[],
): O[] {
  if (!plan.renews || plan.store !== 'WebStore' || plan.classes || !plan.duration) return [];
  const months = durationMonths[plan.duration];
  return allowed
    .map((id) => offers.find((o) => o.id === id))
    .filter((o): o is O => o !== undefined && durationMonths[o.subscriptionDuration] > months);
}

/** A date as a parent reads it: 'December 1, 2026' (UTC, so the day is the billing day). */
export function formatDate(iso: string | null, locale: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
}

/** Dollars with cents: 120 → '120.00'. */
export const formatPrice = (price: number): string => price.toFixed(2);
