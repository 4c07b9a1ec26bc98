/**
 * What the build hands the browser: the checked config, compiled by src/config/compile.ts and
 * served by the Vite plugin as the virtual module `virtual:funnel-config`
 * (see src/config/virtual-modules.d.ts). Only types here: no zod and no YAML parser reach
 * the client bundle.
 */
import type { AppConfig, FlagDefinition } from './schema/index.ts';
import type { Screen } from './schema/screen.ts';

export interface CompiledRoute {
  path: string;
  screenId: string;
  funnel: string;
  /** The layout (header/footer style) after layoutGroups are applied. */
  layout: string;
  load: 'eager' | 'onDemand';
}

export interface CompiledScreen extends Screen {
  funnel: string;
  layout: string;
  /** 'STEP n OF m', or a labelled stepper when `labels` is set. */
  progress?: { step: number; of: number; labels?: string[] };
}

export interface CompiledConfig {
  app: AppConfig;
  flags: Record<string, FlagDefinition>;
  routes: CompiledRoute[];
  locales: string[];
}

/** Copy of one locale: namespace → flattened key ('errors.wrongPassword') → text. */
export type CompiledCopy = Record<string, Record<string, string>>;
