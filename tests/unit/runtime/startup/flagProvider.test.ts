import { describe, expect, test } from 'vitest';
import { type FlagContext, flagContext } from '../../../../src/adapters/flags/flags.ts';
import { memoryCookies } from '../../../../src/browser/storage.ts';
import type { CompiledFlag } from '../../../../src/compiler/compiled.ts';
import { chooseFlagProvider, pageFlags } from '../../../../src/runtime/startup/flagProvider.ts';
import type { PageState } from '../../../../src/ssr/pageState.ts';

const quiet: Record<string, CompiledFlag> = { unifiedLogin: { variants: ['off', 'on'], default: 'on' } };
const running: Record<string, CompiledFlag> = {
  ...quiet,
  buttons: {
    variants: ['control', 'variant1'],
    default: 'control',
    experiment: { state: 'running', weights: { control: 0, variant1: 100 } },
  },
};
const context = (): FlagContext => flagContext(memoryCookies(), '', '/', false, {}, () => 'visitor-1');

describe('the flag provider', () => {
  test('no experiment running: the defaults, nothing evaluated', async () => {
    const provider = chooseFlagProvider(quiet, {}, '/api');
    expect(provider.metadata.name).toBe('defaults');
    await provider.initialize(context());
    expect(provider.resolveStringEvaluation('unifiedLogin', 'on')).toEqual({ value: 'on', variant: 'on', reason: 'STATIC' });
  });

  test('an experiment running: the local evaluator assigns the variant', async () => {
    const provider = chooseFlagProvider(running, {}, '/api');
    expect(provider.metadata.name).toBe('local');
    await provider.initialize(context());
    expect(provider.resolveStringEvaluation('buttons', 'control').variant).toBe('variant1');
  });

  test('remote: the flag service at its configured address, else {apiBase}/flags', async () => {
    const asked: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: string) => {
      asked.push(String(url));
      return new Response(JSON.stringify({ flags: { unifiedLogin: 'off' } }));
    }) as typeof fetch;
    try {
      const byDefault = chooseFlagProvider(quiet, { flagProvider: 'remote' }, '/backend');
      expect(byDefault.metadata.name).toBe('remote');
      await byDefault.initialize(context());
      expect(byDefault.resolveStringEvaluation('unifiedLogin', 'on').variant).toBe('off');
      await chooseFlagProvider(quiet, { flagProvider: 'remote', flagServiceUrl: 'https://flags.example/f' }, '/backend').initialize(
        context(),
      );
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(asked.map((u) => u.split('?')[0])).toEqual(['/backend/flags', 'https://flags.example/f']);
  });
});

describe("the page's flags", () => {
  const rendered = (over: Partial<PageState> = {}): PageState => ({
    path: '/',
    search: '',
    locale: 'en',
    robot: false,
    audience: { 'device.mobile': false },
    flags: { values: { unifiedLogin: 'off' }, reasons: { unifiedLogin: 'SPLIT' } },
    mobile: false,
    clientState: {} as PageState['clientState'],
    data: {},
    ...over,
  });
  const options = (page: PageState | null, audience: Record<string, unknown>, isRobot = false) => {
    let asked = 0;
    return {
      asked: () => asked,
      o: {
        definitions: quiet,
        rendered: page,
        isRobot,
        audience,
        override: {},
        provider: () => {
          asked++;
          return chooseFlagProvider(quiet, {}, '/api');
        },
        context,
      },
    };
  };

  test("the server's flags when it saw the visitor as the browser does", async () => {
    const { o, asked } = options(rendered(), { 'device.mobile': false });
    expect(await pageFlags(o)).toEqual({ values: { unifiedLogin: 'off' }, reasons: { unifiedLogin: 'SPLIT' } });
    expect(asked()).toBe(0);
  });

  test('asked again when the audience differs, the server took a parent for a robot, or no page was rendered', async () => {
    for (const [page, audience, robot] of [
      [rendered(), { 'device.mobile': true }, false],
      [rendered(), { 'device.mobile': false }, true],
      [null, { 'device.mobile': false }, false],
    ] as const) {
      const { o, asked } = options(page, audience, robot);
      expect(await pageFlags(o)).toEqual({ values: { unifiedLogin: 'on' }, reasons: { unifiedLogin: 'STATIC' } });
      expect(asked()).toBe(1);
    }
  });
});
