/**
 * What the browser tests need to know from the funnel config to state their expectations in
 * the spec's terms: the address a route rule sends to, the query parameters the landing page
 * reads for quiz answers, the screen showing a given English text. Read from the YAML as data
 * (no schema: `npm run check` validates it), so the tests follow the lead's naming.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '../../scripts/lib/build.ts';

type Node = unknown;
type Obj = Record<string, unknown>;

export interface FunnelFacts {
  funnelsDir: string;
  files: { file: string; data: Obj }[];
  links: Record<string, string>;
  routeRules: Obj[];
  screens: (Obj & { path: string; id: string })[];
  copy: Record<string, string>;
}

const isObj = (v: Node): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

function readYamlDir(dir: string): { file: string; data: Obj }[] {
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((f) => {
      const file = path.join(dir, f);
      const data = parse(readFileSync(file, 'utf8')) as Node;
      return { file, data: isObj(data) ? data : {} };
    });
}

function flatten(tree: Node, prefix: string, out: Record<string, string>) {
  if (typeof tree === 'string') out[prefix] = tree;
  else if (isObj(tree)) for (const [k, v] of Object.entries(tree)) flatten(v, prefix.endsWith(':') ? prefix + k : `${prefix}.${k}`, out);
}

export function loadFunnelFacts(
  funnelsDir = process.env.FUNNELS_DIR || path.join(repoRoot, 'funnels'),
  copyDir = process.env.COPY_DIR || path.join(repoRoot, 'copy'),
): FunnelFacts {
  const files = readYamlDir(funnelsDir);
  const app = files.map((f) => f.data.app).find(isObj) ?? {};
  const screens = files.flatMap((f) => (Array.isArray(f.data.screens) ? f.data.screens.filter(isObj) : [])) as FunnelFacts['screens'];
  const copy: Record<string, string> = {};
  for (const { file, data } of readYamlDir(path.join(copyDir, 'en')))
    flatten(data, `${path.basename(file).replace(/\.ya?ml$/, '')}:`, copy);
  return {
    funnelsDir,
    files,
    links: (isObj(app.links) ? app.links : {}) as Record<string, string>,
    routeRules: Array.isArray(app.routeRules) ? app.routeRules.filter(isObj) : [],
    screens,
    copy,
  };
}

/** Every object inside `node` (itself included) for which `test` holds. */
export function findAll(node: Node, test: (o: Obj) => boolean, out: Obj[] = []): Obj[] {
  if (Array.isArray(node)) for (const item of node) findAll(item, test, out);
  else if (isObj(node)) {
    if (test(node)) out.push(node);
    for (const v of Object.values(node)) findAll(v, test, out);
  }
  return out;
}

/** The route rule that covers `routePath`, as the runtime applies them (first match). */
export function ruleFor(facts: FunnelFacts, routePath: string): Obj | undefined {
  return facts.routeRules.find((rule) =>
    Array.isArray(rule.paths)
      ? rule.paths.includes(routePath)
      : typeof rule.pathContains === 'string' && routePath.includes(rule.pathContains),
  );
}

/** The external address a route rule sends to (`redirect.to: { external: name }`). */
export function externalAddressOf(facts: FunnelFacts, routePath: string): string {
  const rule = ruleFor(facts, routePath);
  const to = isObj(rule?.redirect) ? rule.redirect.to : undefined;
  const name = isObj(to) && typeof to.external === 'string' ? to.external : undefined;
  if (!name)
    throw new Error(`No route rule in ${facts.funnelsDir} sends ${routePath} to an external link (app.routeRules[].redirect.to.external).`);
  const url = facts.links[name];
  if (!url) throw new Error(`app.links has no '${name}' (named by the route rule of ${routePath}).`);
  return url;
}

/** The copy key whose English text is `text`. */
export function copyKeyOf(facts: FunnelFacts, text: string): string {
  const key = Object.entries(facts.copy).find(([, v]) => v.trim() === text)?.[0];
  if (!key) throw new Error(`No copy in copy/en has the text '${text}'.`);
  return key;
}

/** Screens that name `copyKey` anywhere in their config. */
export function screensUsing(facts: FunnelFacts, copyKey: string) {
  return facts.screens.filter((screen) => JSON.stringify(screen).includes(JSON.stringify(copyKey)));
}

/** The query parameters the app reads as a quiz answer (`do: recordQuizAnswer` from `{ query: ... }`). */
export function quizAnswerParams(facts: FunnelFacts): { question: string; answer: string } {
  const action = facts.files.flatMap((f) => findAll(f.data, (o) => o.do === 'recordQuizAnswer'))[0];
  const q = isObj(action?.question) ? action.question.query : undefined;
  const a = isObj(action?.answer) ? action.answer.query : undefined;
  if (typeof q !== 'string' || typeof a !== 'string')
    throw new Error('No `do: recordQuizAnswer` action reads its question and answer from query parameters in funnels/.');
  return { question: q, answer: a };
}
