import { describe, expect, it } from 'vitest';
import { checkCase, text } from './helpers.ts';

describe('the plan catalog file (catalog:)', () => {
  it('is checked with the other config files, and stays out of what the browser gets', () => {
    const withCatalog = checkCase('catalog-valid');
    const without = checkCase('_base');
    expect(withCatalog.result.diagnostics).toEqual([]);
    expect(withCatalog.result.compiled).toEqual(without.result.compiled);
  });

  it('reports wrong amounts, unknown partners, duplicate ids and values with file:line:col', () => {
    expect(checkCase('catalog-mistakes').report).toBe(text`
      funnels/catalog.yaml:11:14: error: Expected an amount in dollars with at most two decimals, like 9.99.
        10 |       subscriptionDuration: monthly
      > 11 |       price: 9.999
           |              ^^^^^
        12 |       trialDurationDays: 7

      funnels/catalog.yaml:15:16: error: Unknown partner 'gympas'. Declare it under 'partners:' (known: gympass). Did you mean 'gympass'?
        14 |       descriptionKey: Monthly
      > 15 |       partner: gympas
           |                ^^^^^^
        16 |     - id: monthly

      funnels/catalog.yaml:16:7: error: A gift offer needs 'giftMonths:' (how many months it gives, -1 for lifetime).
        15 |       partner: gympas
      > 16 |     - id: monthly
           |       ^^^^^^^^^^^
        17 |       planId: app_monthly_999

      funnels/catalog.yaml:16:11: error: There is already an offer 'monthly' (item 1 of 'offers:'). \\
        Offer ids must differ: codes and subscriptions refer to them.
        15 |       partner: gympas
      > 16 |     - id: monthly
           |           ^^^^^^^
        17 |       planId: app_monthly_999

      funnels/catalog.yaml:20:29: error: Unknown value 'montly'. Expected one of: monthly, quarterly, 6Month, annual, 24Month, lifetime. \\
        Did you mean 'monthly'?
        19 |       planDataKey: monthly
      > 20 |       subscriptionDuration: montly
           |                             ^^^^^^
        21 |       price: 9.99

      5 errors in 7 files.
    `);
  });
});
