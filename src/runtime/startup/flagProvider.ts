import {
  DefaultsProvider,
  DeferredProvider,
  type FlagContext,
  type FlagProvider,
  type FlagValues,
  type ResolvedFlags,
  resolveFlags,
} from '../../adapters/flags/flags.ts';
import type { CompiledConfig } from '../../compiler/compiled.ts';
import { anyExperimentRunning } from '../../experiments/audience.ts';
import type { PageState } from '../../ssr/pageState.ts';

/** How long screens wait for the flag service (and the client config) before using the defaults. */
export const FLAG_TIMEOUT_MS = 1500;

type FlagDefinitions = CompiledConfig['flags'];

export interface FlagProviderEnv {
  /** `local` (the default): the experiments evaluated in the browser; `remote`: a flag service asked once. */
  flagProvider?: string | undefined;
  /** The remote flag service (default `{apiBase}/flags`, the same evaluator on the server). */
  flagServiceUrl?: string | undefined;
}

/**
 * Which flag provider answers (configuration: VITE_FLAG_PROVIDER, VITE_FLAG_SERVICE_URL). The local evaluator's
 * and the remote client's code load only when they are asked.
 */
export function chooseFlagProvider(flags: FlagDefinitions, env: FlagProviderEnv, apiBase: string): FlagProvider {
  if (env.flagProvider === 'remote')
    return new DeferredProvider('remote', async () => {
      const { HttpFlagProvider } = await import('../../adapters/flags/remoteProvider.ts');
      return new HttpFlagProvider(env.flagServiceUrl || `${apiBase}/flags`);
    });
  if (!anyExperimentRunning(flags)) return new DefaultsProvider();
  return new DeferredProvider('local', async () => {
    const { LocalExperimentProvider } = await import('../../adapters/flags/localProvider.ts');
    return new LocalExperimentProvider(flags);
  });
}

export interface PageFlagsOptions {
  definitions: FlagDefinitions;
  /** The state of the page the server rendered for this address, if it did. */
  rendered: PageState | null;
  isRobot: boolean;
  audience: Record<string, unknown>;
  override: FlagValues;
  provider: () => FlagProvider;
  context: () => FlagContext;
  timeoutMs?: number;
}

/**
 * This page's flags. The server evaluated this visitor's variants as the browser would, unless it took a parent for a
 * robot (or the reverse), or an audience read something the server could not see (a UTM touch of an earlier visit,
 * the screen's width): then the browser asks its provider.
 */
export function pageFlags(o: PageFlagsOptions): Promise<ResolvedFlags> {
  const { rendered } = o;
  if (rendered && rendered.robot === o.isRobot && JSON.stringify(rendered.audience) === JSON.stringify(o.audience))
    return Promise.resolve(rendered.flags);
  return resolveFlags({
    definitions: o.definitions,
    provider: o.provider(),
    context: o.context(),
    override: o.override,
    timeoutMs: o.timeoutMs ?? FLAG_TIMEOUT_MS,
  });
}
