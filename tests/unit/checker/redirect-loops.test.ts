import { describe, expect, it } from 'vitest';
import { canAllHold } from '../../../src/compiler/checks/conditionSat.ts';
import type { Condition } from '../../../src/language/schema/conditions.ts';
import { checkCase, text } from './helpers.ts';

describe('npm run check: redirects that send each other back', () => {
  it('under the same or overlapping conditions is an error naming the loop and the condition; exclusive ones are not', () => {
    expect(checkCase('redirect-loop-conditional').report).toBe(text`
      funnels/app.yaml:29:13: error: These redirects go round in a loop when session.loggedIn: /m → /n → /m. A visitor would never \\
        see a page: make their 'when:' conditions exclude each other, or send one somewhere else.
        28 |         when: { fact: session.loggedIn }
      > 29 |         to: /n
           |             ^^
        30 |   notFound: notFound

      funnels/case.yaml:9:13: error: These redirects go round in a loop when session.loggedIn: /a → /b → /a. A visitor would never \\
        see a page: make their 'when:' conditions exclude each other, or send one somewhere else.
         8 |       - when: { fact: session.loggedIn }
      >  9 |         to: /b
           |             ^^
        10 |     blocks:

      funnels/case.yaml:60:13: error: These redirects go round in a loop when flag.newLanding = variant1 and (session.loggedIn or \\
        state.isResubscribe): /g → /h → /k → /g. A visitor would never see a page: make their 'when:' conditions exclude each other, \\
        or send one somewhere else.
        59 |       - when: { fact: flag.newLanding, equals: variant1 }
      > 60 |         to: /h
           |             ^^
        61 |     blocks:

      3 errors in 7 files.
    `);
  });
});

describe('whether conditions can all hold (as the runtime evaluates them)', () => {
  const loggedIn: Condition = { fact: 'session.loggedIn' };
  const both = (...c: Condition[]) => canAllHold(c);

  it('a fact and its negation cannot; two different facts can', () => {
    expect(both(loggedIn, { not: loggedIn })).toBe(false);
    expect(both(loggedIn, { fact: 'session.loggedIn', is: false })).toBe(false);
    expect(both(loggedIn, { fact: 'state.isResubscribe' })).toBe(true);
    expect(both(loggedIn, loggedIn)).toBe(true);
  });

  it('equals a and equals b on one fact cannot; overlapping lists can; a number and its text are the same', () => {
    expect(both({ fact: 'query.plan', equals: 'a' }, { fact: 'query.plan', equals: 'b' })).toBe(false);
    expect(both({ fact: 'query.plan', in: ['a', 'b'] }, { fact: 'query.plan', in: ['b', 'c'] })).toBe(true);
    expect(both({ fact: 'query.plan', in: ['a', 'b'] }, { fact: 'query.plan', in: ['c'] })).toBe(false);
    expect(both({ fact: 'query.seats', equals: 5 }, { fact: 'query.seats', equals: '5' })).toBe(true);
  });

  it('text tests: prefixes that disagree cannot, a prefix and a piece can; set and not set cannot', () => {
    expect(both({ fact: 'navigation.from', startsWith: '/a' }, { fact: 'navigation.from', startsWith: '/b' })).toBe(false);
    expect(both({ fact: 'navigation.from', startsWith: '/a' }, { fact: 'navigation.from', contains: 'x' })).toBe(true);
    expect(both({ fact: 'state.webOfferCode', exists: true }, { fact: 'state.webOfferCode', exists: false })).toBe(false);
    expect(both({ fact: 'state.webOfferCode', exists: true }, { not: { fact: 'state.webOfferCode', equals: 'A' } })).toBe(true);
  });

  it("all / any / not are followed; a fact limited to its values (a flag's variants) has only those", () => {
    expect(both({ any: [loggedIn, { fact: 'state.isResubscribe' }] }, { not: loggedIn })).toBe(true);
    expect(both({ all: [loggedIn, { fact: 'state.isResubscribe' }] }, { not: { fact: 'state.isResubscribe' } })).toBe(false);
    const variants = (fact: string) => (fact === 'flag.newLanding' ? ['control', 'variant1'] : undefined);
    const notControl = { not: { fact: 'flag.newLanding', equals: 'control' } };
    expect(canAllHold([notControl, { not: { fact: 'flag.newLanding', equals: 'variant1' } }], variants)).toBe(false);
    expect(canAllHold([notControl, { fact: 'flag.newLanding' }], variants)).toBe(true);
  });
});
