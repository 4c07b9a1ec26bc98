import type { z } from 'zod';
import { matchRoute } from '../../compiler/checks/routeIndex.ts';
import type { CompiledScreen } from '../../compiler/compiled.ts';
import type { YamlPath } from '../../compiler/diagnostic.ts';
import { defOf, unwrap, type WalkNode, walk } from '../../compiler/schemaWalk.ts';
import type { Condition } from '../../language/schema/conditions.ts';
import { unionInfo } from '../../language/schema/roles.ts';
import { type SimpleTarget, type Target, target as targetSchema } from '../../language/schema/targets.ts';
import { conditionText, targetText } from './conditionText.ts';
import type { FunnelSource, MapSource, NamedRouteRule } from './source.ts';

/**
 * A funnel as a graph: its screens, everything they lead to, and how. Edges are found by the
 * `target` role of the schema (src/language/schema/roles.ts), so a link in a block added
 * tomorrow is on the map without a change here. Node ids are derived from screen ids, paths
 * and link names only, so the map changes only when the config does.
 */
export interface FunnelMap {
  funnel: string;
  /** The funnel file (funnels/signup.yaml). */
  file: string;
  screens: ScreenRow[];
  /** This funnel's screens first, in file order; then everything outside it, by id. */
  nodes: MapNode[];
  edges: MapEdge[];
}

export type NodeKind = 'screen' | 'otherScreen' | 'path' | 'external' | 'state';

export interface MapNode {
  id: string;
  kind: NodeKind;
  /** The label, one entry per line. */
  lines: string[];
}

export interface MapEdge {
  from: string;
  to: string;
  /** How the parent gets there: `plans next`, `redirect`, `paymentForm onPay › PurchaseSubscription ok`. */
  how: string;
  /** When: the conditions on the way (`session.loggedIn`), `otherwise`, or '' (always). */
  when: string;
}

export interface ScreenRow {
  id: string;
  path: string;
  title: string | undefined;
  /** What sends a parent elsewhere instead of showing the screen: route rules, then the screen's redirects. */
  guards: string[];
  /** The conditions of the screen's variants, in order. */
  variants: string[];
}

export function funnelMaps(source: MapSource): FunnelMap[] {
  return source.funnels.map((funnel) => funnelMap(funnel, source));
}

/** Mermaid-safe ids: letters and digits kept, anything else written as `_<hex>_`. */
export function nodeId(prefix: string, name: string): string {
  return prefix + name.replace(/[^A-Za-z0-9]/g, (c) => `_${c.charCodeAt(0).toString(16)}_`);
}

/** matchRoute, quicker for the usual pattern without `:params` (the map asks it thousands of times). */
const matches = (path: string, pattern: string) => path === pattern || (pattern.includes(':') && matchRoute(path, pattern));

/** The route rules that apply to a path, in the order the runtime tries them. */
export function rulesFor(path: string, rules: readonly NamedRouteRule[]): NamedRouteRule[] {
  return rules.filter((rule) =>
    rule.paths ? rule.paths.some((p) => matches(path, p)) : rule.pathContains !== undefined && path.includes(rule.pathContains),
  );
}

/** The screen a path opens: a screen with exactly that path, else one whose `:params` match. */
function screenAt(path: string, screens: readonly CompiledScreen[]): CompiledScreen | undefined {
  return screens.find((s) => s.path === path) ?? screens.find((s) => matches(path, s.path));
}

const targetHolders = new Map<z.ZodType, boolean>();

/**
 * Can data of this schema hold a target somewhere inside? The map walks only there: a
 * screen's conditions, copy keys and values (most of its nodes) never lead anywhere.
 * Answers are kept per schema; a "no" reached through a schema still being looked at (the
 * recursion of actions and conditions) is not kept, since that schema's answer was not known yet.
 */
function mayHoldTarget(schema: z.ZodType, open = new Set<z.ZodType>()): boolean {
  const { schema: inner, roles } = unwrap(schema);
  if (roles.has('target')) return true;
  const known = targetHolders.get(inner);
  if (known !== undefined) return known;
  if (open.has(inner)) return false;
  open.add(inner);
  const union = unionInfo.get(inner);
  const def = defOf(inner);
  const children = union
    ? Object.values(union.branches)
    : def.type === 'union'
      ? (def.options ?? [])
      : def.type === 'object'
        ? Object.values(def.shape ?? {})
        : def.type === 'array'
          ? [def.element!]
          : def.type === 'record'
            ? [def.valueType!]
            : [];
  const holds = children.some((child) => mayHoldTarget(child, open));
  open.delete(inner);
  if (holds || open.size === 0) targetHolders.set(inner, holds);
  return holds;
}

