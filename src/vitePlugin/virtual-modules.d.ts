declare module 'virtual:funnel-config' {
  import type { CompiledConfig, CompiledCopy, CompiledScreenModule } from '../compiler/compiled.ts';
  export const config: CompiledConfig;
  /**
   * The default locale's copy the app shell needs before any screen (app.yaml's keys, the
   * runtime's own keys and what they nest). Each screen brings the rest with `loadScreen`.
   */
  export const defaultCopy: CompiledCopy;
  /** Each screen is its own chunk, with the default-locale copy it shows. */
  export function loadScreen(screenId: string): Promise<CompiledScreenModule>;
  /** Other locales load on demand, whole (the default locale answers `defaultCopy`). */
  export function loadCopy(locale: string): Promise<CompiledCopy>;
}

declare module 'virtual:funnel-config/head' {
  import type { CompiledHead } from '../compiler/compiled.ts';

  const head: CompiledHead | null;
  export default head;
}
