/**
 * What the build hands the browser: the checked config, compiled by src/compiler/compile.ts and
 * served by the Vite plugin as the virtual module `virtual:funnel-config`
 * (see src/vitePlugin/virtual-modules.d.ts). Only types here: no zod and no YAML parser reach
 * the client bundle. What only people read (flag descriptions, route-rule names, funnel
 * descriptions) and what the browser does not use (layoutGroups, already applied to each
 * route's layout; a route's funnel) is left out.
 */
import type { AppConfig, FlagDefinition } from './schema/index.ts';
import type { Screen } from './schema/screen.ts';

export interface CompiledRoute {
  path: string;
  screenId: string;
  /** The layout (header/footer style) after layoutGroups are applied. */
  layout: string;
  load: 'eager' | 'onDemand';
}

export interface CompiledScreen extends Screen {
  funnel: string;
  /** The screen's place in its funnel file (0 first): the order of the report's drop-off chart. */
  funnelStep: number;
  layout: string;
  /** 'STEP n OF m', or a labelled stepper when `labels` is set. */
  progress?: { step: number; of: number; labels?: string[] };
}

/** A route rule without its `name:` (a note for people). */
export type CompiledRouteRule = Omit<AppConfig['routeRules'][number], 'name'>;

/**
 * app.yaml without `layoutGroups` (already in each route's layout), route-rule names, and the
 * error mapping (`callGroups`, `errors`: already in each call's `outcomes`).
 */
export interface CompiledApp extends Omit<AppConfig, 'routeRules' | 'layoutGroups' | 'shellTexts' | 'head' | 'callGroups' | 'errors'> {
  routeRules: CompiledRouteRule[];
}

/** app.yaml's `head:`: only the HTML of the page uses it (the build's index.html, the server's pages). */
export type CompiledHead = NonNullable<AppConfig['head']>;

/** A flag without its `description:` (a note for people). */
export type CompiledFlag = Omit<FlagDefinition, 'description'>;

export interface CompiledConfig {
  app: CompiledApp;
  flags: Record<string, CompiledFlag>;
  routes: CompiledRoute[];
  locales: string[];
}

/** Copy of one locale: namespace → flattened key ('errors.wrongPassword') → text. */
export type CompiledCopy = Record<string, Record<string, string>>;

/**
 * What `loadScreen(id)` answers: the screen, and the default-locale copy it shows that the
 * shell's copy (`defaultCopy`) does not already hold. Both come in the screen's own chunk.
 */
export interface CompiledScreenModule {
  screen: CompiledScreen;
  copy: CompiledCopy;
}