/** The list form of `target` ([{ when, to }, ...]): a leaf whose grandparent is this list is a case. */
const targetListSchema = (defOf(unwrap(targetSchema).schema).options ?? [])
  .map((option) => unwrap(option).schema)
  .find((schema) => defOf(schema).type === 'array');

function funnelMap(funnel: FunnelSource, source: MapSource): FunnelMap {
  const allScreens = source.funnels.flatMap((f) => f.screens);
  const nodes = new Map<string, MapNode>();
  const edges: MapEdge[] = [];
  const seen = new Set<string>();
  /** Paths outside the funnel that a route rule may send on: drawn one step further. */
  const outside = new Map<string, string>();

  const addEdge = (from: string, to: string, words: { how: string; when: string }) => {
    const key = JSON.stringify([from, to, words.how, words.when]);
    if (seen.has(key)) return;
    seen.add(key);
    edges.push({ from, to, ...words });
  };
  const addNode = (node: MapNode) => {
    if (!nodes.has(node.id)) nodes.set(node.id, node);
    return node.id;
  };

  const nodeFor = (target: SimpleTarget): string => {
    if (typeof target !== 'string') {
      if ('external' in target) {
        const url = source.links[target.external];
        return addNode({ id: nodeId('e_', target.external), kind: 'external', lines: url ? [target.external, url] : [target.external] });
      }
      return addNode({ id: nodeId('v_', target.state), kind: 'state', lines: [`the path in state ${target.state}`] });
    }
    const screen = screenAt(target, allScreens);
    if (screen?.funnel === funnel.name) return nodeId('s_', screen.id);
    const id = screen
      ? addNode({ id: nodeId('f_', screen.id), kind: 'otherScreen', lines: [`${screen.funnel}: ${screen.id}`, screen.path] })
      : addNode({ id: nodeId('p_', target), kind: 'path', lines: [target] });
    if (!outside.has(id)) outside.set(id, target);
    return id;
  };

  const ruleEdges = (from: string, path: string) => {
    for (const rule of rulesFor(path, source.routeRules))
      for (const c of cases(rule.redirect.to)) {
        const when = [...(rule.redirect.when ? [rule.redirect.when] : []), ...c.when];
        addEdge(from, nodeFor(c.to), inWords({ how: ['route rule'], when, otherwise: c.otherwise }));
      }
  };

  const screens: ScreenRow[] = [];
  for (const screen of funnel.screens) {
    const id = addNode({ id: nodeId('s_', screen.id), kind: 'screen', lines: [screen.id, screen.path] });
    ruleEdges(id, screen.path);
    const found: (Route & { version: Version; to: string })[] = [];
    const visit = (node: WalkNode) => {
      if (node.roles.has('target') && node.typed) found.push({ ...describeLeaf(node), to: nodeFor(node.data as SimpleTarget) });
    };
    walk(source.screenSchema, screen, visit, [], undefined, (node) => mayHoldTarget(node.schema));
    for (const edge of mergeVariants(found, screen.variants?.length ?? 0)) addEdge(id, edge.to, edge.words);
    screens.push(screenRow(screen, source));
  }
  // Where a path outside the funnel is sent on by the route table (/tryclasses → the main site).
  // Only one step: what those places lead to belongs to their own maps.
  for (const [id, path] of [...outside]) ruleEdges(id, path);

  const own = funnel.screens.map((s) => nodeId('s_', s.id));
  const others = [...nodes.keys()].filter((id) => !own.includes(id)).sort();
  return {
    funnel: funnel.name,
    file: funnel.file,
    screens,
    nodes: [...own, ...others].map((id) => nodes.get(id)!),
    edges,
  };
}

/** Each place a target can lead, with the condition of its case. */
function cases(target: Target): { to: SimpleTarget; when: Condition[]; otherwise: boolean }[] {
  if (!Array.isArray(target)) return [{ to: target, when: [], otherwise: false }];
  return target.map((c, i) => ({ to: c.to, when: c.when ? [c.when] : [], otherwise: c.when === undefined && i > 0 }));
}

/**
 * How a target is reached: the block and the key it hangs under (`link`, `plans next`,
 * `form onSubmit`) then the actions it is nested in (`LoginUser ok`, `PurchaseSubscription
 * failed`, `notify link`); and when: every `when:` on the way (block, action, redirect, case),
 * all of which must hold, `otherwise` for the last case of a target list.
 */
interface Route {
  how: string[];
  when: Condition[];
  otherwise: boolean;
}

/**
 * Which version of a screen has a target: the default `blocks`, a variant (by index), or
 * `every` for what is outside the blocks (redirects, onEnter).
 */
type Version = number | 'default' | 'every';

