import { describe, expect, test } from 'vitest';
import { initialClientState } from '../../../src/domain/clientState.ts';
import { evaluateCondition, readsFactFamily } from '../../../src/language/evaluate/conditions.ts';
import { createFacts, type FactSources, factsFromMap } from '../../../src/language/evaluate/facts.ts';

const facts = factsFromMap({
  'session.loggedIn': true,
  'navigation.from': '/choose-plan',
  'query.quizAnswer': '2',
  'query.bad': 'lots',
  'query.empty': '',
  'flag.unifiedLogin': 'on',
  'flag.redesign': 'control',
  'state.quiz': { answers: { growsUp: 2 }, questions: ['a', 'b'] },
  'state.promoCouponCode': null,
  'result.exists': true,
  'cookie.plan': 'annual',
});

describe('conditions (when:)', () => {
  test('no condition holds; a bare fact tests truthiness', () => {
    expect(evaluateCondition(undefined, facts)).toBe(true);
    expect(evaluateCondition({ fact: 'session.loggedIn' }, facts)).toBe(true);
    expect(evaluateCondition({ fact: 'session.loggedIn', is: false }, facts)).toBe(false);
    expect(evaluateCondition({ fact: 'state.promoCouponCode' }, facts)).toBe(false);
    expect(evaluateCondition({ fact: 'result.exists', is: true }, facts)).toBe(true);
  });

  test('a flag tested with is: is off when its variant is off or control', () => {
    expect(evaluateCondition({ fact: 'flag.unifiedLogin' }, facts)).toBe(true);
    expect(evaluateCondition({ fact: 'flag.redesign' }, facts)).toBe(false);
    expect(evaluateCondition({ fact: 'flag.unifiedLogin', equals: 'on' }, facts)).toBe(true);
  });

  test('equals compares query strings with YAML numbers; in, exists, numeric, contains, startsWith', () => {
    expect(evaluateCondition({ fact: 'navigation.from', equals: '/choose-plan' }, facts)).toBe(true);
    expect(evaluateCondition({ fact: 'query.quizAnswer', equals: 2 }, facts)).toBe(true);
    expect(evaluateCondition({ fact: 'cookie.plan', in: ['monthly', 'annual'] }, facts)).toBe(true);
    expect(evaluateCondition({ fact: 'query.missing', equals: null }, facts)).toBe(true);
    expect(evaluateCondition({ fact: 'query.quizAnswer', exists: true }, facts)).toBe(true);
    expect(evaluateCondition({ fact: 'query.empty', exists: true }, facts)).toBe(false);
    expect(evaluateCondition({ fact: 'state.promoCouponCode', exists: false }, facts)).toBe(true);
    expect(evaluateCondition({ fact: 'query.quizAnswer', numeric: true }, facts)).toBe(true);
    expect(evaluateCondition({ fact: 'query.bad', numeric: true }, facts)).toBe(false);
    expect(evaluateCondition({ fact: 'query.empty', numeric: true }, facts)).toBe(false);
    expect(evaluateCondition({ fact: 'state.quiz.questions', contains: 'b' }, facts)).toBe(true);
    expect(evaluateCondition({ fact: 'navigation.from', contains: 'plan' }, facts)).toBe(true);
    expect(evaluateCondition({ fact: 'navigation.from', startsWith: '/choose' }, facts)).toBe(true);
    expect(evaluateCondition({ fact: 'state.quiz.answers.growsUp', equals: 2 }, facts)).toBe(true);
  });

  test('all / any / not', () => {
    const loggedInFromPlans = { all: [{ fact: 'session.loggedIn' }, { fact: 'navigation.from', equals: '/choose-plan' }] };
    expect(evaluateCondition(loggedInFromPlans, facts)).toBe(true);
    expect(evaluateCondition({ not: loggedInFromPlans }, facts)).toBe(false);
    expect(evaluateCondition({ any: [{ fact: 'query.missing' }, { fact: 'query.quizAnswer', numeric: true }] }, facts)).toBe(true);
    expect(evaluateCondition({ all: [{ fact: 'query.missing' }, { fact: 'query.quizAnswer', numeric: true }] }, facts)).toBe(false);
  });

  test('readsFactFamily finds customer.* anywhere in a screen', () => {
    expect(readsFactFamily({ blocks: [{ when: { not: { fact: 'customer.expired' } } }] }, 'customer')).toBe(true);
    expect(readsFactFamily({ blocks: [{ when: { fact: 'session.loggedIn' } }] }, 'customer')).toBe(false);
  });
});

describe('facts from the browser', () => {
  const sources = (over: Partial<FactSources> = {}): FactSources => ({
    user: { objectId: 'u1', email: 'parent@example.com' },
    path: '/login',
    search: '?reason=existing-account',
    from: '/promo',
    reload: false,
    mobile: true,
    customer: null,
    state: { ...initialClientState, expectedNextPage: '/my-account' },
    storage: (k) => (k === 'fourClass' ? { planId: 'p4' } : undefined),
    cookie: (n) => (n === 'variantOverride' ? 'x:y' : undefined),
    flags: { unifiedLogin: 'off' },
    utm: (t) => (t === 'lastTouch' ? { utm_source: 'mail' } : null),
    ...over,
  });

  test('each family reads its source', () => {
    const f = createFacts(sources());
    expect(f.get('session.loggedIn')).toBe(true);
    expect(f.get('navigation.path')).toBe('/login');
    expect(f.get('navigation.from')).toBe('/promo');
    expect(f.get('device.mobile')).toBe(true);
    expect(f.get('query.reason')).toBe('existing-account');
    expect(f.get('state.expectedNextPage')).toBe('/my-account');
    expect(f.get('storage.fourClass.planId')).toBe('p4');
    expect(f.get('cookie.variantOverride')).toBe('x:y');
    expect(f.get('flag.unifiedLogin')).toBe('off');
    expect(f.get('user.email')).toBe('parent@example.com');
    expect(f.get('utm.lastTouch')).toEqual({ utm_source: 'mail' });
    expect(f.get('utm.lastTouch.utm_source')).toBe('mail');
    expect(f.get('utm.firstTouch.utm_source')).toBeUndefined();
    expect(f.get('path.currentWithQuery')).toBe('/login?reason=existing-account');
    expect(f.get('path.previous')).toBe('/promo');
  });

  test('customer facts are false while unknown (logged out, or the lookup failed)', () => {
    const f = createFacts(sources({ user: null }));
    expect(f.get('session.loggedIn')).toBe(false);
    expect(f.get('customer.expired')).toBe(false);
    expect(
      createFacts(
        sources({
          customer: {
            expired: true,
            hasPlan: true,
            gifted: false,
            lifetime: false,
            trialActive: false,
            usedAppTrial: false,
            usedClassesTrial: false,
          },
        }),
      ).get('customer.expired'),
    ).toBe(true);
  });
});
