/**
 * What each screen of a checked release refers to that an experiment cares about: the flags it
 * reads (a condition's `fact: flag.x`, a `{ flag: x }` value), the catalog tags of the plan lists
 * it shows and the offers it names. Found by the checker's schema walk (src/compiler/schemaWalk.ts),
 * by the roles and names the language labels those places with (src/language/schema/roles.ts),
 * so a new block that reads a flag or lists a tag needs no change here.
 */
import type { CheckResult } from '../../compiler/compile.ts';
import type { ConfigFile } from '../../compiler/load.ts';
import { type WalkNode, walkedNodes } from '../../compiler/schemaWalk.ts';
import { schemaInfo } from '../../language/schema/roles.ts';
import { DEFAULT_TAG } from '../catalog/repository.ts';

export interface ScreenReferences {
  /** The funnel file that defines the screen (`funnels/home.yaml`; for a funnel made from a template, the instance). */
  file: string;
  flags: Set<string>;
  /** Catalog tags whose offers the screen lists. */
  planTags: Set<string>;
  offerIds: Set<string>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A plan list without a fixed tag shows the current plan tag's offers: the 'default' list unless
 * an experiment's `tags:` or the address picks another (src/blocks/plans/schema.ts,
 * src/blocks/planPicker/schema.ts).
 */
const listsCurrentTag = (node: WalkNode) =>
  node.union?.branch === 'plans' || (node.union?.branch === 'planPicker' && isRecord(node.data) && node.data.tag === undefined);

function addReferences(node: WalkNode, into: Omit<ScreenReferences, 'file'>) {
  const data = node.data;
  if (node.roles.has('fact') && isRecord(data) && typeof data.fact === 'string' && data.fact.startsWith('flag.'))
    into.flags.add(data.fact.slice('flag.'.length));
  if (node.roles.has('valueSource') && node.union?.branch === 'flag' && isRecord(data) && typeof data.flag === 'string')
    into.flags.add(data.flag);
  if (typeof data === 'string') {
    const names = schemaInfo.get(node.schema)?.names;
    if (names === 'planTag') into.planTags.add(data);
    if (names === 'offer') into.offerIds.add(data);
  }
  if (listsCurrentTag(node)) into.planTags.add(DEFAULT_TAG);
}

const known = new WeakMap<CheckResult, ReadonlyMap<string, ScreenReferences>>();

/** Screen id → what it refers to, for every screen of the release's funnels (once per check result). */
export function screenReferences(check: CheckResult): ReadonlyMap<string, ScreenReferences> {
  const cached = known.get(check);
  if (cached) return cached;
  const out = new Map<string, ScreenReferences>();
  const funnels = check.files.filter((f): f is ConfigFile => (f as ConfigFile).kind === 'funnel' && f.parsed);
  for (const file of funnels) {
    const screens = isRecord(file.data) && Array.isArray(file.data.screens) ? file.data.screens : [];
    const ids = screens.map((s) => (isRecord(s) && typeof s.id === 'string' ? s.id : undefined));
    const ofFile = ids.map((id) =>
      id === undefined
        ? undefined
        : { file: file.relPath, flags: new Set<string>(), planTags: new Set<string>(), offerIds: new Set<string>() },
    );
    for (const node of walkedNodes(check.schemas.byKind.funnel, file.data)) {
      // Under `screens: [i]`: that screen's; elsewhere in the funnel (progress labels...): each of its screens'.
      const owners = node.path[0] === 'screens' && typeof node.path[1] === 'number' ? [ofFile[node.path[1]]] : ofFile;
      for (const owner of owners) if (owner) addReferences(node, owner);
    }
    ids.forEach((id, i) => {
      if (id !== undefined && ofFile[i]) out.set(id, ofFile[i]);
    });
  }
  known.set(check, out);
  return out;
}
