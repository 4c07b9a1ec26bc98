/**
 * The funnels and screens of a release, which `POST /api/events` may name (src/server/releases/):
 * by funnel id, each screen id with its place in the funnel (the step the report orders screens
 * by, as src/compiler/compile.ts numbers them; funnels made from a template included).
 */
import type { CompiledScreen } from '../../compiler/compiled.ts';

/** Funnel id → screen id → its step (0 first). */
export type FunnelScreens = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** The screens of a compiled release: each screen knows its funnel and its step. */
export function funnelScreensOfRelease(screens: Readonly<Record<string, CompiledScreen>>): FunnelScreens {
  const funnels = new Map<string, Map<string, number>>();
  for (const [id, screen] of Object.entries(screens)) {
    const funnel = funnels.get(screen.funnel) ?? new Map<string, number>();
    funnel.set(id, screen.funnelStep);
    funnels.set(screen.funnel, funnel);
  }
  return funnels;
}
