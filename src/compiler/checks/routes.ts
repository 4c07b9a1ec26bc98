import { closest } from '../../language/suggest.ts';
import { type Diagnostic, error, warning } from '../diagnostic.ts';
import { type Check, isRecord, isRoutePath } from './context.ts';
import { brokenMayDefineRoute, knownRoutes, routeExists } from './routeIndex.ts';

/**
 * Every internal path a target leads to (links, buttons' `go`, redirects, route rules,
 * header/footer links, sessionWatch.then...) is a screen path or a path of a route rule.
 */
export const checkRouteTargets: Check = (ctx) => {
  const routes = knownRoutes(ctx);
  const out: Diagnostic[] = [];
  for (const { file, node } of ctx.nodes) {
    if (!node.roles.has('target') || !isRoutePath(node.data)) continue;
    const path = node.data;
    if (routeExists(routes, path) || brokenMayDefineRoute(ctx, path)) continue;
    const suggestion = closest(path, routes);
    const message =
      suggestion === undefined
        ? `No screen or route rule has the path '${path}'. Add a screen with this path, or a route rule for it in the app file.`
        : `No screen or route rule has the path '${path}'.`;
    out.push(error(file.relPath, node.path, message, { suggestion }));
  }
  return out;
};

/** A layout group's paths should be paths of the app; otherwise the group does nothing there. */
export const checkLayoutGroupPaths: Check = (ctx) => {
  const groups = ctx.app?.data.layoutGroups;
  if (!ctx.app || !Array.isArray(groups)) return [];
  const routes = knownRoutes(ctx);
  const out: Diagnostic[] = [];
  groups.forEach((group, g) => {
    if (!isRecord(group) || !Array.isArray(group.paths)) return;
    group.paths.forEach((path, p) => {
      if (!isRoutePath(path) || routeExists(routes, path) || brokenMayDefineRoute(ctx, path)) return;
      out.push(
        warning(
          ctx.app!.file.relPath,
          ['app', 'layoutGroups', g, 'paths', p],
          `No screen or route rule has the path '${path}', so this layout group does nothing for it.`,
          {
            suggestion: closest(path, routes),
          },
        ),
      );
    });
  });
  return out;
};
