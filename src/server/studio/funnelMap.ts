/**
 * The funnel map of one file of a workspace, for the studio's map panel: the same graph as `npm run map`
 * (src/generators/map/graph.ts) with each screen's line in the file. A funnel made from a template has its screens
 * written in the template: each links to the line of the funnel file that names it (the `with:` parameter its id is
 * made of, else `use:`) and says where in the template it is. While the checker reports errors the map is drawn from
 * the files as they are (`checked: false`): a marketer writing a new funnel's texts still sees its screens.
 */
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument, type YAMLMap } from 'yaml';
import type { CompiledScreen } from '../../compiler/compiled.ts';
import type { ConfigFile, SourceFile } from '../../compiler/load.ts';
import { type FunnelMap, funnelMaps, type NodeKind } from '../../generators/map/graph.ts';
import { type MapSource, mapSource, type NamedRouteRule } from '../../generators/map/source.ts';
import { checkFilesOnce } from '../releases/releaseFiles.ts';
import type { ReleaseFiles } from '../releases/source.ts';

export interface MapScreen {
  id: string;
  path: string;
  title: string | null;
  /** Where to put the cursor in the file mapped (1-based). */
  line: number;
  guards: string[];
  variants: string[];
  /** The screen is written in the template: where. */
  template?: { file: string; line: number };
}

