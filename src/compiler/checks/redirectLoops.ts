import { type Condition, condition as conditionSchema, fixedFacts } from '../../language/schema/conditions.ts';
import { type Diagnostic, error, type YamlPath } from '../diagnostic.ts';
import type { ConfigFile } from '../load.ts';
import { canAllHold, type Domains } from './conditionSat.ts';
import { type Check, type CheckContext, isRecord, isRoutePath, type ScreenDef } from './context.ts';
import { matchRoute } from './routeIndex.ts';

/**
 * Redirects that lead round in a circle, like /a → /b → /a, under conditions that can all hold
 * at once: a visitor would never see a page. A path's redirects are the app's route rules that
 * cover it, in order, then its screen's own (the runtime's order, src/runtime/routes.ts); one is
 * followed when its `when:` holds and none before it was. Facts stay the same from one hop to the
 * next, but for the address itself (`navigation.path`, `query.*`), read afresh at each hop.
 */
export const checkRedirectLoops: Check = (ctx) => {
  const graph = new RedirectGraph(ctx);
  const domains = factDomains(ctx);
  const reported = new Set<string>();
  const out: Diagnostic[] = [];

  const search = (start: string, node: string, hops: Hop[], holding: Condition[]) => {
    for (const edge of graph.edgesFrom(node)) {
      const conditions = [...holding, ...edge.conditions.map((c) => atHop(c, hops.length, node))];
      if (!canAllHold(conditions, domains)) continue;
      const chain = [...hops, { from: node, edge }];
      if (edge.to === start) {
        const id = chain
          .map((h) => h.from)
          .sort()
          .join(' ');
        if (!reported.has(id)) {
          reported.add(id);
          out.push(loopError(chain));
        }
      } else if (edge.to > start && !chain.some((h) => h.from === edge.to) && chain.length < MAX_HOPS)
        search(start, edge.to, chain, conditions);
    }
  };
  // Each loop is found from its alphabetically first path, so the message is the same every run.
  for (const start of graph.paths()) search(start, start, [], []);
  return out;
};

/** Longer loops than this are not looked for (the runtime stops far earlier anyway). */
const MAX_HOPS = 8;

interface Edge {
  to: string;
  file: ConfigFile;
  /** Where the `to:` is written. */
  at: YamlPath;
  /** What must hold for the visitor to be sent along it (earlier redirects of the path not applying). */
  conditions: Condition[];
  /** Its own `when:` (and its target case's), for the message. */
  own: Condition[];
}

interface Hop {
  from: string;
  edge: Edge;
}

interface Redirect {
  data: Record<string, unknown>;
  file: ConfigFile;
  at: YamlPath;
}

class RedirectGraph {
  private readonly edges = new Map<string, Edge[]>();
  private readonly rules: { rule: Record<string, unknown>; index: number }[] = [];
  private readonly notFound: ScreenDef | undefined;

  constructor(private readonly ctx: CheckContext) {
    const rules = ctx.app?.data.routeRules;
    if (Array.isArray(rules))
      rules.forEach((rule, index) => {
        if (isRecord(rule)) this.rules.push({ rule, index });
      });
    const notFoundId = ctx.app?.data.notFound;
    this.notFound = ctx.screens.find((s) => s.id === notFoundId);
  }

  /** Every path a loop could start from: screen paths, route-rule paths, and where redirects lead. */
  paths(): string[] {
    const found = new Set<string>(this.ctx.screens.flatMap((s) => (s.route === undefined ? [] : [s.route])));
    for (const { rule } of this.rules) if (Array.isArray(rule.paths)) for (const p of rule.paths.filter(isRoutePath)) found.add(p);
    const queue = [...found];
    for (let next = queue.shift(); next !== undefined; next = queue.shift())
      for (const edge of this.edgesFrom(next))
        if (!found.has(edge.to)) {
          found.add(edge.to);
          queue.push(edge.to);
        }
    return [...found].sort();
  }

  edgesFrom(path: string): Edge[] {
    let edges = this.edges.get(path);
    if (!edges) {
      edges = this.build(path);
      this.edges.set(path, edges);
    }
    return edges;
  }

  /** Route rules covering the path, in order, then the redirects of its screen (or of the not-found screen). */
  private redirectsAt(path: string): Redirect[] {
    const out: Redirect[] = [];
    for (const { rule, index } of this.rules) {
      const covers = Array.isArray(rule.paths)
        ? rule.paths.some((p) => isRoutePath(p) && matchRoute(path, p))
        : typeof rule.pathContains === 'string' && rule.pathContains !== '' && path.includes(rule.pathContains);
      if (covers && isRecord(rule.redirect))
        out.push({ data: rule.redirect, file: this.ctx.app!.file, at: ['app', 'routeRules', index, 'redirect'] });
    }
    const screen =
      this.ctx.screens.find((s) => s.route === path) ??
      this.ctx.screens.find((s) => s.route !== undefined && matchRoute(path, s.route)) ??
      this.notFound;
    if (screen && Array.isArray(screen.data.redirects))
      screen.data.redirects.forEach((r, i) => {
        if (isRecord(r)) out.push({ data: r, file: screen.file, at: [...screen.path, 'redirects', i] });
      });
    return out;
  }

