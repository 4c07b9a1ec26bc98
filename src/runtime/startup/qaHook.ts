import { flagContext, type ResolvedFlags } from '../../adapters/flags/flags.ts';
import type { CookieJar } from '../../browser/storage.ts';
import type { CompiledConfig } from '../../compiler/compiled.ts';

export interface ExperimentsQaHook {
  /** This page's variants and reasons. */
  flags: ResolvedFlags;
  /** What the browser's evaluator gives another visitor id on this page (its code loads on call). */
  assign(visitorId: string): Promise<Record<string, string>>;
}

export interface QaWindow {
  __experiments?: ExperimentsQaHook;
}

export interface QaHookOptions {
  flags: ResolvedFlags;
  definitions: CompiledConfig['flags'];
  audience: Record<string, unknown>;
  isRobot: boolean;
  cookies: CookieJar;
}

/** `window.__experiments`, for QA and the browser tests (tests/e2e/experiments.test.ts). */
export function exposeExperimentsForQa(target: QaWindow, o: QaHookOptions): void {
  target.__experiments = {
    flags: o.flags,
    async assign(visitorId) {
      const { LocalExperimentProvider } = await import('../../adapters/flags/localProvider.ts');
      const provider = new LocalExperimentProvider(o.definitions);
      await provider.initialize({ ...flagContext(o.cookies, '', '/', o.isRobot, o.audience), experimentId: visitorId });
      return Object.fromEntries(
        Object.entries(o.definitions).map(([name, d]) => [name, provider.resolveStringEvaluation(name, d.default).variant]),
      );
    },
  };
}
