import { describe, expect, test } from 'vitest';
import type { CompiledFlag } from '../../../src/compiler/compiled.ts';
import { assignVariants, type Visitor } from '../../../src/experiments/assign.ts';
import { audienceMayRead, audienceSnapshot } from '../../../src/experiments/audience.ts';
import { factsFromMap } from '../../../src/language/evaluate/facts.ts';

const fiftyFifty: CompiledFlag = {
  variants: ['control', 'variant1'],
  default: 'control',
  experiment: { state: 'running', weights: { control: 50, variant1: 50 } },
};
const visitor = (id: string, audienceFacts: Record<string, unknown> = {}): Visitor => ({ id, isRobot: false, audienceFacts });
const ids = (n: number, prefix = 'visitor') => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

describe('assigning variants', () => {
  test('1,000 visitors on a 50/50 experiment split within 45–55%, and each visitor always gets the same variant', () => {
    const flags = { buttons: fiftyFifty };
    const first = ids(1000).map((id) => assignVariants(flags, visitor(id)).buttons!);
    expect(first.every((a) => a.reason === 'SPLIT')).toBe(true);
    const share = first.filter((a) => a.variant === 'variant1').length / first.length;
    expect(share).toBeGreaterThanOrEqual(0.45);
    expect(share).toBeLessThanOrEqual(0.55);
    for (let reload = 0; reload < 5; reload++)
      expect(ids(1000).map((id) => assignVariants(flags, visitor(id)).buttons!.variant)).toEqual(first.map((a) => a.variant));
  });

  test('random visitor ids split by the weights: 1,000 on 80/20', () => {
    const flags = { buttons: { ...fiftyFifty, experiment: { state: 'running' as const, weights: { control: 80, variant1: 20 } } } };
    const variants = Array.from({ length: 1000 }, () => assignVariants(flags, visitor(crypto.randomUUID())).buttons!.variant);
    const share = variants.filter((v) => v === 'variant1').length / 1000;
    // 20% ± 5 points: well beyond 4 standard deviations (1.3 points) of a fair split.
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.25);
  });

  test('two experiments split the same visitors independently (the hash is seeded by the experiment)', () => {
    const flags = { a: fiftyFifty, b: fiftyFifty };
    const both = ids(1000).map((id) => assignVariants(flags, visitor(id)));
    const same = both.filter((x) => x.a!.variant === x.b!.variant).length / 1000;
    expect(same).toBeGreaterThan(0.4);
    expect(same).toBeLessThan(0.6);
  });

  test('a variant weighted 0 is never given; a stopped experiment, a robot and a visitor outside the audience see the default', () => {
    const flags: Record<string, CompiledFlag> = {
      allIn: { ...fiftyFifty, experiment: { state: 'running', weights: { control: 0, variant1: 100 } } },
      stopped: { ...fiftyFifty, experiment: { state: 'stopped', weights: { control: 50, variant1: 50 } } },
      mobileOnly: {
        ...fiftyFifty,
        experiment: { state: 'running', weights: { control: 0, variant1: 100 }, audience: { fact: 'device.mobile', is: true } },
      },
      plain: { variants: ['off', 'on'], default: 'on' },
    };
    expect(assignVariants(flags, visitor('v', { 'device.mobile': true }))).toEqual({
      allIn: { variant: 'variant1', reason: 'SPLIT' },
      stopped: { variant: 'control', reason: 'DISABLED' },
      mobileOnly: { variant: 'variant1', reason: 'SPLIT' },
      plain: { variant: 'on', reason: 'STATIC' },
    });
    expect(assignVariants(flags, visitor('v', { 'device.mobile': false })).mobileOnly).toEqual({ variant: 'control', reason: 'DEFAULT' });
    expect(assignVariants(flags, { ...visitor('v', { 'device.mobile': true }), isRobot: true })).toMatchObject({
      allIn: { variant: 'control', reason: 'DEFAULT' },
      mobileOnly: { variant: 'control', reason: 'DEFAULT' },
    });
  });

  test('the audience snapshot holds the facts the running audiences read, and only facts known when the page opens', () => {
    const flags: Record<string, CompiledFlag> = {
      a: {
        ...fiftyFifty,
        experiment: {
          state: 'running',
          weights: { control: 50, variant1: 50 },
          audience: { all: [{ fact: 'query.utm_source', equals: 'tv' }, { not: { fact: 'device.mobile' } }] },
        },
      },
      b: { ...fiftyFifty, experiment: { state: 'stopped', weights: { control: 50, variant1: 50 }, audience: { fact: 'cookie.x' } } },
    };
    const facts = factsFromMap({ 'query.utm_source': 'tv', 'device.mobile': false, 'cookie.x': '1' });
    expect(audienceSnapshot(flags, facts)).toEqual({ 'query.utm_source': 'tv', 'device.mobile': false });
    expect(['navigation.path', 'state.locale', 'cookie.activePlanTag', 'utm.lastTouch.utm_source'].every(audienceMayRead)).toBe(true);
    expect(['flag.quiz', 'customer.hasPlan', 'session.loggedIn', 'form.email', 'query.', 'state.quiz'].some(audienceMayRead)).toBe(false);
  });
});