  private build(path: string): Edge[] {
    const edges: Edge[] = [];
    /** Earlier redirects of this path did not apply. */
    const notBefore: Condition[] = [];
    for (const redirect of this.redirectsAt(path)) {
      const when = conditionOf(redirect.data.when);
      // A malformed `when:` has its own error; nothing is said of where it leads.
      if (when === null) continue;
      const cases = casesOf(redirect.data.to, [...redirect.at, 'to']);
      if (!cases) continue;
      const notEarlierCase: Condition[] = [];
      for (const c of cases) {
        if (c.when === null) break;
        if (isRoutePath(c.to)) {
          const own = [when, c.when].filter((x): x is Condition => x !== undefined);
          edges.push({ to: c.to, file: redirect.file, at: c.at, conditions: [...notBefore, ...notEarlierCase, ...own], own });
        }
        // A `{ state: key }` target may hold no path: the next case is tried, whatever its `when:`.
        if (c.when !== undefined && alwaysLeads(c.to, path)) notEarlierCase.push({ not: c.when });
      }
      // Followed for sure when it applies (a path of the app other than this one, an external link).
      const leads = cases.some((c) => c.when === undefined && alwaysLeads(c.to, path));
      if (!leads) continue;
      if (when === undefined) break;
      notBefore.push({ not: when });
    }
    return edges;
  }
}

/** The runtime does not follow a redirect to the very page asked for, nor an empty `{ state: key }`. */
const alwaysLeads = (to: unknown, from: string) => (isRoutePath(to) ? to !== from : isRecord(to) && 'external' in to);

/** undefined: no condition; null: a malformed one. */
function conditionOf(data: unknown): Condition | undefined | null {
  if (data === undefined) return undefined;
  const parsed = conditionSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** A target as its cases: one case without `when:` for a simple target. */
function casesOf(to: unknown, at: YamlPath): { when: Condition | undefined | null; to: unknown; at: YamlPath }[] | undefined {
  if (!Array.isArray(to)) return to === undefined ? undefined : [{ when: undefined, to, at }];
  return to.map((c, i) =>
    isRecord(c) ? { when: conditionOf(c.when), to: c.to, at: [...at, i, 'to'] } : { when: null, to: undefined, at },
  );
}

/** Facts about the address are read afresh at each hop: `navigation.path` at hop 2 is another fact. */
function atHop(c: Condition, hop: number, path: string): Condition {
  if ('all' in c) return { all: c.all.map((x) => atHop(x, hop, path)) };
  if ('any' in c) return { any: c.any.map((x) => atHop(x, hop, path)) };
  if ('not' in c) return { not: atHop(c.not, hop, path) };
  if (c.fact === 'navigation.path') return { ...c, fact: `navigation.path@${hop}:${path}` };
  if (c.fact.startsWith('query.')) return { ...c, fact: `${c.fact}@${hop}` };
  return c;
}

const booleanFacts = new Set<string>(fixedFacts.filter((f) => f !== 'navigation.path' && f !== 'navigation.from'));

/** What some facts can be: a flag one of its variants, a fixed fact true or false, the address the path itself. */
function factDomains(ctx: CheckContext): Domains {
  return (fact) => {
    if (booleanFacts.has(fact)) return [true, false];
    const hopPath = /^navigation\.path@\d+:(.*)$/.exec(fact)?.[1];
    if (hopPath !== undefined) return hopPath.includes(':') ? undefined : [hopPath];
    if (fact.startsWith('flag.')) return ctx.experiments?.flags.get(fact.slice('flag.'.length))?.variants;
    return undefined;
  };
}

function loopError(chain: Hop[]): Diagnostic {
  const paths = [...chain.map((h) => h.from), chain[0]!.from].join(' → ');
  const own = [...new Set(chain.flatMap((h) => h.edge.own.map(conditionText)))];
  const { file, at } = chain[0]!.edge;
  if (own.length === 0)
    return error(
      file.relPath,
      at,
      `These redirects go round in a loop: ${paths}. ` +
        "A visitor would never see a page: add a 'when:' to one of them, or send it somewhere else.",
    );
  const when = own.length === 1 ? own[0] : own.map((t) => (/ (and|or) /.test(t) ? `(${t})` : t)).join(' and ');
  return error(
    file.relPath,
    at,
    `These redirects go round in a loop when ${when}: ${paths}. ` +
      "A visitor would never see a page: make their 'when:' conditions exclude each other, or send one somewhere else.",
  );
}

/** A condition in a few words: "session.loggedIn", "not state.isResubscribe", "flag.newLanding = variant1". */
function conditionText(c: Condition): string {
  if ('all' in c) return c.all.map(inner).join(' and ');
  if ('any' in c) return c.any.map(inner).join(' or ');
  if ('not' in c) return `not ${inner(c.not)}`;
  const t = c as { fact: string; is?: boolean; equals?: unknown; in?: unknown[]; exists?: boolean; numeric?: boolean };
  const test = c as { contains?: string; startsWith?: string };
  if (t.equals !== undefined) return `${c.fact} = ${String(t.equals)}`;
  if (t.in !== undefined) return `${c.fact} in [${t.in.map(String).join(', ')}]`;
  if (t.exists !== undefined) return t.exists ? `${c.fact} is set` : `${c.fact} is not set`;
  if (t.numeric !== undefined) return t.numeric ? `${c.fact} is a number` : `${c.fact} is not a number`;
  if (test.contains !== undefined) return `${c.fact} contains '${test.contains}'`;
  if (test.startsWith !== undefined) return `${c.fact} starts with '${test.startsWith}'`;
  return t.is === false ? `not ${c.fact}` : c.fact;
}

const inner = (c: Condition) => ('all' in c || 'any' in c ? `(${conditionText(c)})` : conditionText(c));
