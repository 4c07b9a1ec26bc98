/**
 * Plan selection outside the browser: what each card says (with the figures,
 * in the words of copy/en/plans.yaml), the cookies and client state, the cookie
 * domain, and the plans blocks' config errors.
 */

import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { planComparisonBlock } from '../../../src/blocks/planComparison/schema.ts';
import { type CardOffer, planCards } from '../../../src/blocks/plans/cards.ts';
import { plansBlock } from '../../../src/blocks/plans/schema.ts';
import { blocks } from '../../../src/blocks/registry.ts';
import { cookieDomainFor, documentCookies, memoryCookies } from '../../../src/browser/storage.ts';
import { PLAN_TAG_COOKIE, PLAN_TAG_FLAG_COOKIE, SELECTED_PLAN_COOKIE } from '../../../src/browser/storageKeys.ts';
import { checkAndCompile } from '../../../src/compiler/compile.ts';
import { createCopy } from '../../../src/runtime/copy.ts';
import {
  chosenPlanState,
  currentPlanTag,
  initialSelection,
  keepPlanTag,
  PLAN_SELECTED_EVENT,
  rememberChoice,
} from '../../../src/runtime/plans.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const { compiled, diagnostics } = checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks });
if (!compiled) throw new Error(`The funnel config has errors:\n${diagnostics.map((d) => `${d.file}: ${d.message}`).join('\n')}`);
const t = createCopy('en', compiled.copy.en!, async () => ({})).t.get();

const offer = (
  id: string,
  planDataKey: string,
  subscriptionDuration: CardOffer['subscriptionDuration'],
  price: number,
  extra: Partial<CardOffer> = {},
): CardOffer => ({
  id,
  planId: `plan_${id}`,
  planDataKey,
  subscriptionDuration,
  price,
  trialDurationDays: 7,
  trial: { quantity: 7, interval: 'day', label: 'week' },
  offerTitle: null,
  hasClasses: false,
  maxChildProfiles: 3,
  plan: { planId: `plan_${id}`, name: id },
  ...extra,
});
const byId = (cards: ReturnType<typeof planCards>) => Object.fromEntries(cards.map((c) => [c.offer.id, c]));

