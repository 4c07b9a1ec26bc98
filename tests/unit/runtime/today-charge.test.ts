/** What a checkout charges today, computed from the offer bought. */
import { describe, expect, test } from 'vitest';
import { offerSummaryParams } from '../../../src/blocks/paymentForm/offers.ts';
import { offerChargedToday, offerForParent, todayChargeCents, upgradeChargeCents } from '../../../src/domain/todayCharge.ts';
import { createCopy } from '../../../src/runtime/copy.ts';

const spanish = createCopy('es', { plans: { 'plan.annual.title': 'Plan anual' } }, async () => ({})).t.get();
const noCopy = createCopy('en', {}, async () => ({})).t.get();

describe("today's charge", () => {
  test("a free trial charges nothing today: 'Today's charge $0.00 during the trial'", () => {
    expect(todayChargeCents({ price: 79.99, trialDurationDays: 7 })).toBe(0);
    expect(todayChargeCents({ price: 49.99, trialDurationDays: 30 })).toBe(0); // live classes
    expect(todayChargeCents({ price: 19.99, trialDurationDays: 7 })).toBe(0); // on-demand monthly
  });

  test('without a trial the full price is charged today', () => {
    expect(todayChargeCents({ price: 149.99, trialDurationDays: 0 })).toBe(14999); // lifetime
    expect(todayChargeCents({ price: 120 })).toBe(12000);
    expect(todayChargeCents({ price: 0.1 + 0.2 })).toBe(30);
  });

  test('class add-ons charge their first amount today: $10 for 4 classes, $1 for 1 class', () => {
    expect(todayChargeCents({ price: 54.99, todayPrice: 10, trialDurationDays: 0 })).toBe(1000);
    expect(todayChargeCents({ price: 14.99, todayPrice: 1 })).toBe(100);
  });

  test('an offer without a usable price charges nothing rather than a made-up amount', () => {
    expect(todayChargeCents({})).toBe(0);
    expect(todayChargeCents({ price: 'x', todayPrice: -1 })).toBe(0);
  });

  test("the summary lines' params carry it as {todayPrice}, beside {price}, {trialDays} and an add-on's {promoDays}", () => {
    expect(
      offerSummaryParams({ id: 'annual', offerTitle: 'Annual Plan', price: 79.99, trialDurationDays: 7 }, noCopy, { todayCents: 0 }),
    ).toEqual({
      title: 'Annual Plan',
      price: '79.99',
      trialDays: '7',
      promoDays: '0',
      todayPrice: '0.00',
    });
    expect(
      offerSummaryParams({ id: 'lifetime', offerTitle: 'Lifetime', price: 149.99, trialDurationDays: 0 }, noCopy, { todayCents: 14999 }),
    ).toMatchObject({
      price: '149.99',
      todayPrice: '149.99',
    });
    expect(
      offerSummaryParams({ id: 'addon_four_classes', name: '4 classes a month', price: 54.99, todayPrice: 10, promoDays: 30 }, noCopy, {
        todayCents: 1000,
      }),
    ).toEqual({ title: '4 classes a month', price: '54.99', trialDays: '0', promoDays: '30', todayPrice: '10.00' });
  });

  test("{title} is the plan's name in the parent's language (its planDataKey's copy), else the offer's title", () => {
    const annual = { id: 'annual', planDataKey: 'annual', offerTitle: 'Annual Plan', price: 79.99, trialDurationDays: 7 };
    expect(offerSummaryParams(annual, spanish, { todayCents: 0 }).title).toBe('Plan anual');
    expect(offerSummaryParams({ ...annual, planDataKey: 'partnerOnly' }, spanish, { todayCents: 0 }).title).toBe('Annual Plan');
    // In the catalog's own language, a title a marketer gave the offer wins over its plan's name.
    const named = { ...annual, offerTitle: 'Annual Plan at $2001' };
    expect(offerSummaryParams(named, spanish, { catalogTitleFirst: true, todayCents: 0 }).title).toBe('Annual Plan at $2001');
    expect(offerSummaryParams(named, spanish, { todayCents: 0 }).title).toBe('Plan anual');
  });

  test('a parent who had a trial of the product is sold the offer without it: the full price today', () => {
    const annual = { id: 'annual', price: 79.99, trialDurationDays: 7, trial: { quantity: 1, interval: 'week', label: 'week' } };
    const live = { id: 'live', price: 49.99, trialDurationDays: 30, classType: 'live' };
    const usedApp = offerForParent(annual, { app: true, classes: false });
    expect(usedApp).toMatchObject({ trialDurationDays: 0, trial: { quantity: 0 } });
    expect(todayChargeCents(usedApp)).toBe(7999);
    // A trial is per product: the app's does not spend the classes' one, and a visitor (null) keeps the trial.
    expect(offerForParent(live, { app: true, classes: false })).toBe(live);
    expect(todayChargeCents(offerForParent(live, { app: false, classes: true }))).toBe(4999);
    expect(offerForParent(annual, null)).toBe(annual);
  });

  test("the server's true amount, when it refused the one shown: a charge today means no free trial", () => {
    const annual = { id: 'annual', price: 79.99, trialDurationDays: 7 };
    expect(offerChargedToday(annual, 7999)).toMatchObject({ trialDurationDays: 0 });
    expect(offerChargedToday(annual, 0)).toBe(annual);
  });

  test('an upgrade charges a lifetime plan today, a renewing one when the current plan’s paid time ends', () => {
    expect(upgradeChargeCents({ price: 149.99, subscriptionDuration: 'lifetime' })).toBe(14999);
    expect(upgradeChargeCents({ price: 79.99, subscriptionDuration: 'annual' })).toBe(0);
  });
});
