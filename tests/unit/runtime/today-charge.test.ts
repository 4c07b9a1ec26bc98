/** What a checkout charges today (spec §9), computed from the offer bought. */
import { describe, expect, test } from 'vitest';
import { offerSummaryParams } from '../../../src/blocks/paymentForm/offers.ts';
import { todayChargeCents, todayChargeText } from '../../../src/domain/todayCharge.ts';
import { createCopy } from '../../../src/runtime/copy.ts';

const spanish = createCopy('es', { plans: { 'plan.annual.title': 'Plan anual' } }, async () => ({})).t.get();
const noCopy = createCopy('en', {}, async () => ({})).t.get();

describe("today's charge (spec §9)", () => {
  test("a free trial charges nothing today: 'Today's charge $0.00 during the trial'", () => {
    expect(todayChargeText({ price: 79.99, trialDurationDays: 7 })).toBe('0.00');
    expect(todayChargeText({ price: 49.99, trialDurationDays: 30 })).toBe('0.00'); // live classes
    expect(todayChargeText({ price: 19.99, trialDurationDays: 7 })).toBe('0.00'); // on-demand monthly
  });

  test('without a trial the full price is charged today', () => {
    expect(todayChargeText({ price: 149.99, trialDurationDays: 0 })).toBe('149.99'); // lifetime
    expect(todayChargeText({ price: 120 })).toBe('120.00');
    expect(todayChargeCents({ price: 0.1 + 0.2 })).toBe(30);
  });

  test('class add-ons charge their first amount today: $10 for 4 classes, $1 for 1 class', () => {
    expect(todayChargeText({ price: 54.99, todayPrice: 10, trialDurationDays: 0 })).toBe('10.00');
    expect(todayChargeText({ price: 14.99, todayPrice: 1 })).toBe('1.00');
  });

  test('an offer without a usable price charges nothing rather than a made-up amount', () => {
    expect(todayChargeText({})).toBe('0.00');
    expect(todayChargeText({ price: 'x', todayPrice: -1 })).toBe('0.00');
  });

  test("the summary lines' params carry it as {todayPrice}, beside {price}, {trialDays} and an add-on's {promoDays}", () => {
    expect(offerSummaryParams({ id: 'annual', offerTitle: 'Annual Plan', price: 79.99, trialDurationDays: 7 }, noCopy)).toEqual({
      title: 'Annual Plan',
      price: '79.99',
      trialDays: '7',
      promoDays: '0',
      todayPrice: '0.00',
    });
    expect(offerSummaryParams({ id: 'lifetime', offerTitle: 'Lifetime', price: 149.99, trialDurationDays: 0 }, noCopy)).toMatchObject({
      price: '149.99',
      todayPrice: '149.99',
    });
    expect(
      offerSummaryParams({ id: 'addon_four_classes', name: '4 classes a month', price: 54.99, todayPrice: 10, promoDays: 30 }, noCopy),
    ).toEqual({ title: '4 classes a month', price: '54.99', trialDays: '0', promoDays: '30', todayPrice: '10.00' });
  });

  test("{title} is the plan's name in the parent's language (its planDataKey's copy), else the offer's title", () => {
    const annual = { id: 'annual', planDataKey: 'annual', offerTitle: 'Annual Plan', price: 79.99, trialDurationDays: 7 };
    expect(offerSummaryParams(annual, spanish).title).toBe('Plan anual');
    expect(offerSummaryParams({ ...annual, planDataKey: 'partnerOnly' }, spanish).title).toBe('Annual Plan');
    // In the catalog's own language, a title a marketer gave the offer wins over its plan's name.
    const named = { ...annual, offerTitle: 'Annual Plan at $2001' };
    expect(offerSummaryParams(named, spanish, { catalogTitleFirst: true }).title).toBe('Annual Plan at $2001');
    expect(offerSummaryParams(named, spanish).title).toBe('Plan anual');
  });
});