describe('plan cards with the catalog figures', () => {
  // The on-demand prices: monthly $19.99, quarterly $35, biannual $65, annual $120 (with classes).
  const classes = { hasClasses: true };
  const spec = [
    offer('m', 'premiumMonthly', 'monthly', 19.99, { ...classes, offerTitle: 'On-Demand Monthly' }),
    offer('q', 'premiumQuarterly', 'quarterly', 35, classes),
    offer('b', 'premiumBiannual', '6Month', 65, classes),
    offer('a', 'premiumAnnual', 'annual', 120, classes),
  ];

  test(
    'price per month with its billing: $19.99/month, ' + '$11.67/month billed every 3 months, $10.83 every 6, $10.00/month billed annually',
    () => {
      const cards = byId(planCards(spec, t));
      expect([cards.m!.price, cards.m!.billing, cards.m!.legal]).toEqual(['$19.99/month', '', 'Auto-renews every month until canceled.']);
      expect([cards.q!.price, cards.q!.billing]).toEqual(['$11.67/month', 'billed every 3 months']);
      expect([cards.b!.price, cards.b!.billing]).toEqual(['$10.83/month', 'billed every 6 months']);
      expect([cards.a!.price, cards.a!.billing, cards.a!.legal]).toEqual(['$10.00/month', 'billed annually', '']);
    },
  );

  test('annual $120 against monthly $19.99: the savings badge says 50% or $119.88; other cards have none', () => {
    expect(byId(planCards(spec, t, { saveBadge: 'plans:savePercent' })).a!.saving).toBe('Save 50%');
    expect(byId(planCards(spec, t, { saveBadge: 'plans:saveAmount' })).a!.saving).toBe('Save $119.88');
    const caps = planCards(spec, t, { saveBadge: 'plans:savePercentCaps' });
    expect(caps.map((c) => c.saving)).toEqual(['', '', '', 'SAVE 50%']);
    // Without a badge in the config, no card has one.
    expect(planCards(spec, t).every((c) => c.saving === '')).toBe(true);
  });

  test("the old page's 'SAVE 33%': the catalog's annual $79.99 against monthly $9.99 ($39.89 a year)", () => {
    const list = [offer('monthly', 'monthly', 'monthly', 9.99), offer('annual', 'annual', 'annual', 79.99)];
    expect(byId(planCards(list, t, { saveBadge: 'plans:savePercentCaps' })).annual!.saving).toBe('SAVE 33%');
    expect(byId(planCards(list, t, { saveBadge: 'plans:saveAmount' })).annual!.saving).toBe('Save $39.89');
  });

  test("trial label '{n}-{interval} Free trial' from the offer; none without a trial", () => {
    const thirty = offer('a30', 'annual', 'annual', 79.99, {
      trialDurationDays: 30,
      trial: { quantity: 30, interval: 'day', label: 'month' },
    });
    const [seven, month] = planCards([offer('a7', 'annual', 'annual', 79.99), thirty], t);
    expect(seven!.trial).toBe('7-day Free trial');
    expect(month!.trial).toBe('30-day Free trial');
    expect(
      planCards(
        [offer('l', 'lifetime', 'lifetime', 149.99, { trialDurationDays: 0, trial: { quantity: 0, interval: 'day', label: '' } })],
        t,
      )[0]!.trial,
    ).toBe('');
  });

  test("lifetime: 'One-time payment of $149.99. Never pay again!' under the flag 'Pay once. Play forever.'", () => {
    const [card] = planCards(
      [offer('lifetime', 'lifetime', 'lifetime', 149.99, { trialDurationDays: 0, trial: { quantity: 0, interval: 'day', label: '' } })],
      t,
      { selectedNote: 'plans:chargedAfter' },
    );
    expect(card).toMatchObject({
      title: 'Lifetime',
      flag: 'Pay once. Play forever.',
      price: '$149.99',
      billing: '',
      legal: 'One-time payment of $149.99. Never pay again!',
      note: '',
    });
  });

  test(
    "premium cards: 'Includes 12 prerecorded classes taught by experts.'; " + 'standard cards: their child profiles when more than one',
    () => {
      const cards = byId(
        planCards(
          [
            offer('premium', 'premiumAnnual', 'annual', 120, { hasClasses: true }),
            offer('standard', 'annual', 'annual', 79.99, { maxChildProfiles: 3 }),
            offer('single', 'monthly', 'monthly', 9.99, { maxChildProfiles: 1 }),
          ],
          t,
        ),
      );
      expect(cards.premium!.includes).toEqual(['Includes 12 prerecorded classes taught by experts.']);
      expect(cards.standard!.includes).toEqual(['Up to 3 child profiles']);
      expect(cards.single!.includes).toEqual([]);
    },
  );

  test('names, flags, badges and Plan Includes lists come from the planDataKey ; else the catalog title', () => {
    const cards = byId(
      planCards(
        [
          offer('premium_app_ondemand', 'premium', 'annual', 99.99, { hasClasses: true, maxChildProfiles: 5 }),
          offer('basic_app_only', 'basic', 'annual', 59.99),
          offer('yearly_best_value', 'yearly', 'annual', 79.99),
          offer('premium_biannual_65', 'premiumBiannual', '6Month', 65, { hasClasses: true }),
          offer('premium_vs_standard', 'premiumVsStandard', 'annual', 100, { hasClasses: true }),
          offer('standard_quarterly', 'appOnly', 'quarterly', 24.99),
          offer('two_year', 'twoYear', '24Month', 199.99, { hasClasses: true }),
          offer('one_year', 'appOnly1Year', 'annual', 79.99),
          offer('new_offer', 'notInCopyYet', 'annual', 50, { offerTitle: 'Spring Special' }),
        ],
        t,
      ),
    );
    expect(cards.premium_app_ondemand).toMatchObject({
      title: 'App + On-Demand Classes',
      badge: 'PREMIUM',
      flag: 'Most Popular',
      includes: ['10 pre-recorded classes', 'Up to 5 child profiles', 'Printable worksheets'],
    });
    expect(cards.basic_app_only).toMatchObject({ title: 'App Only', badge: 'BASIC', flag: '' });
    expect(cards.yearly_best_value).toMatchObject({ title: 'Yearly', flag: 'BEST VALUE' });
    expect(cards.premium_biannual_65!.title).toBe('Half-Yearly');
    expect(cards.premium_vs_standard!.title).toBe('App + Classes');
    expect(cards.standard_quarterly!.title).toBe('App Only');
    expect(cards.two_year).toMatchObject({ title: 'App + Classes (2 Year Plan)', price: '$8.33/month', billing: 'billed every 24 months' });
    expect(cards.one_year!.title).toBe('App Only (1 Year Plan)');
    expect(cards.new_offer!.title).toBe('Spring Special');
  });

  test("under the selected plan: '$price charged after N-day free trial. Cancel anytime.'", () => {
    const cards = byId(
      planCards([offer('a', 'annual', 'annual', 120), offer('m', 'monthly', 'monthly', 9.99, { trialDurationDays: 30 })], t, {
        selectedNote: 'plans:chargedAfter',
      }),
    );
    expect(cards.a!.note).toBe('$120 charged after 7-day free trial. Cancel anytime.');
    expect(cards.m!.note).toBe('$9.99 charged after 30-day free trial. Cancel anytime.');
  });
});

