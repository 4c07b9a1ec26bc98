/** What the account page's plan panels say, from GetCustomerDetails. */
import { describe, expect, test } from 'vitest';
import { formatDate, mayResubscribe, planViews, upgradeChoices } from '../../../src/blocks/accountSections/planView.ts';
import type { CustomerDetails, PlanSubscription, WebOffer } from '../../../src/contract/entities.ts';

const offer = (id: string, duration: WebOffer['subscriptionDuration'], extra: Partial<WebOffer> = {}): WebOffer =>
  ({
    id,
    objectId: id,
    planId: `plan_${id}`,
    subscriptionDuration: duration,
    offerTitle: `${id} title`,
    offerSubtitle: null,
    descriptionKey: id,
    price: 10,
    hasClasses: false,
    plan: { planId: `plan_${id}`, name: `${id} plan` },
    ...extra,
  }) as WebOffer;

const sub = (extra: Partial<PlanSubscription>): PlanSubscription => ({
  id: 's1',
  product: 'app',
  offer: offer('monthly', 'monthly'),
  status: 'Active',
  price: 9.99,
  nextBillingDate: '2026-12-01T00:00:00.000Z',
  firstBillingDate: '2026-01-01T00:00:00.000Z',
  trialDuration: 0,
  store: 'WebStore',
  termExpiresAt: null,
  compExpiresAt: null,
  giftExpiresAt: null,
  isLifetime: false,
  isGifted: false,
  renews: true,
  ...extra,
});

const details = (subs: PlanSubscription[], extra: Partial<CustomerDetails> = {}) =>
  ({ planSubscriptions: subs, isExpired: subs.length === 0, isGifted: false, isLifetime: false, ...extra }) as CustomerDetails;

