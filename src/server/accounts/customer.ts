/**
 * GetCustomerDetails and GetPaymentHistory, computed from the parent's subscriptions (purchases, comps, gifts, volume licences), customer
 * record, payment methods and payments.
 *
 * Which subscriptions give access now:
 * - Active or PastDue ones, unless an end date they carry has passed (a lapsed comp or gift);
 * - Canceled ones until the end of what was paid for (term, comp or gift end, else the next
 *   billing date that will not happen);
 * - Pending and Expired ones never (a Pending one is the `pendingPlan`).
 * The *main* subscription is the app plan's (else the classes plan's): lifetime first, then the
 * one that lasts longest.
 *
 * A parent with no plan answers `plan: null` and `isExpired: true`: "expired" means "has no
 * access now", so a funnel that only asks `customer.expired` still sends a parent without a plan
 * to buy one (funnels/add-classes.yaml asks `customer.expired` or `not customer.hasPlan`; login
 * sends a parent who is not expired and has a plan to /my-account).
 */
import type { CallOutput } from '../../contract/index.ts';
import { toDollars } from '../catalog/money.ts';
import { toWebOffer } from '../catalog/repository.ts';
import type { WebOfferRow } from '../db/types.ts';
import type { AuthUser } from '../functions.ts';
import type { SubscriptionRow as Subscription } from '../subscriptions/repository.ts';
import type { AccountCache } from './accountCache.ts';
import { paymentMethodView, planSubscriptions } from './planSubscriptions.ts';
import { type AccountSnapshot, type CatalogRows, readAccountSnapshot, readPaymentHistoryRows } from './repository.ts';
import type { Db } from './users.ts';

/** What the account reads need: the database, what was read of each account at its version, the catalog's rows. */
export interface AccountReads {
  db: Db;
  accountCache: AccountCache;
  catalogRows: () => Promise<CatalogRows>;
}

type Details = CallOutput<'GetCustomerDetails'>;
type PaymentRecord = CallOutput<'GetPaymentHistory'>['paymentHistory'][number];

const webOffer = (row: WebOfferRow | undefined) => (row ? toWebOffer(row) : null);

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const time = (d: Date | null | undefined) => (d ? new Date(d).getTime() : null);

/** When the access a subscription gives ends: null = no end known (lifetime, or renewing). */
function accessEnd(s: Subscription): number | null {
  if (s.is_lifetime) return null;
  const ends = [s.term_expires_at, s.comp_expires_at, s.gift_expires_at].map(time).filter((t): t is number => t !== null);
  if (ends.length > 0) return Math.max(...ends);
  if (s.status === 'Canceled') return time(s.next_billing_date) ?? 0;
  return null;
}

export function givesAccess(s: Subscription, now: Date): boolean {
  if (s.status !== 'Active' && s.status !== 'PastDue' && s.status !== 'Canceled') return false;
  const end = accessEnd(s);
  return end === null || end > now.getTime();
}

/** A free trial is once per parent and product: has the parent had one of `product` (an app or a classes plan)? */
export const hasUsedTrialOf = (subscriptions: readonly Subscription[], product: 'app' | 'classes'): boolean =>
  subscriptions.some((s) => s.product === product && s.trial_duration_days > 0);

/** Lifetime first, then the latest end (no end = renewing, before any dated end), then the newest. */
function byStrength(a: Subscription, b: Subscription): number {
  if (a.is_lifetime !== b.is_lifetime) return a.is_lifetime ? -1 : 1;
  const ea = accessEnd(a) ?? Infinity;
  const eb = accessEnd(b) ?? Infinity;
  if (ea !== eb) return eb - ea;
  return new Date(b.created_at).getTime() - new Date(a.created_at).getTime();
}

const latest = (values: (Date | null)[]) =>
  values
    .map(time)
    .filter((t): t is number => t !== null)
    .reduce<number | null>((max, t) => (max === null || t > max ? t : max), null);

/** An answer made at one time, with what it was made from: it holds for the same catalog between the dates it depends on. */
interface TimedDetails {
  answer: Readonly<Details>;
  catalog: CatalogRows;
  /** The times (ms) between which every date of the account's subscriptions compares to `now` as it did. */
  holds: DateInterval;
}

/**
 * GetCustomerDetails, frozen and kept with the account's version: requests between two changes
 * share one answer (and functions.ts serialises and compresses a frozen answer once). The answer
 * depends on the time only through the subscriptions' dates (an access end, a trial's first
 * billing date), so it is made again once the next of them has passed, or when the catalog changed.
 */
export async function customerDetails(r: AccountReads, user: AuthUser, now: Date): Promise<Readonly<Details>> {
  const catalog = await r.catalogRows();
  const make = async (): Promise<TimedDetails> => {
    const snapshot = await r.accountCache.read(user.id, user.accountVersion, 'snapshot', () => readAccountSnapshot(r.db, user.id));
    if (!snapshot) throw new Error(`No parent ${user.id} behind a valid session.`);
    return {
      answer: Object.freeze(detailsOf(snapshot, catalog, now)),
      catalog,
      holds: intervalAround(snapshot.subscriptions, now.getTime()),
    };
  };
  const holds = (kept: TimedDetails) => kept.catalog === catalog && kept.holds.from <= now.getTime() && now.getTime() < kept.holds.until;
  return (await r.accountCache.readWhile(user.id, user.accountVersion, 'details', make, holds)).answer;
}

interface DateInterval {
  from: number;
  until: number;
}

/**
 * From the latest date in the rows at or before `at` to the earliest one after it (ms): for any
 * time in it, every date compares to that time (`date > now`) as it does to `at`.
 */
