/** Plan pricing and selection against the figures and the rules. */
import { describe, expect, test } from 'vitest';
import {
  annualSavingsCents,
  billingTerms,
  comparisonOffer,
  displayOrder,
  formatUsd,
  initialSelectedOfferId,
  type PricedOffer,
  percentSaving,
  perMonthCents,
  resolvePlanTag,
  savingsCents,
  trialLabelParams,
} from '../../../src/domain/pricing.ts';

const offer = (
  id: string,
  price: number,
  subscriptionDuration: PricedOffer['subscriptionDuration'],
  trialDurationDays = 7,
  trial?: PricedOffer['trial'],
): PricedOffer => ({ id, price, subscriptionDuration, trialDurationDays, ...(trial ? { trial } : {}) });

const monthly = offer('monthly', 19.99, 'monthly');
const quarterly = offer('quarterly', 35, 'quarterly');
const biannual = offer('biannual', 65, '6Month');
const annual = offer('annual', 120, 'annual');
const twoYear = offer('twoYear', 199.99, '24Month');
const lifetime = offer('lifetime', 149.99, 'lifetime', 0);

describe('prices', () => {
  test('price per month is the price over the months of the duration, rounded to cents', () => {
    expect(formatUsd(perMonthCents(quarterly)!)).toBe('$11.67');
    expect(formatUsd(perMonthCents(biannual)!)).toBe('$10.83');
    expect(formatUsd(perMonthCents(annual)!)).toBe('$10.00');
    expect(formatUsd(perMonthCents(monthly)!)).toBe('$19.99');
    expect(formatUsd(perMonthCents(twoYear)!)).toBe('$8.33');
    expect(perMonthCents(lifetime)).toBeNull();
  });

  test('annual $120 against monthly $19.99: 50% saved per month, $119.88 a year', () => {
    expect(percentSaving(annual, monthly)).toBe(50);
    expect(formatUsd(annualSavingsCents(monthly, annual))).toBe('$119.88');
    expect(percentSaving(quarterly, monthly)).toBe(42);
    expect(percentSaving(monthly, annual)).toBeNull(); // no saving the other way round
    expect(percentSaving(lifetime, monthly)).toBeNull();
  });

  test('a card saves against the shortest plan of its list: the monthly one when there is one', () => {
    expect(comparisonOffer([monthly, quarterly, annual], annual)).toBe(monthly);
    expect(comparisonOffer([annual, quarterly, biannual], annual)).toBe(quarterly);
    expect(comparisonOffer([monthly, annual], monthly)).toBeNull();
    expect(comparisonOffer([monthly, lifetime], lifetime)).toBeNull();
    expect(comparisonOffer([annual, lifetime], annual)).toBeNull();
  });

  test('the amount saved over the term: 12 × monthly − annual, or the shorter plan paid for as long', () => {
    expect(savingsCents(annual, monthly)).toBe(annualSavingsCents(monthly, annual));
    expect(formatUsd(savingsCents(annual, monthly)!)).toBe('$119.88');
    // Annual $120 against quarterly $41: four quarters cost $164.
    expect(formatUsd(savingsCents(annual, offer('q41', 41, 'quarterly'))!)).toBe('$44.00');
    // The catalog's app-only plans: annual $79.99 against monthly $9.99 saves $39.89, 33% (the old page's 'SAVE 33%').
    const appMonthly = offer('m', 9.99, 'monthly');
    const appAnnual = offer('a', 79.99, 'annual');
    expect(formatUsd(savingsCents(appAnnual, appMonthly)!)).toBe('$39.89');
    expect(percentSaving(appAnnual, appMonthly)).toBe(33);
    expect(savingsCents(monthly, annual)).toBeNull();
    expect(savingsCents(offer('a100', 100, 'annual'), offer('q2499', 24.99, 'quarterly'))).toBeNull(); // $99.96 a year the other way
    expect(savingsCents(lifetime, monthly)).toBeNull();
  });

  test('dollars are written with cents, or short for whole dollars where asked', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(12000)).toBe('$120.00');
    expect(formatUsd(12000, { wholeDollars: 'short' })).toBe('$120');
    expect(formatUsd(1499, { wholeDollars: 'short' })).toBe('$14.99');
    expect(formatUsd(1234567)).toBe('$12,345.67');
  });
});

describe('card wording', () => {
  test('billing terms per duration; lifetime is a one-time payment', () => {
    expect(billingTerms('monthly')).toEqual({ kind: 'monthly' });
    expect(billingTerms('annual')).toEqual({ kind: 'annually' });
    expect(billingTerms('quarterly')).toEqual({ kind: 'everyNMonths', months: 3 });
    expect(billingTerms('6Month')).toEqual({ kind: 'everyNMonths', months: 6 });
    expect(billingTerms('24Month')).toEqual({ kind: 'everyNMonths', months: 24 });
    expect(billingTerms('lifetime')).toEqual({ kind: 'oneTimePayment' });
  });

  test("the trial label's figures come from the offer's trial, else its trial days", () => {
    expect(trialLabelParams(offer('a', 1, 'monthly', 30, { quantity: 1, interval: 'month' }))).toEqual({ n: 1, interval: 'month' });
    expect(trialLabelParams(offer('b', 1, 'monthly', 7))).toEqual({ n: 7, interval: 'day' });
    expect(trialLabelParams(lifetime)).toBeNull();
  });
});

