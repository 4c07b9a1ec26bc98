import { describe, expect, test } from 'vitest';
import type { NotificationRequest } from '../../../src/runtime/actions.ts';
import { createCopy, splitLink } from '../../../src/runtime/copy.ts';
import { customerFacts } from '../../../src/runtime/data/customerFacts.ts';
import { createInfoPopup, createNotificationCenter } from '../../../src/runtime/notifications.ts';
import { sessionLost, underPrefix } from '../../../src/runtime/sessionWatch.ts';

function fakeTimers() {
  let now = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let id = 0;
  return {
    timers: {
      set: (fn: () => void, ms: number) => {
        timers.set(++id, { at: now + ms, fn });
        return id;
      },
      clear: (h: unknown) => void timers.delete(h as number),
    },
    advance(ms: number) {
      now += ms;
      for (const [k, t] of [...timers]) {
        if (t.at <= now) {
          timers.delete(k);
          t.fn();
        }
      }
    },
  };
}

const note = (over: Partial<NotificationRequest> = {}): NotificationRequest => ({
  text: 'validation:email',
  literal: false,
  params: {},
  level: 'error',
  ms: 5000,
  ...over,
});

describe('notifications', () => {
  test('a notification leaves after its time (5000 ms by default in the config)', () => {
    const clock = fakeTimers();
    const center = createNotificationCenter(clock.timers);
    center.show(note());
    clock.advance(4999);
    expect(center.get()).toHaveLength(1);
    clock.advance(1);
    expect(center.get()).toHaveLength(0);
  });

  test('its time counts from when it appeared on screen: drawn late on a busy page, it still shows its full time', () => {
    const clock = fakeTimers();
    const center = createNotificationCenter(clock.timers);
    const id = center.show(note());
    clock.advance(300);
    center.appeared(id);
    clock.advance(4999);
    expect(center.get()).toHaveLength(1);
    clock.advance(1);
    expect(center.get()).toHaveLength(0);
  });

  test('ms: 0 stays until dismissed', () => {
    const clock = fakeTimers();
    const center = createNotificationCenter(clock.timers);
    const id = center.show(note({ ms: 0, level: 'info' }));
    clock.advance(60_000);
    expect(center.get()).toHaveLength(1);
    center.dismiss(id);
    expect(center.get()).toHaveLength(0);
  });

  test('the same message again replaces the earlier one', () => {
    const center = createNotificationCenter(fakeTimers().timers);
    center.show(note());
    center.show(note());
    center.show(note({ text: 'validation:matches' }));
    expect(center.get().map((n) => n.text)).toEqual(['validation:email', 'validation:matches']);
  });
});

describe('info popup', () => {
  test("one at a time; 'Ok' runs its then-actions and shows the next", () => {
    const popup = createInfoPopup();
    const oks: string[] = [];
    popup.open({ text: 'a', params: {}, onOk: () => oks.push('a') });
    popup.open({ text: 'b', params: {}, onOk: () => oks.push('b') });
    expect(popup.get()?.text).toBe('a');
    popup.close();
    expect(oks).toEqual(['a']);
    expect(popup.get()?.text).toBe('b');
    popup.close();
    expect(popup.isOpen()).toBe(false);
  });
});

describe('session watch', () => {
  const privatePaths = ['/my-account', '/checkout', '/complete', '/dont-go'];
  test('a private path without a session opens the popup, unless it is open already', () => {
    expect(sessionLost('/my-account', privatePaths, false, false)).toBe(true);
    expect(sessionLost('/dont-go/1', privatePaths, false, false)).toBe(true);
    expect(sessionLost('/my-account', privatePaths, true, false)).toBe(false);
    expect(sessionLost('/my-account', privatePaths, false, true)).toBe(false);
    expect(sessionLost('/login', privatePaths, false, false)).toBe(false);
  });
  test('prefixes stop at a path segment', () => {
    expect(underPrefix('/completed', '/complete')).toBe(false);
    expect(underPrefix('/complete', '/complete')).toBe(true);
  });
});

describe('copy', () => {
  const copy = createCopy(
    'en',
    {
      common: { productName: 'Codeling', stepProgress: 'STEP {n} OF {m}' },
      validation: { required: 'Please fill out your {field}' },
      account: {
        'register.heading': 'Sign up for your FREE {n} {interval} trial of $t(common:productName)!',
        'login.noAccount': "Don't have an account? <link>Sign up</link>",
      },
    },
    async () => ({ common: { stepProgress: 'ÉTAPE {n} SUR {m}' } }),
  );

  test('single-brace placeholders, nested copy, flattened keys', () => {
    const t = copy.t.get();
    expect(t('validation:required', { field: 'email' })).toBe('Please fill out your email');
    expect(t('common:stepProgress', { n: '2', m: '4' })).toBe('STEP 2 OF 4');
    expect(t('account:register.heading', { n: '7', interval: 'day' })).toBe('Sign up for your FREE 7 day trial of Codeling!');
  });

  test('another locale loads on demand; missing keys fall back to the default locale', async () => {
    await copy.setLocale('fr');
    const t = copy.t.get();
    expect(t('common:stepProgress', { n: '1', m: '2' })).toBe('ÉTAPE 1 SUR 2');
    expect(t('validation:required', { field: 'x' })).toBe('Please fill out your x');
    await copy.setLocale('en');
  });

  test("a screen's copy joins the default locale when its chunk arrives; the shell's copy object is left as it was", () => {
    const shell = { common: { productName: 'Codeling' } };
    const c = createCopy('en', shell, async () => ({}));
    expect(c.t.get()('login:title')).toBe('title');
    c.add({ login: { title: 'Log in to $t(common:productName)' } });
    expect(c.t.get()('login:title')).toBe('Log in to Codeling');
    expect(shell).toEqual({ common: { productName: 'Codeling' } });
  });

  test('one <link>…</link> span is split out', () => {
    expect(splitLink("Don't have an account? <link>Sign up</link>")).toEqual([
      { text: "Don't have an account? ", link: false },
      { text: 'Sign up', link: true },
    ]);
    expect(splitLink('Plain.')).toEqual([{ text: 'Plain.', link: false }]);
  });
});

describe('customer facts from GetCustomerDetails', () => {
  test('expired, plan, gifted, lifetime, trial active (trial days and a future first billing)', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(
      customerFacts(
        {
          isExpired: false,
          plan: { id: 'p' },
          isGifted: true,
          isLifetime: false,
          activeSubscription: { trialDuration: 7, firstBillingDate: '2026-01-05' },
        },
        now,
      ),
    ).toEqual({
      expired: false,
      hasPlan: true,
      gifted: true,
      lifetime: false,
      trialActive: true,
      usedAppTrial: false,
      usedClassesTrial: false,
    });
    expect(
      customerFacts(
        {
          isExpired: true,
          hasUsedTrial: true,
          hasUsedTrialByProduct: { app: true, classes: false },
          activeSubscription: { trialDuration: 7, firstBillingDate: '2025-12-01' },
        },
        now,
      ),
    ).toEqual({
      expired: true,
      hasPlan: false,
      gifted: false,
      lifetime: false,
      trialActive: false,
      usedAppTrial: true,
      usedClassesTrial: false,
    });
    // A backend that does not tell trials by product: any trial counts for both.
    expect(customerFacts({ hasUsedTrial: true }, now)).toMatchObject({ usedAppTrial: true, usedClassesTrial: true });
  });
});