describe('plan selection state (cookies and client state)', () => {
  const offers = [
    offer('monthly', 'monthly', 'monthly', 9.99),
    offer('annual', 'annual', 'annual', 79.99),
    offer('quarterly', 'quarterly', 'quarterly', 24.99),
  ];

  test('initial selection: selected_plan, then the cookie, then the annual plan', () => {
    expect(initialSelection(offers, '?selected_plan=monthly', memoryCookies({ [SELECTED_PLAN_COOKIE]: 'quarterly' }))).toBe('monthly');
    expect(initialSelection(offers, '?selected_plan=gone', memoryCookies({ [SELECTED_PLAN_COOKIE]: 'quarterly' }))).toBe('quarterly');
    expect(initialSelection(offers, '', memoryCookies())).toBe('annual');
  });

  test('a tag in the address is used and kept in the cookie for the next pages', () => {
    const cookies = memoryCookies();
    const now = currentPlanTag('?activePlanTag=30daytrial', cookies, undefined);
    expect(now).toMatchObject({ tag: '30daytrial', requestTag: '30daytrial' });
    keepPlanTag(cookies, now);
    expect(cookies.dump()).toEqual({ [PLAN_TAG_COOKIE]: '30daytrial' });
    expect(currentPlanTag('', cookies, undefined)).toMatchObject({ tag: '30daytrial', fromParam: false });
    // 'default' is the list without a tag.
    expect(currentPlanTag('?activePlanTag=default', cookies, undefined)).toMatchObject({ tag: 'default', requestTag: undefined });
  });

  test("a flag's tag wins and is marked; once the flag is off, its tag and mark are removed", () => {
    const cookies = memoryCookies({ [PLAN_TAG_COOKIE]: '30daytrial' });
    const flagged = currentPlanTag('', cookies, 'lifetime');
    expect(flagged.tag).toBe('lifetime');
    keepPlanTag(cookies, flagged);
    expect(cookies.dump()).toEqual({ [PLAN_TAG_COOKIE]: 'lifetime', [PLAN_TAG_FLAG_COOKIE]: '1' });

    const off = currentPlanTag('', cookies, undefined);
    expect(off).toMatchObject({ tag: 'default', requestTag: undefined, clearMarkerCookie: true });
    keepPlanTag(cookies, off);
    expect(cookies.dump()).toEqual({});
  });

  test('choosing a plan: the cookie, initialSelectedOfferId with the monthly and annual offers, and the plan-selected event', () => {
    const cookies = memoryCookies();
    const state: Record<string, unknown> = {};
    const events: { event: string; props: Record<string, unknown> }[] = [];
    const s = {
      cookies,
      setState: (k: string, v: unknown) => {
        state[k] = v;
      },
      track: (event: string, props: Record<string, unknown>) => void events.push({ event, props }),
    };
    rememberChoice(s, offers, offers[2]!, { track: true, tag: 'default' });
    expect(cookies.dump()).toEqual({ [SELECTED_PLAN_COOKIE]: 'quarterly' });
    expect(state).toEqual({ initialSelectedOfferId: 'quarterly', monthlyOfferId: 'monthly', annualOfferId: 'annual' });
    expect(events).toEqual([
      {
        event: PLAN_SELECTED_EVENT,
        props: { webOfferId: 'quarterly', productId: 'plan_quarterly', productDuration: 'quarterly', price: 24.99, planTag: 'default' },
      },
    ]);
    rememberChoice(s, offers, offers[0]!, { track: false, tag: 'default' });
    expect(events).toHaveLength(1);
    expect(cookies.get(SELECTED_PLAN_COOKIE)).toBe('monthly');
  });

  test('the monthly and annual offer ids prefer the chosen plan among plans of its duration', () => {
    const two = [offer('basic', 'basic', 'annual', 59.99), offer('premium', 'premium', 'annual', 99.99)];
    expect(chosenPlanState(two, 'premium')).toEqual({ initialSelectedOfferId: 'premium', monthlyOfferId: null, annualOfferId: 'premium' });
    expect(chosenPlanState(two, 'basic')).toMatchObject({ annualOfferId: 'basic' });
  });
});

