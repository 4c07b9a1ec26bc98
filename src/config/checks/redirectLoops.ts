import { type Diagnostic, error, type YamlPath } from '../diagnostic.ts';
import type { ConfigFile } from '../load.ts';
import { type Check, isRecord, isRoutePath } from './context.ts';
import { knownRoutes, matchRoute } from './routeIndex.ts';

interface Edge {
  to: string;
  file: ConfigFile;
  /** Where the `to:` is written. */
  at: YamlPath;
}

/**
 * Unconditional redirects (no `when:`) that lead round in a circle, like /a → /b → /a:
 * a visitor would never see a page. For each path the redirect that always applies is the
 * first one without `when:` — route rules in order, then the screen's own redirects.
 */
export const checkRedirectLoops: Check = (ctx) => {
  const routes = knownRoutes(ctx);
  const edges = new Map<string, Edge>();
  const add = (from: string, edge: Edge) => {
    if (!edges.has(from)) edges.set(from, edge);
  };

  const rules = ctx.app?.data.routeRules;
  if (ctx.app && Array.isArray(rules)) {
    rules.forEach((rule, i) => {
      if (!isRecord(rule) || !isRecord(rule.redirect) || rule.redirect.when !== undefined || !isRoutePath(rule.redirect.to)) return;
      const edge = { to: rule.redirect.to, file: ctx.app!.file, at: ['app', 'routeRules', i, 'redirect', 'to'] };
      if (Array.isArray(rule.paths)) for (const path of rule.paths.filter(isRoutePath)) add(path, edge);
      if (typeof rule.pathContains === 'string' && rule.pathContains !== '')
        for (const path of routes) if (path.includes(rule.pathContains)) add(path, edge);
    });
  }
  for (const screen of ctx.screens) {
    if (screen.route === undefined || !Array.isArray(screen.data.redirects)) continue;
    const index = screen.data.redirects.findIndex((r) => isRecord(r) && r.when === undefined && isRoutePath(r.to));
    if (index < 0) continue;
    const redirect = screen.data.redirects[index] as { to: string };
    add(screen.route, { to: redirect.to, file: screen.file, at: [...screen.path, 'redirects', index, 'to'] });
  }

  const nodeOf = (path: string) => (edges.has(path) ? path : ([...edges.keys()].find((route) => matchRoute(path, route)) ?? path));
  const reported = new Set<string>();
  const out: Diagnostic[] = [];
  for (const start of [...edges.keys()].sort()) {
    const chain: string[] = [];
    let current: string | undefined = start;
    while (current !== undefined && !chain.includes(current)) {
      chain.push(current);
      const edge = edges.get(current);
      current = edge ? nodeOf(edge.to) : undefined;
    }
    if (current === undefined) continue;
    const cycle = chain.slice(chain.indexOf(current));
    const id = [...cycle].sort().join(' ');
    if (reported.has(id)) continue;
    reported.add(id);
    // Start the loop at its alphabetically first path, so the message is the same every run.
    const first = cycle.indexOf([...cycle].sort()[0]!);
    const ordered = [...cycle.slice(first), ...cycle.slice(0, first)];
    const edge = edges.get(ordered[0]!)!;
    out.push(
      error(
        edge.file.relPath,
        edge.at,
        `These redirects go round in a loop: ${[...ordered, ordered[0]].join(' → ')}. ` +
          "A visitor would never see a page: add a 'when:' to one of them, or send it somewhere else.",
      ),
    );
  }
  return out;
};
