import { evaluateCondition } from '../language/evaluate/conditions.ts';
import type { Facts } from '../language/evaluate/facts.ts';
import type { SimpleTarget, Target } from '../language/schema/targets.ts';

export type ResolvedTarget = { kind: 'internal'; path: string } | { kind: 'external'; url: string };

/** A path held in client state is only followed when it is a path of this site (no open redirect). */
const isInternalPath = (v: unknown): v is string => typeof v === 'string' && v.startsWith('/') && !v.startsWith('//');

function resolveSimple(target: SimpleTarget, facts: Facts, links: Readonly<Record<string, string>>): ResolvedTarget | null {
  if (typeof target === 'string') return { kind: 'internal', path: target };
  if ('external' in target) {
    const url = links[target.external];
    return url ? { kind: 'external', url } : null;
  }
  const held = facts.get(`state.${target.state}`);
  return isInternalPath(held) ? { kind: 'internal', path: held } : null;
}

/**
 * Where a target leads now: a path, a named external link, the path held in client state
 * (empty → the next case), or the first `{ when, to }` case that holds and leads somewhere.
 */
export function resolveTarget(target: Target, facts: Facts, links: Readonly<Record<string, string>>): ResolvedTarget | null {
  if (!Array.isArray(target)) return resolveSimple(target, facts, links);
  for (const c of target) {
    if (!evaluateCondition(c.when, facts)) continue;
    const resolved = resolveSimple(c.to, facts, links);
    if (resolved) return resolved;
  }
  return null;
}

export interface HrefOptions {
  /** Carry the current query string along (the target's own parameters win). */
  keepQuery?: boolean | undefined;
  currentSearch?: string;
  /** Parameters to add (they win over both); null/undefined values are left out. */
  query?: Record<string, unknown> | undefined;
}

function applyQuery(params: URLSearchParams, opts: HrefOptions) {
  if (opts.keepQuery && opts.currentSearch)
    for (const [k, v] of new URLSearchParams(opts.currentSearch)) if (!params.has(k)) params.append(k, v);
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v === undefined || v === null) continue;
    params.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
}

/** The address to go to: `/path?query` for a route, a full URL for an external link. */
export function buildHref(target: ResolvedTarget, opts: HrefOptions = {}): string {
  if (target.kind === 'external') {
    const url = new URL(target.url);
    applyQuery(url.searchParams, opts);
    return url.toString();
  }
  const q = target.path.indexOf('?');
  const path = q < 0 ? target.path : target.path.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : target.path.slice(q + 1));
  applyQuery(params, opts);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