describe('cross-domain cookies (app.yaml cookieDomain)', () => {
  test('the domain applies on the domain and under it, never elsewhere', () => {
    expect(cookieDomainFor('codeling.example', 'codeling.example')).toBe('codeling.example');
    expect(cookieDomainFor('Subscribe.Codeling.example', '.codeling.example')).toBe('codeling.example');
    expect(cookieDomainFor('127.0.0.1', 'codeling.example')).toBeUndefined();
    expect(cookieDomainFor('notcodeling.example', 'codeling.example')).toBeUndefined();
    expect(cookieDomainFor('codeling.example', undefined)).toBeUndefined();
  });

  test('cookies are written for the domain, and removed for it and for the host', () => {
    const writes: string[] = [];
    const doc = {
      get cookie() {
        return 'selected_plan=annual';
      },
      set cookie(v: string) {
        writes.push(v);
      },
    };
    const jar = documentCookies(doc, { domain: 'codeling.example' });
    jar.set('selected_plan', 'annual', { maxAgeSeconds: 60 });
    jar.remove('activePlanTag');
    expect(writes).toEqual([
      'selected_plan=annual; path=/; domain=codeling.example; SameSite=Lax; max-age=60',
      'activePlanTag=; path=/; max-age=0',
      'activePlanTag=; path=/; domain=codeling.example; max-age=0',
    ]);
    expect(jar.get('selected_plan')).toBe('annual');
  });
});

describe('plans blocks in YAML', () => {
  const base = { type: 'plans', label: 'home:plansLabel', next: '/register', cta: 'home:cta' };

  test("'chooseButtons' needs the copy key of the buttons", () => {
    const result = plansBlock.safeParse({ ...base, chooseButtons: { fact: 'flag.planSelectorSelectPlanButtons', equals: 'variant1' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['choose', "With 'chooseButtons:' the block needs 'choose:', the copy key of each card's button (like plans:choosePlan)."],
    ]);
    expect(
      plansBlock.safeParse({
        ...base,
        chooseButtons: { fact: 'flag.planSelectorSelectPlanButtons', equals: 'variant1' },
        choose: 'plans:choosePlan',
      }).success,
    ).toBe(true);
  });

  test('an order names durations; a tag is a catalog tag', () => {
    expect(plansBlock.safeParse({ ...base, orders: [{ when: { fact: 'device.mobile' }, durations: ['yearly'] }] }).success).toBe(false);
    expect(
      plansBlock.safeParse({ ...base, tags: [{ when: { fact: 'flag.thirdPlan', equals: 'variant1' }, tag: 'third plan' }] }).success,
    ).toBe(false);
  });

  test('the comparison table needs one mark per plan in every row', () => {
    const table = {
      type: 'planComparison',
      title: 'plans:comparison.title',
      plans: ['plans:plan.premiumVsStandard.title', 'plans:plan.appOnly.title'],
    };
    expect(
      planComparisonBlock.safeParse({ ...table, rows: [{ text: 'plans:valueProps.workbook', included: [true, false] }] }).success,
    ).toBe(true);
    const wrong = planComparisonBlock.safeParse({ ...table, rows: [{ text: 'plans:valueProps.workbook', included: [true] }] });
    expect(wrong.error?.issues.map((i) => i.path.join('.'))).toEqual(['rows.0.included']);
  });
});