/** `plans next` when `session.loggedIn`; `paymentForm onPay › PurchaseSubscription ok` always (''). */
function inWords({ how, when, otherwise }: Route): { how: string; when: string } {
  const words = [
    ...(when.length > 0 ? [conditionText(when.length === 1 ? when[0]! : { all: when })] : []),
    ...(otherwise ? ['otherwise'] : []),
  ];
  return { how: how.join(' › '), when: words.join(', ') };
}

/**
 * A screen with variants draws each of its links once: a link every version of the screen has
 * (the default blocks and each variant) carries no variant, the others say where they are
 * (`text link (variants 1, 2)`, `plans next (default)`). Variants are numbered as in the table.
 */
function mergeVariants(found: (Route & { version: Version; to: string })[], variantCount: number) {
  const groups = new Map<string, Route & { to: string; versions: Set<Version> }>();
  for (const edge of found) {
    const key = JSON.stringify([edge.to, edge.how, edge.when, edge.otherwise]);
    const group = groups.get(key) ?? { ...edge, versions: new Set() };
    group.versions.add(edge.version);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ versions, to, ...route }) => {
    if (variantCount === 0 || versions.has('every') || versions.size === variantCount + 1) return { to, words: inWords(route) };
    const numbers = [...versions].filter((v) => typeof v === 'number').map((v) => v + 1);
    const where = [
      ...(versions.has('default') ? ['default'] : []),
      ...(numbers.length > 0 ? [`variant${numbers.length > 1 ? 's' : ''} ${numbers.join(', ')}`] : []),
    ].join(', ');
    const how = [`${route.how[0]} (${where})`, ...route.how.slice(1)];
    return { to, words: inWords({ ...route, how }) };
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function describeLeaf(leaf: WalkNode): Route & { version: Version } {
  const chain: WalkNode[] = [];
  for (let n: WalkNode | undefined = leaf; n; n = n.parent) chain.unshift(n);
  const isBlock = (n: WalkNode) => n.union?.info.what === 'block';
  const isAction = (n: WalkNode) => n.union?.info.what === 'action';

  const how: string[] = [];
  const blockAt = chain.findLastIndex(isBlock);
  const actions = chain.filter((n, i) => i > blockAt && isAction(n));
  if (blockAt >= 0) {
    const block = chain[blockAt]!;
    const end = actions[0]?.path.length ?? leaf.path.length;
    const keys = leaf.path.slice(block.path.length, end).filter((k) => typeof k === 'string' && k !== 'to' && k !== 'actions');
    how.push([block.union!.branch, ...keys].join(' '));
  } else how.push(leaf.path[0] === 'redirects' ? 'redirect' : String(leaf.path[0]));
  actions.forEach((action, i) => {
    const key = leaf.path[action.path.length];
    const branch = action.union!.branch;
    if (key === 'then' || key === 'catch') {
      const name = branch === 'call' && isRecord(action.data) && typeof action.data.fn === 'string' ? action.data.fn : branch;
      how.push(`${name} ${key === 'then' ? 'ok' : 'failed'}`);
    } else if (i === actions.length - 1 && branch !== 'go') how.push(`${branch} ${String(key)}`);
  });

  // The variant's own condition is in the table; the edge names the variant by its number.
  const variant = chain.find((n) => n.path.length === 2 && n.path[0] === 'variants');
  const when = chain.flatMap((n) => (n !== variant && isRecord(n.data) && n.data.when !== undefined ? [n.data.when as Condition] : []));
  const kase = leaf.parent;
  const otherwise =
    kase !== undefined &&
    kase.parent?.schema === targetListSchema &&
    isRecord(kase.data) &&
    kase.data.when === undefined &&
    lastIndex(kase.path) > 0;
  const version = variant ? Number(variant.path[1]) : leaf.path[0] === 'blocks' ? 'default' : 'every';
  return { how, when, otherwise, version };
}

const lastIndex = (path: YamlPath) => Number(path[path.length - 1]);

export function screenRow(screen: CompiledScreen, source: MapSource): ScreenRow {
  const guards = [
    ...rulesFor(screen.path, source.routeRules).map(
      (rule) => `route rule${rule.name ? ` '${rule.name}'` : ''}: ${redirectText(rule.redirect.when, rule.redirect.to, source.links)}`,
    ),
    ...(screen.redirects ?? []).map((r) => redirectText(r.when, r.to, source.links)),
  ];
  return {
    id: screen.id,
    path: screen.path,
    title: screen.title === undefined ? undefined : (source.text(screen.title) ?? screen.title),
    guards,
    variants: (screen.variants ?? []).map((v, i) => `${i + 1}: ${conditionText(v.when)}`),
  };
}

function redirectText(when: Condition | undefined, to: Target, links: Readonly<Record<string, string>>): string {
  return `${when ? conditionText(when) : 'always'} → ${targetText(to, links)}`;
}
