import { type CheckContext, isRecord, isRoutePath } from './context.ts';

/** Does the concrete path `path` match `pattern`, where ':name' segments match any segment? */
export function matchRoute(path: string, pattern: string): boolean {
  if (path === pattern) return true;
  const a = path.split('/');
  const b = pattern.split('/');
  if (a.length !== b.length) return false;
  return a.every((segment, i) => {
    const want = b[i]!;
    if (want.startsWith(':')) return segment !== '';
    return !segment.startsWith(':') && segment === want;
  });
}

/** Every path the app answers: screen paths, and paths listed in app routeRules. */
export function knownRoutes(ctx: CheckContext): string[] {
  const routes = ctx.screens.flatMap((s) => (s.route === undefined ? [] : [s.route]));
  const rules = ctx.app?.data.routeRules;
  if (Array.isArray(rules))
    for (const rule of rules) if (isRecord(rule) && Array.isArray(rule.paths)) routes.push(...rule.paths.filter(isRoutePath));
  return [...new Set(routes)];
}

export function routeExists(routes: readonly string[], path: string): boolean {
  return routes.some((route) => matchRoute(path, route));
}

/** Could `path` be a route of a config file that could not be parsed? */
export function brokenMayDefineRoute(ctx: CheckContext, path: string): boolean {
  if (!ctx.broken.anyConfig) return false;
  return [...ctx.broken.tokens].some((token) => token.startsWith('/') && matchRoute(path, token));
}