describe('selection rules', () => {
  const offers = [monthly, annual, quarterly, lifetime];

  test('selected_plan parameter, then the cookie, each only when it names a plan of the list', () => {
    expect(initialSelectedOfferId(offers, { selectedPlanParam: 'quarterly', selectedPlanCookie: 'monthly' })).toBe('quarterly');
    expect(initialSelectedOfferId(offers, { selectedPlanParam: 'gone', selectedPlanCookie: 'monthly' })).toBe('monthly');
    expect(initialSelectedOfferId(offers, { selectedPlanParam: null, selectedPlanCookie: 'lifetime' })).toBe('lifetime');
  });

  test('otherwise the annual plan (the default); without one, the cheapest per month, never lifetime', () => {
    expect(initialSelectedOfferId(offers, {})).toBe('annual');
    expect(initialSelectedOfferId([monthly, quarterly], { selectedPlanCookie: 'annual' })).toBe('quarterly');
    expect(initialSelectedOfferId([lifetime, offer('yearly', 79.99, 'annual')], {})).toBe('yearly');
    expect(initialSelectedOfferId([offer('twoYear', 199.99, '24Month'), offer('appOnly1Year', 79.99, 'annual')], {})).toBe('appOnly1Year');
    // The catalog's low-term list has no annual plan: 6-month $39.99 ($6.67) beats quarterly $24.99 ($8.33).
    expect(initialSelectedOfferId([offer('quarterly', 24.99, 'quarterly'), offer('biannual', 39.99, '6Month')], {})).toBe('biannual');
    expect(initialSelectedOfferId([lifetime], {})).toBe('lifetime');
    expect(initialSelectedOfferId([], {})).toBeNull();
  });

  test('the thirdPlan list: premium annual $120 ($10.00/month) starts selected though monthly $9.99 is a cent cheaper per month', () => {
    const thirdPlan = [offer('monthly', 9.99, 'monthly'), offer('premium_annual', 120, 'annual')];
    expect(perMonthCents(thirdPlan[0]!)).toBeLessThan(perMonthCents(thirdPlan[1]!)!);
    expect(initialSelectedOfferId(thirdPlan, {})).toBe('premium_annual');
    expect(initialSelectedOfferId([...thirdPlan].reverse(), {})).toBe('premium_annual');
    // The parameter and the cookie still come first.
    expect(initialSelectedOfferId(thirdPlan, { selectedPlanParam: 'monthly' })).toBe('monthly');
    expect(initialSelectedOfferId(thirdPlan, { selectedPlanCookie: 'monthly' })).toBe('monthly');
  });

  test(
    'a list with several annual plans starts with the cheapest of them per month (the premium list: ' +
      'App Only $59.99 before App + On-Demand $99.99)',
    () => {
      expect(initialSelectedOfferId([offer('premium', 99.99, 'annual'), offer('basic', 59.99, 'annual')], {})).toBe('basic');
      // Premium $100 against App Only quarterly $24.99 are both $8.33 a month: the annual plan.
      expect(
        initialSelectedOfferId([offer('standard_quarterly', 24.99, 'quarterly'), offer('premium_vs_standard', 100, 'annual')], {}),
      ).toBe('premium_vs_standard');
    },
  );

  test('plan tag: a flag variant wins and marks itself; then activePlanTag, the cookie, default (asked for as no tag)', () => {
    expect(resolvePlanTag({ flagTag: '30daytrial', activePlanTagParam: 'other' })).toEqual({
      tag: '30daytrial',
      requestTag: '30daytrial',
      setMarkerCookie: true,
      clearMarkerCookie: false,
    });
    expect(resolvePlanTag({ activePlanTagParam: 'lifetime', planTagCookie: '30daytrial' })).toMatchObject({
      tag: 'lifetime',
      requestTag: 'lifetime',
    });
    expect(resolvePlanTag({ planTagCookie: '30daytrial' })).toMatchObject({ tag: '30daytrial' });
    expect(resolvePlanTag({})).toEqual({ tag: 'default', requestTag: undefined, setMarkerCookie: false, clearMarkerCookie: false });
    // The flag is off again but its marker is still there: back to default, marker removed.
    expect(resolvePlanTag({ flagMarkerCookie: true, planTagCookie: '30daytrial' })).toEqual({
      tag: 'default',
      requestTag: undefined,
      setMarkerCookie: false,
      clearMarkerCookie: true,
    });
    // ...but a tag in the address still counts.
    expect(resolvePlanTag({ flagMarkerCookie: true, planTagCookie: 'thirdPlan', activePlanTagParam: '30daytrial' })).toEqual({
      tag: '30daytrial',
      requestTag: '30daytrial',
      setMarkerCookie: false,
      clearMarkerCookie: true,
    });
  });

  test('display order: monthly then annual on desktop, annual then monthly on a phone, or the experiment’s order', () => {
    const ids = (list: PricedOffer[]) => list.map((o) => o.id);
    expect(ids(displayOrder([annual, quarterly, monthly], { device: 'desktop' }))).toEqual(['monthly', 'annual', 'quarterly']);
    expect(ids(displayOrder([monthly, quarterly, annual], { device: 'mobile' }))).toEqual(['annual', 'monthly', 'quarterly']);
    expect(ids(displayOrder([monthly, annual, lifetime], { device: 'desktop', experimentOrder: ['lifetime', 'annual'] }))).toEqual([
      'lifetime',
      'annual',
      'monthly',
    ]);
  });
});