function intervalAround(rows: readonly object[], at: number): DateInterval {
  const interval = { from: -Infinity, until: Infinity };
  for (const row of rows)
    for (const value of Object.values(row)) {
      if (!(value instanceof Date)) continue;
      const t = value.getTime();
      if (t > at) interval.until = Math.min(interval.until, t);
      else interval.from = Math.max(interval.from, t);
    }
  return interval;
}

/** GetCustomerDetails' answer from what the account holds (the cached rows are read, never changed). */
export function detailsOf(snapshot: AccountSnapshot, catalog: CatalogRows, now: Date): Details {
  const { user, customer, subscriptions } = snapshot;
  const offers = catalog.webOffers;

  const granting = subscriptions.filter((s) => givesAccess(s, now)).sort(byStrength);
  const app = granting.find((s) => s.product === 'app') ?? null;
  const classes = granting.find((s) => s.product === 'classes') ?? null;
  const main = app ?? classes;
  const pending = subscriptions.find((s) => s.status === 'Pending' && s.web_offer_id) ?? null;

  // One panel per plan on the account page: the strongest app plan, then the strongest classes
  // plan, then each add-on (planSubscriptions.ts).
  const perProduct = [app, classes].filter((s): s is Subscription => s !== null);
  const plan = webOffer(app?.web_offer_id ? offers.get(app.web_offer_id) : undefined);
  const classesRow = classes?.web_offer_id ? offers.get(classes.web_offer_id) : undefined;
  const classesOffer = classesRow ? { ...toWebOffer(classesRow), classType: classesRow.class_type ?? 'onDemand' } : null;
  const mainOffer = plan ?? classesOffer;

  // The card on file: the customer's default method, else its newest.
  const paymentMethod = customer
    ? snapshot.paymentMethods
        .filter((m) => m.customer_id === customer.id)
        .sort(
          (a, b) => Number(b.is_default) - Number(a.is_default) || new Date(b.created_at).getTime() - new Date(a.created_at).getTime(),
        )[0]
    : undefined;

  const compEnd = latest(granting.map((s) => s.comp_expires_at));
  const giftEnd = latest(granting.map((s) => s.gift_expires_at));

  return {
    id: user.id,
    plan,
    classesPlan: classesOffer,
    planName: mainOffer ? (mainOffer.offerTitle ?? mainOffer.plan.name) : null,
    planDescription: mainOffer ? (mainOffer.offerSubtitle ?? mainOffer.descriptionKey) : null,
    firstName: customer?.first_name ?? null,
    lastName: customer?.last_name ?? null,
    paymentInfo: paymentMethod
      ? {
          ...paymentMethodView(paymentMethod),
          // The plans this method pays: renewing purchases, not cancelled, billed to it.
          subscriptions: granting
            .filter(
              (s) =>
                s.source === 'purchase' &&
                !s.is_lifetime &&
                s.status !== 'Canceled' &&
                (s.payment_method_id === null || s.payment_method_id === paymentMethod.id),
            )
            .map((s) => ({ id: s.id, nextBillingDate: iso(s.next_billing_date) })),
        }
      : null,
    customerData: { email: user.email },
    pendingPlan: webOffer(pending?.web_offer_id ? offers.get(pending.web_offer_id) : undefined),
    isExpired: main === null,
    hasUsedTrial: subscriptions.some((s) => s.trial_duration_days > 0),
    hasUsedTrialByProduct: { app: hasUsedTrialOf(subscriptions, 'app'), classes: hasUsedTrialOf(subscriptions, 'classes') },
    isGifted: main?.is_gifted ?? false,
    isLifetime: main?.is_lifetime ?? false,
    // A trial above 0 days and a first billing date still to come.
    isTrialActive: main !== null && main.trial_duration_days > 0 && (time(main.first_billing_date) ?? 0) > now.getTime(),
    partner: user.partner ?? main?.partner ?? null,
    store: main?.store ?? null,
    termExpiresAt: iso(main?.term_expires_at),
    compExpiresAt: compEnd === null ? null : new Date(compEnd).toISOString(),
    giftExpiresAt: giftEnd === null ? null : new Date(giftEnd).toISOString(),
    activeSubscription: main
      ? {
          id: main.id,
          price: toDollars(main.price_cents),
          status: main.status,
          nextBillingDate: iso(main.next_billing_date),
          firstBillingDate: iso(main.first_billing_date),
          trialDuration: main.trial_duration_days,
        }
      : null,
    planSubscriptions: planSubscriptions(perProduct, granting, { ...catalog, paymentMethods: snapshot.paymentMethods }),
  };
}

/** GetPaymentHistory's answer, frozen and kept with the account's version (shared as GetCustomerDetails' is). */
export function paymentHistory(r: AccountReads, user: AuthUser): Promise<Readonly<{ paymentHistory: PaymentRecord[] }>> {
  return r.accountCache.read(user.id, user.accountVersion, 'payments', async () =>
    Object.freeze({ paymentHistory: await readPaymentHistory(r.db, user.id) }),
  );
}

async function readPaymentHistory(db: Db, userId: string): Promise<PaymentRecord[]> {
  const rows = await readPaymentHistoryRows(db, userId);
  return rows.map((r) => ({
    id: r.id,
    date: new Date(r.created_at).toISOString(),
    amount: toDollars(r.amount_cents),
    status: r.status,
    description: r.description,
    paymentMethod:
      r.payment_type === 'card'
        ? r.last4
          ? `${r.card_type ?? 'Card'} ending in ${r.last4}`
          : (r.card_type ?? 'Card')
        : (r.payment_type ?? null),
  }));
}
