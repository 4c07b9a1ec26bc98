import { funnelMaps, nodeId } from './graph.ts';
import type { MapSource } from './source.ts';

/**
 * Screen id → the screens a parent can go to from it (links, buttons, `go` actions, next-page
 * targets, redirects, route rules), from the funnel maps' arrows: what the browser fetches
 * ahead while a screen shows (src/runtime/prefetch.ts).
 */
export function nextScreens(source: MapSource): Record<string, string[]> {
  const screenOfNode = new Map<string, string>();
  for (const funnel of source.funnels)
    for (const screen of funnel.screens) {
      screenOfNode.set(nodeId('s_', screen.id), screen.id);
      screenOfNode.set(nodeId('f_', screen.id), screen.id);
    }
  const next = new Map<string, Set<string>>();
  for (const map of funnelMaps(source))
    for (const edge of map.edges) {
      const from = screenOfNode.get(edge.from);
      const to = screenOfNode.get(edge.to);
      if (!from || !to || from === to) continue;
      if (!next.has(from)) next.set(from, new Set());
      next.get(from)!.add(to);
    }
  return Object.fromEntries([...next].map(([from, to]) => [from, [...to].sort()]));
}
