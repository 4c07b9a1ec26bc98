declare module 'virtual:funnel-config' {
  import type { CompiledConfig, CompiledCopy, CompiledScreen } from './compiled.ts';
  export const config: CompiledConfig;
  /** Copy of the default locale, bundled with the app. */
  export const defaultCopy: CompiledCopy;
  /** Each screen is its own chunk. */
  export function loadScreen(screenId: string): Promise<CompiledScreen>;
  /** Other locales load on demand. */
  export function loadCopy(locale: string): Promise<CompiledCopy>;
}
