/**
 * The plans of GetCustomerDetails' `planSubscriptions`: what the account page shows one panel
 * for ("one sub-entry per app plan and per classes plan").
 *
 * - the strongest app plan, then the strongest classes plan of a class offer (live or
 *   on-demand, SubscribeToMinervaClasses), as before;
 * - then every class add-on bought on /addclasses-payment (CreateClassAddOnSubscription) that
 *   gives access now, oldest first: each is a classes plan of its own, with its own price,
 *   renewal and cancellation (CancelMinervaClasses), and the add-on it is (`classAddOn`).
 *
 * Each plan carries the payment method that bills it (`paymentMethod`): an add-on may be paid
 * with another card than the app plan, and the card on file (`paymentInfo`, the default one)
 * would then name the wrong card on the add-on's panel.
 */
import type { PlanSubscription } from '../../contract/entities.ts';
import { toDollars } from '../catalog/money.ts';
import { toClassAddOn, toWebOffer } from '../catalog/repository.ts';
import type { PaymentMethodRow } from '../payments/repository.ts';
import type { SubscriptionRow as Subscription } from '../subscriptions/repository.ts';
import type { CatalogRows } from './repository.ts';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** 'MM/YYYY', as the payment method on file says it (paymentInfo.expirationDate). */
const expirationOf = (m: Pick<PaymentMethodRow, 'expiration_month' | 'expiration_year'>) =>
  m.expiration_month && m.expiration_year ? `${String(m.expiration_month).padStart(2, '0')}/${m.expiration_year}` : null;

export const paymentMethodView = (m: PaymentMethodRow) => ({
  paymentType: m.payment_type,
  cardType: m.card_type,
  last4: m.last4,
  expirationDate: expirationOf(m),
});

/**
 * `perProduct`: the app and classes plans shown (already chosen by the caller); `granting`: every
 * subscription giving access now, from which the add-ons are taken; `account`: the offers,
 * add-ons and payment methods those plans name.
 */
export function planSubscriptions(
  perProduct: Subscription[],
  granting: Subscription[],
  account: CatalogRows & { paymentMethods: readonly PaymentMethodRow[] },
): PlanSubscription[] {
  const addOns = granting
    .filter((s) => s.product === 'addOn')
    .sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
  const shown = [...perProduct, ...addOns];
  const offers = account.webOffers;
  const addOnRows = account.classAddOns;
  const methods = new Map(account.paymentMethods.map((m) => [m.id, m]));

  return shown.map((s) => {
    const row = s.web_offer_id ? offers.get(s.web_offer_id) : undefined;
    const offer = row
      ? s.product === 'classes'
        ? { ...toWebOffer(row), classType: row.class_type ?? 'onDemand' }
        : toWebOffer(row)
      : null;
    const addOn = s.class_add_on_id ? addOnRows.get(s.class_add_on_id) : undefined;
    const method = s.payment_method_id ? methods.get(s.payment_method_id) : undefined;
    return {
      id: s.id,
      // An add-on is a classes plan to the parent (its own panel, cancelled with CancelMinervaClasses).
      product: s.product === 'app' ? ('app' as const) : ('classes' as const),
      offer,
      classAddOn: addOn ? toClassAddOn(addOn) : null,
      status: s.status,
      price: toDollars(s.price_cents),
      nextBillingDate: iso(s.next_billing_date),
      firstBillingDate: iso(s.first_billing_date),
      trialDuration: s.trial_duration_days,
      store: s.store,
      termExpiresAt: iso(s.term_expires_at),
      compExpiresAt: iso(s.comp_expires_at),
      giftExpiresAt: iso(s.gift_expires_at),
      isLifetime: s.is_lifetime,
      isGifted: s.is_gifted,
      renews: s.source === 'purchase' && s.gateway_subscription_id !== null && s.status !== 'Canceled' && !s.is_lifetime,
      paymentMethod: method ? paymentMethodView(method) : null,
    };
  });
}