export interface StudioFunnelMap {
  file: string;
  funnel: string | null;
  /** False: drawn from files the checker still finds errors in; it may miss what those errors hide. */
  checked: boolean;
  template: { name: string; file: string } | null;
  screens: MapScreen[];
  nodes: { id: string; kind: NodeKind; label: string }[];
  edges: { from: string; to: string; how: string; when: string }[];
  /** Why there are no screens (a copy file, a template, a funnel the checker cannot read). */
  note?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The map's source from files that did not pass the check: their data as written, screens that have an id and a path. */
function uncheckedSource(files: readonly SourceFile[], screenSchema: MapSource['screenSchema']): MapSource {
  const config = files.filter((f): f is ConfigFile => 'kind' in f && f.parsed && isRecord(f.data));
  const app = config.find((f) => f.kind === 'app')?.data as { app?: Record<string, unknown> } | undefined;
  const experiments = config.find((f) => f.kind === 'experiments')?.data as { flags?: Record<string, unknown> } | undefined;
  const funnels = config
    .filter((f) => f.kind === 'funnel' && typeof (f.data as { funnel?: unknown }).funnel === 'string')
    .map((f) => {
      const data = f.data as { funnel: string; screens?: unknown };
      const screens = (Array.isArray(data.screens) ? data.screens : [])
        .filter((s): s is Record<string, unknown> => isRecord(s) && typeof s.id === 'string' && typeof s.path === 'string')
        .map((s, i) => ({ ...s, funnel: data.funnel, funnelStep: i, layout: '' }) as unknown as CompiledScreen);
      return { name: data.funnel, file: f.relPath, screens };
    });
  const rules = Array.isArray(app?.app?.routeRules) ? app.app.routeRules : [];
  const english = files.filter((f) => 'locale' in f && f.locale === 'en' && f.parsed) as (SourceFile & { namespace: string })[];
  return {
    funnels,
    routeRules: rules.filter((r): r is NamedRouteRule => isRecord(r) && isRecord(r.redirect)),
    links: (isRecord(app?.app?.links) ? app.app.links : {}) as Record<string, string>,
    flags: (isRecord(experiments?.flags) ? experiments.flags : {}) as MapSource['flags'],
    text: (key) => {
      const [namespace, name] = key.split(':');
      let value: unknown = english.find((f) => f.namespace === namespace)?.data;
      for (const part of name?.split('.') ?? []) value = isRecord(value) ? value[part] : undefined;
      return typeof value === 'string' ? value : undefined;
    },
    screenSchema,
  };
}

const lineAt = (counter: LineCounter, offset: number) => counter.linePos(offset).line;

/** Screen id → where it is written: its line in the file, and in the template when it comes from one. */
function screenLines(file: ConfigFile): Map<string, { line: number; template?: { file: string; line: number } }> {
  const lines = new Map<string, { line: number; template?: { file: string; line: number } }>();
  const screens = file.doc.get('screens', true);
  const items = isSeq(screens) ? screens.items : [];
  const origin = file.origin;
  // The funnel file as written (a template's funnel keeps the expanded document in `doc`).
  const ownCounter = origin ? new LineCounter() : file.lineCounter;
  const own = origin ? parseDocument(file.text, { lineCounter: ownCounter }) : file.doc;
  const withNode = origin ? own.get('with', true) : undefined;
  const useLine = origin?.usedAt ? lineAt(ownCounter, origin.usedAt[0]) : 1;
  for (const item of items) {
    if (!isMap(item)) continue;
    const idNode = (item as YAMLMap).get('id', true);
    if (!isScalar(idNode) || typeof idNode.value !== 'string' || !idNode.range) continue;
    if (!origin) {
      lines.set(idNode.value, { line: lineAt(file.lineCounter, (item.range ?? idNode.range)[0]) });
      continue;
    }
    // `id: ${id}Landing` in the template: the line of the funnel file that gives `id`.
    const written = origin.template.text.slice(idNode.range[0], idNode.range[1]);
    const param = /\$\{([A-Za-z][A-Za-z0-9_]*)\}/.exec(written)?.[1];
    const paramNode = param && isMap(withNode) ? (withNode.get(param, true) as Node | undefined) : undefined;
    lines.set(idNode.value, {
      line: paramNode?.range ? lineAt(ownCounter, paramNode.range[0]) : useLine,
      template: { file: origin.template.relPath, line: lineAt(origin.template.lineCounter, (item.range ?? idNode.range)[0]) },
    });
  }
  return lines;
}

function answer(file: string, map: FunnelMap, lines: ReturnType<typeof screenLines>, extra: Partial<StudioFunnelMap>): StudioFunnelMap {
  return {
    file,
    funnel: map.funnel,
    checked: true,
    template: null,
    ...extra,
    screens: map.screens.map((s) => {
      const where = lines.get(s.id);
      return {
        id: s.id,
        path: s.path,
        title: s.title ?? null,
        line: where?.line ?? 1,
        guards: s.guards,
        variants: s.variants,
        ...(where?.template ? { template: where.template } : {}),
      };
    }),
    nodes: map.nodes.map((n) => ({ id: n.id, kind: n.kind, label: n.lines.join(' ') })),
    edges: map.edges,
  };
}

const noMap = (file: string, note: string): StudioFunnelMap => ({
  file,
  funnel: null,
  checked: false,
  template: null,
  screens: [],
  nodes: [],
  edges: [],
  note,
});

export function funnelMapOf(files: ReleaseFiles, path: string): StudioFunnelMap {
  if (!(path in files)) return noMap(path, `There is no ${path} in this workspace.`);
  if (!path.startsWith('funnels/') || path.startsWith('funnels/templates/'))
    return noMap(path, 'Only a funnel file has a map: open one of funnels/ (a template is mapped in the funnels made from it).');
  const check = checkFilesOnce(files);
  const file = check.files.find((f): f is ConfigFile => f.relPath === path && 'kind' in f);
  if (!file?.parsed || file.kind === undefined)
    return noMap(path, 'The checker cannot read this file yet (see its problems): the map is drawn once it can.');
  if (file.kind !== 'funnel') return noMap(path, 'This file holds no funnel (its screens are in the funnel files).');
  let source: MapSource;
  try {
    source = check.compiled ? mapSource(check.compiled, check.files, check.schemas) : uncheckedSource(check.files, check.schemas.screen);
    const map = funnelMaps(source).find((m) => m.file === path);
    if (!map) return noMap(path, 'This funnel has no screens yet.');
    const template = file.origin
      ? { name: String((file.origin.template.data as { template?: unknown }).template), file: file.origin.template.relPath }
      : null;
    return answer(path, map, screenLines(file), { checked: check.compiled !== undefined, template });
  } catch {
    // Only data the checker rejects can trip the map's walk: its errors say what to fix.
    return noMap(path, 'The map cannot be drawn until the errors of this draft are fixed.');
  }
}
