import type { CompiledConfig, CompiledRoute, CompiledScreen } from '../compiler/compiled.ts';
import type { Redirect } from '../compiler/schema/screen.ts';
import { evaluateCondition } from '../language/evaluate/conditions.ts';
import type { Facts } from '../language/evaluate/facts.ts';
import { buildHref, type ResolvedTarget, resolveTarget } from './targets.ts';
import { readValueMap } from './values.ts';

export interface RouteLocation {
  pathname: string;
  search: string;
}

/** `/dont-go/:page` against `/dont-go/1` → `{ page: '1' }`; no match → null. Case and a trailing slash are ignored. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const h = have[i]!;
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(h);
      } catch {
        return null;
      }
    } else if (w.toLowerCase() !== h.toLowerCase()) return null;
  }
  return params;
}

/** The route for a path: an exact (static) path first, then one with `:params`. */
export function findRoute(
  routes: readonly CompiledRoute[],
  pathname: string,
): { route: CompiledRoute; params: Record<string, string> } | null {
  const ordered = [...routes.filter((r) => !r.path.includes(':')), ...routes.filter((r) => r.path.includes(':'))];
  for (const route of ordered) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

export type RouteOutcome =
  | {
      kind: 'redirect';
      target: ResolvedTarget;
      /** Path and query for a route of the app, full URL for an external link. */
      href: string;
      /** Set client state `expectedNextPage` to this before going (rememberOrigin). */
      origin: string | null;
      /** `routeRules[i]` (names stay in app.yaml), or the screen id whose redirect applied. */
      by: string;
    }
  /** The screen's chunk is not loaded yet: load it and resolve again. */
  | { kind: 'load'; route: CompiledRoute; params: Record<string, string>; notFound: boolean }
  | { kind: 'screen'; route: CompiledRoute; screen: CompiledScreen; params: Record<string, string>; notFound: boolean }
  /** Not even the not-found screen exists (the checker prevents this). */
  | { kind: 'none' };

function redirectOutcome(
  r: Redirect,
  location: RouteLocation,
  facts: Facts,
  links: Readonly<Record<string, string>>,
  by: string,
): RouteOutcome | null {
  if (!evaluateCondition(r.when, facts)) return null;
  const target = resolveTarget(r.to, facts, links);
  if (!target) return null;
  const href = buildHref(target, { keepQuery: r.keepQuery, currentSearch: location.search, query: readValueMap(r.query, facts) });
  // A redirect to the very page asked for would loop: the screen is shown instead.
  if (target.kind === 'internal' && href === location.pathname + location.search) return null;
  return { kind: 'redirect', target, href, origin: r.rememberOrigin ? location.pathname + location.search : null, by };
}

/**
 * What a location shows: the app's route rules in order (the first whose paths
 * match and whose `when` holds), then the screen of the path (or the not-found screen), then
 * that screen's own redirects in order, then the screen itself.
 */
export function resolveRoute(
  config: Pick<CompiledConfig, 'app' | 'routes'>,
  location: RouteLocation,
  facts: Facts,
  loadedScreen: (screenId: string) => CompiledScreen | undefined,
): RouteOutcome {
  const { app } = config;
  const path = location.pathname;
  for (const [i, rule] of app.routeRules.entries()) {
    const applies = rule.paths
      ? rule.paths.some((p) => matchPath(p, path) !== null)
      : rule.pathContains !== undefined && path.includes(rule.pathContains);
    if (!applies) continue;
    const outcome = redirectOutcome(rule.redirect, location, facts, app.links, `routeRules[${i}]`);
    if (outcome) return outcome;
  }
  const found = findRoute(config.routes, path);
  const notFound = found === null;
  const route = found?.route ?? config.routes.find((r) => r.screenId === app.notFound);
  if (!route) return { kind: 'none' };
  const params = found?.params ?? {};
  const screen = loadedScreen(route.screenId);
  if (!screen) return { kind: 'load', route, params, notFound };
  for (const r of screen.redirects ?? []) {
    const outcome = redirectOutcome(r, location, facts, app.links, screen.id);
    if (outcome) return outcome;
  }
  return { kind: 'screen', route, screen, params, notFound };
}