describe('plan panels', () => {
  test('one panel per app plan and per classes plan, app first', () => {
    const views = planViews(details([sub({ id: 'c', product: 'classes', offer: offer('ondemand_monthly', 'monthly') }), sub({ id: 'a' })]));
    expect(views.map((v) => [v.subscriptionId, v.classes])).toEqual([
      ['a', false],
      ['c', true],
    ]);
  });

  test('a renewing web-store plan: renews on its next billing date, cancellable in-page', () => {
    const [v] = planViews(details([sub({})]));
    expect(v).toMatchObject({
      name: 'monthly title',
      duration: 'monthly',
      dateKind: 'renews',
      date: '2026-12-01T00:00:00.000Z',
      cancellable: true,
      otherStore: false,
    });
  });

  test('a cancelled plan shows its term expiry; a comp its comp expiry; a gift its gift expiry', () => {
    const cancelled = planViews(
      details([sub({ status: 'Canceled', renews: false, nextBillingDate: null, termExpiresAt: '2026-02-01T00:00:00.000Z' })]),
    )[0]!;
    expect(cancelled).toMatchObject({ dateKind: 'expires', date: '2026-02-01T00:00:00.000Z', cancellable: false });
    const comp = planViews(details([sub({ renews: false, nextBillingDate: null, compExpiresAt: '2027-03-01T00:00:00.000Z' })]))[0]!;
    expect(comp).toMatchObject({ dateKind: 'expires', date: '2027-03-01T00:00:00.000Z', cancellable: false });
    const gift = planViews(
      details([sub({ renews: false, nextBillingDate: null, isGifted: true, giftExpiresAt: '2027-04-01T00:00:00.000Z' })]),
    )[0]!;
    expect(gift).toMatchObject({ dateKind: 'expires', date: '2027-04-01T00:00:00.000Z' });
  });

  test('lifetime: no renewal date, nothing to cancel', () => {
    const [v] = planViews(details([sub({ isLifetime: true, renews: false, nextBillingDate: null, offer: offer('lifetime', 'lifetime') })]));
    expect(v).toMatchObject({ dateKind: 'none', duration: 'lifetime', cancellable: false });
  });

  test('another store: no in-page cancel, its instructions instead', () => {
    const [v] = planViews(details([sub({ store: 'AppleAppStore' })]));
    expect(v).toMatchObject({ cancellable: false, otherStore: true, store: 'AppleAppStore' });
  });

  test('a trial whose first billing is still to come is marked', () => {
    const [v] = planViews(
      details([sub({ trialDuration: 7, firstBillingDate: '2026-06-08T00:00:00.000Z' })]),
      Date.parse('2026-06-02T00:00:00Z'),
    );
    expect(v!.trial).toBe(true);
  });

  test('upgrades: only offers the config names that last longer, for a renewing web-store app plan', () => {
    const offers = [offer('monthly', 'monthly'), offer('annual', 'annual'), offer('lifetime', 'lifetime')];
    const [monthly] = planViews(details([sub({})]));
    expect(upgradeChoices(monthly!, offers, ['monthly', 'annual', 'lifetime']).map((o) => o.id)).toEqual(['annual', 'lifetime']);
    const [annual] = planViews(details([sub({ offer: offer('annual', 'annual') })]));
    expect(upgradeChoices(annual!, offers, ['annual', 'lifetime']).map((o) => o.id)).toEqual(['lifetime']);
    const [cancelled] = planViews(details([sub({ status: 'Canceled', renews: false })]));
    expect(upgradeChoices(cancelled!, offers, ['annual'])).toEqual([]);
  });

  test('resubscribe: expired, or gifted and not lifetime', () => {
    expect(mayResubscribe(details([]))).toBe(true);
    expect(mayResubscribe(details([sub({})], { isGifted: true }))).toBe(true);
    expect(mayResubscribe(details([sub({})], { isGifted: true, isLifetime: true }))).toBe(false);
    expect(mayResubscribe(details([sub({})]))).toBe(false);
  });

  test(
    'a class add-on is a classes plan of its own: its name, monthly, ' +
      'no offer description (the copy says it), cancellable, never upgraded',
    () => {
      const addOn = {
        id: 'addon_four_classes',
        planId: 'minerva_addon_4_classes',
        name: '4 classes a month',
        classesPerMonth: 4,
        price: 54.99,
        todayPrice: 10,
        promoDays: 30,
        status: 'active' as const,
      };
      const views = planViews(
        details([
          sub({ id: 'x', product: 'classes', offer: null, classAddOn: addOn, price: 54.99 }),
          sub({ id: 'a', offer: offer('annual', 'annual') }),
        ]),
      );
      expect(views.map((v) => v.subscriptionId)).toEqual(['a', 'x']);
      expect(views[1]).toMatchObject({
        classes: true,
        name: '4 classes a month',
        description: null,
        addOn: { id: 'addon_four_classes' },
        duration: 'monthly',
        price: 54.99,
        dateKind: 'renews',
        cancellable: true,
      });
      expect(views[0]).toMatchObject({ addOn: null, duration: 'annual' });
      expect(upgradeChoices(views[1]!, [offer('annual', 'annual')], ['annual'])).toEqual([]);
    },
  );

  test('each plan names the payment method that pays it; without one, the card on file', () => {
    const visa = { paymentType: 'card' as const, cardType: 'Visa', last4: '1881', expirationDate: '12/2029', subscriptions: [] };
    const mastercard = { paymentType: 'card' as const, cardType: 'MasterCard', last4: '4444', expirationDate: '12/2029' };
    const [app, classes] = planViews(
      details([sub({ id: 'a' }), sub({ id: 'c', product: 'classes', paymentMethod: mastercard })], { paymentInfo: visa }),
    );
    expect(app!.paymentMethod).toEqual({ paymentType: 'card', cardType: 'Visa', last4: '1881', expirationDate: '12/2029' });
    expect(classes!.paymentMethod).toEqual(mastercard);
    expect(planViews(details([sub({})], { paymentInfo: null }))[0]!.paymentMethod).toBeNull();
  });

  test("dates read as the billing day in UTC, in the parent's language", () => {
    expect(formatDate('2026-12-01T00:00:00.000Z', 'en-US')).toBe('December 1, 2026');
    expect(formatDate('2026-12-01T00:00:00.000Z', 'es-US')).toBe('1 de diciembre de 2026');
  });
});
