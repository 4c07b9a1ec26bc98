import { describe, expect, test } from 'vitest';
import {
  DeferredProvider,
  type FlagProvider,
  flagContext,
  parseVariantOverride,
  readVariantOverride,
  resolveFlags,
} from '../../../src/adapters/flags/flags.ts';
import { LocalExperimentProvider } from '../../../src/adapters/flags/localProvider.ts';
import { HttpFlagProvider } from '../../../src/adapters/flags/remoteProvider.ts';
import { memoryCookies } from '../../../src/browser/storage.ts';
import type { CompiledFlag } from '../../../src/compiler/compiled.ts';

const flags: Record<string, CompiledFlag> = {
  unifiedLogin: { variants: ['off', 'on'], default: 'on' },
  planSelectorPageRedesign: { variants: ['control', 'variant1', 'variant2'], default: 'control' },
  buttons: {
    variants: ['control', 'variant1'],
    default: 'control',
    experiment: { state: 'running', weights: { control: 50, variant1: 50 } },
  },
};

/** A provider answering `answer` for every flag it knows, after `ms`. */
const fixedProvider = (answer: Record<string, string>, ms = 0, fail = false): FlagProvider => ({
  metadata: { name: 'test' },
  initialize: () => new Promise((resolve, reject) => setTimeout(() => (fail ? reject(new Error('down')) : resolve()), ms)),
  resolveStringEvaluation: (key, defaultValue) => {
    const v = answer[key];
    return v === undefined ? { value: defaultValue, variant: defaultValue, reason: 'DEFAULT' } : { value: v, variant: v, reason: 'SPLIT' };
  },
});

describe('?variantOverride=', () => {
  test('flag:variant pairs force variants; a pair naming no flag or no variant of its flag is a problem to show', () => {
    expect(parseVariantOverride('unifiedLogin:off,planSelectorPageRedesign:variant2', flags)).toEqual({
      values: { unifiedLogin: 'off', planSelectorPageRedesign: 'variant2' },
      problems: [],
    });
    expect(parseVariantOverride('unifiedLogin:maybe,nosuch:on, planSelectorPageRedesign : variant1,toString:x', flags)).toEqual({
      values: { planSelectorPageRedesign: 'variant1' },
      problems: [
        { pair: 'unifiedLogin:maybe', flag: 'unifiedLogin', variants: ['off', 'on'] },
        { pair: 'nosuch:on', flag: 'nosuch', variants: null },
        { pair: 'toString:x', flag: 'toString', variants: null },
      ],
    });
    expect(parseVariantOverride('', flags)).toEqual({ values: {}, problems: [] });
  });

  test('is kept in the variantOverride cookie for later pages; an empty one removes it', () => {
    const cookies = memoryCookies();
    expect(readVariantOverride('?variantOverride=unifiedLogin:off', cookies)).toBe('unifiedLogin:off');
    expect(cookies.dump()).toEqual({ variantOverride: 'unifiedLogin:off' });
    expect(readVariantOverride('?x=1', cookies)).toBe('unifiedLogin:off');
    expect(readVariantOverride('?variantOverride=', cookies)).toBe('');
    expect(cookies.dump()).toEqual({});
  });
});

describe('resolving the flags', () => {
  const context = flagContext(memoryCookies(), '', '/', false, {}, () => 'id');

  test('defaults, then the provider, then the override (reason OVERRIDE)', async () => {
    const provider = fixedProvider({ unifiedLogin: 'off', planSelectorPageRedesign: 'variant1', buttons: 'nonsense' });
    expect(await resolveFlags({ definitions: flags, provider, context, override: { unifiedLogin: 'on' }, timeoutMs: 100 })).toEqual({
      values: { unifiedLogin: 'on', planSelectorPageRedesign: 'variant1', buttons: 'control' },
      reasons: { unifiedLogin: 'OVERRIDE', planSelectorPageRedesign: 'SPLIT', buttons: 'ERROR' },
    });
  });

  test('a slow or failing provider leaves the defaults, never SPLIT (so nothing is exposed)', async () => {
    for (const provider of [fixedProvider({ unifiedLogin: 'off' }, 200), fixedProvider({}, 0, true)])
      expect(await resolveFlags({ definitions: flags, provider, context, override: {}, timeoutMs: 20 })).toEqual({
        values: { unifiedLogin: 'on', planSelectorPageRedesign: 'control', buttons: 'control' },
        reasons: { unifiedLogin: 'ERROR', planSelectorPageRedesign: 'ERROR', buttons: 'ERROR' },
      });
  });

  test('the deferred local provider loads its code inside the time limit and evaluates the experiments', async () => {
    const provider = new DeferredProvider('local', async () => new LocalExperimentProvider(flags));
    const resolved = await resolveFlags({ definitions: flags, provider, context, override: {}, timeoutMs: 1000 });
    expect(resolved.reasons).toEqual({ unifiedLogin: 'STATIC', planSelectorPageRedesign: 'STATIC', buttons: 'SPLIT' });
    expect(['control', 'variant1']).toContain(resolved.values.buttons);
  });

  test('the remote provider makes ONE GET with the context, audience included, and never refreshes', async () => {
    const urls: string[] = [];
    const fetchFn = (async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ flags: { unifiedLogin: 'off', buttons: 'variant1' }, reasons: { buttons: 'SPLIT' } }));
    }) as typeof fetch;
    const cookies = memoryCookies({ featureId: 'f1,f2' });
    const remoteContext = flagContext(cookies, 'unifiedLogin:on', '/promo', true, { 'device.mobile': true }, () => 'exp-1');
    const provider = new HttpFlagProvider('/api/flags', fetchFn);
    await provider.initialize(remoteContext);
    await provider.initialize(remoteContext);
    expect(urls).toHaveLength(1);
    expect(provider.resolveStringEvaluation('unifiedLogin', 'on')).toEqual({ value: 'off', variant: 'off', reason: 'STATIC' });
    expect(provider.resolveStringEvaluation('buttons', 'control')).toEqual({ value: 'variant1', variant: 'variant1', reason: 'SPLIT' });
    expect(provider.resolveStringEvaluation('planSelectorPageRedesign', 'control').reason).toBe('DEFAULT');
    expect(Object.fromEntries(new URL(urls[0]!, 'http://x').searchParams)).toEqual({
      experimentId: 'exp-1',
      platform: 'web',
      isRobotE2E: 'true',
      variantOverride: 'unifiedLogin:on',
      pathname: '/promo',
      featureIds: 'f1,f2',
      audience: '{"device.mobile":true}',
    });
    expect(cookies.get('experimentId')).toBe('exp-1');
  });
});
