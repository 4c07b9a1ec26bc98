import { describe, expect, test } from 'vitest';
import { memoryCookies } from '../../../../src/browser/storage.ts';
import type { CompiledFlag } from '../../../../src/compiler/compiled.ts';
import { exposeExperimentsForQa, type QaWindow } from '../../../../src/runtime/startup/qaHook.ts';

const definitions: Record<string, CompiledFlag> = {
  unifiedLogin: { variants: ['off', 'on'], default: 'on' },
  buttons: {
    variants: ['control', 'variant1'],
    default: 'control',
    experiment: { state: 'running', weights: { control: 50, variant1: 50 } },
  },
};

describe('window.__experiments', () => {
  test("shows this page's variants and reasons", () => {
    const target: QaWindow = {};
    const flags = {
      values: { unifiedLogin: 'on', buttons: 'variant1' },
      reasons: { unifiedLogin: 'STATIC' as const, buttons: 'SPLIT' as const },
    };
    exposeExperimentsForQa(target, { flags, definitions, audience: {}, isRobot: false, cookies: memoryCookies() });
    expect(target.__experiments?.flags).toBe(flags);
  });

  test('assigns another visitor id as the browser would, the same id always alike, a robot the defaults', async () => {
    const parent: QaWindow = {};
    const robot: QaWindow = {};
    const flags = { values: {}, reasons: {} };
    exposeExperimentsForQa(parent, { flags, definitions, audience: {}, isRobot: false, cookies: memoryCookies() });
    exposeExperimentsForQa(robot, { flags, definitions, audience: {}, isRobot: true, cookies: memoryCookies() });
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const variants = await parent.__experiments!.assign(`visitor-${i}`);
      expect(variants.unifiedLogin).toBe('on');
      expect(await parent.__experiments!.assign(`visitor-${i}`)).toEqual(variants);
      seen.add(variants.buttons!);
    }
    expect([...seen].sort()).toEqual(['control', 'variant1']);
    expect(await robot.__experiments!.assign('visitor-1')).toEqual({ unifiedLogin: 'on', buttons: 'control' });
  });
});
