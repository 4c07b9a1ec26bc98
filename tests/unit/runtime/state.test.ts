import { describe, expect, test } from 'vitest';
import { memoryStorage } from '../../../src/browser/storage.ts';
import { CLIENT_STATE_KEY, FIRST_TOUCH_KEY } from '../../../src/browser/storageKeys.ts';
import { initialClientState } from '../../../src/domain/clientState.ts';
import { captureAttribution, readAttribution } from '../../../src/runtime/attribution.ts';
import { createClientStateStore, recordQuizAnswer } from '../../../src/runtime/clientState.ts';

describe('client state', () => {
  test('starts from the initial values, persists every change in localStorage, and survives a reload', () => {
    const local = memoryStorage();
    const store = createClientStateStore(local);
    expect(store.get()).toEqual(initialClientState);
    store.setKey('expectedNextPage', '/my-account');
    store.setKey('quiz.answers', { growsUp: 2 });
    expect(JSON.parse(local.getItem(CLIENT_STATE_KEY)!)).toMatchObject({
      expectedNextPage: '/my-account',
      quiz: { answers: { growsUp: 2 }, questions: [] },
    });
    const reloaded = createClientStateStore(local);
    expect(reloaded.get().expectedNextPage).toBe('/my-account');
    expect(reloaded.get().quiz.answers).toEqual({ growsUp: 2 });
  });

  test('clear restores the initial value; reset (logout) restores everything', () => {
    const local = memoryStorage();
    const store = createClientStateStore(local);
    store.setKey('checkboxOptInToSave', false);
    store.setKey('webOfferCode', 'CS12');
    store.clearKey('checkboxOptInToSave');
    expect(store.get().checkboxOptInToSave).toBe(true);
    store.reset();
    expect(store.get()).toEqual(initialClientState);
    expect(local.getItem(CLIENT_STATE_KEY)).toBeNull();
  });

  test('stored state from an older version gets the new keys; unknown keys and broken JSON are dropped', () => {
    expect(createClientStateStore(memoryStorage({ [CLIENT_STATE_KEY]: '{"webOfferCode":"X","removedKey":1}' })).get()).toEqual({
      ...initialClientState,
      webOfferCode: 'X',
    });
    expect(createClientStateStore(memoryStorage({ [CLIENT_STATE_KEY]: '{broken' })).get()).toEqual(initialClientState);
  });

  test('subscribers hear every change', () => {
    const store = createClientStateStore(memoryStorage());
    let heard = 0;
    const stop = store.subscribe(() => heard++);
    store.setKey('locale', 'fr');
    stop();
    store.setKey('locale', 'en');
    expect(heard).toBe(1);
  });

  test('quiz answers: stored when the question id is present and the answer numeric', () => {
    const s = recordQuizAnswer(initialClientState, 'screenTimeAtHome', '2');
    expect(s.quiz).toEqual({ questions: [], answers: { screenTimeAtHome: 2 }, externalAnsweredQuestionId: 'screenTimeAtHome' });
    expect(recordQuizAnswer(initialClientState, 'screenTimeAtHome', 'lots')).toBe(initialClientState);
    expect(recordQuizAnswer(initialClientState, '', '3')).toBe(initialClientState);
    expect(recordQuizAnswer(initialClientState, undefined, '3')).toBe(initialClientState);
    expect(recordQuizAnswer(initialClientState, 'q', '')).toBe(initialClientState);
  });
});

describe('UTM attribution: last touch per tab, first touch kept', () => {
  test('the first visit with utm parameters is both first and last touch; a later one only the last', () => {
    const session = memoryStorage();
    const local = memoryStorage();
    captureAttribution('?utm_source=newsletter&utm_campaign=spring&other=1', session, local);
    expect(readAttribution('lastTouch', session, local)).toEqual({ utm_source: 'newsletter', utm_campaign: 'spring' });
    expect(readAttribution('firstTouch', session, local)).toEqual({ utm_source: 'newsletter', utm_campaign: 'spring' });
    captureAttribution('?utm_source=ads&iterable_campaign=42', session, local);
    expect(readAttribution('lastTouch', session, local)).toEqual({ utm_source: 'ads', iterable_campaign: '42' });
    expect(JSON.parse(local.getItem(FIRST_TOUCH_KEY)!)).toEqual({ utm_source: 'newsletter', utm_campaign: 'spring' });
    expect(session.getItem('utmParamsObject')).toBe('{"utm_source":"ads","iterable_campaign":"42"}');
  });

  test('values the backend would refuse are cleaned: control characters go, length is cut to the contract’s 500', () => {
    const session = memoryStorage();
    const local = memoryStorage();
    captureAttribution(`?utm_source=%00spring&utm_campaign=%01%7F&utm_term=${'x'.repeat(600)}`, session, local);
    expect(readAttribution('lastTouch', session, local)).toEqual({ utm_source: 'spring', utm_term: 'x'.repeat(500) });
    // Stored by an earlier version with a NUL in it.
    const old = memoryStorage({ utmParamsObject: '{"utm_source":"\\u0000x","utm_medium":"\\u0000"}' });
    expect(readAttribution('lastTouch', old, local)).toEqual({ utm_source: 'x' });
  });

  test('a visit without attribution parameters changes nothing', () => {
    const session = memoryStorage({ utmParamsObject: '{"utm_source":"a"}' });
    const local = memoryStorage();
    captureAttribution('?code=CS12&utm_source=', session, local);
    expect(readAttribution('lastTouch', session, local)).toEqual({ utm_source: 'a' });
    expect(readAttribution('firstTouch', session, local)).toBeNull();
  });
});
