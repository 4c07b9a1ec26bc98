import { copyKey, routePath } from '../../language/schema/common.ts';
import type { ConfigSchemas } from '../configSchemas.ts';
import type { Diagnostic, YamlPath } from '../diagnostic.ts';
import type { ConfigFile, ConfigKind, CopyFile, LoadedProject, SourceFile } from '../load.ts';
import { type RuntimeTexts, runtimeTextsOf, shellTextsOf, type TextFills } from '../runtimeTexts.ts';
import { type WalkNode, walkedNodes } from '../schemaWalk.ts';
import { locate } from '../yamlPath.ts';
import { CopyIndex } from './copyIndex.ts';

/**
 * What the cross-file checks look at: every parsed config file walked with its schema,
 * the definitions they refer to (screens, flags, links, layouts...), the copy of every
 * locale, and what is known of files that could not be parsed.
 *
 * Checks read the raw data of every parsed file, also of files that failed schema
 * validation: the walk follows only what fits the schema, and references are checked only
 * where the referring value itself is well-formed (a malformed one already has its error).
 */
export interface CheckContext {
  project: LoadedProject;
  /** The config's schemas, built from the blocks the compiler was handed (the project's). */
  schemas: ConfigSchemas;
  /** Parsed config files whose kind is known. */
  files: (ConfigFile & { kind: ConfigKind })[];
  app?: { file: ConfigFile; data: Record<string, unknown> };
  experiments?: { file: ConfigFile; flags: Map<string, { variants: string[] }> };
  funnels: { file: ConfigFile; data: Record<string, unknown> }[];
  screens: ScreenDef[];
  /** Every node of every parsed config file, in file order. */
  nodes: FileNode[];
  copy: CopyIndex;
  broken: BrokenFiles;
  /** The texts app.yaml's `shellTexts:` declares (its well-formed entries), with their placeholders. */
  shellTexts: TextFills;
  /** What the code knows of the texts it shows by itself (src/compiler/runtimeTexts.ts unless a test says otherwise). */
  code: RuntimeTexts;
  /**
   * Every text the product shows by itself: the shell's (app.yaml's shellTexts:), the blocks' and
   * rules' (derived in code) and the server's emails'.
   */
  runtimeTexts: TextFills;
}

export interface ScreenDef {
  file: ConfigFile;
  index: number;
  path: YamlPath;
  id?: string;
  route?: string;
  data: Record<string, unknown>;
  funnel: Record<string, unknown>;
}

export interface FileNode {
  file: ConfigFile;
  node: WalkNode;
}

export type Check = (ctx: CheckContext) => Diagnostic[];

export const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
export const isCopyKey = (v: unknown): v is string => copyKey.safeParse(v).success;
export const isRoutePath = (v: unknown): v is string => routePath.safeParse(v).success;

/**
 * Files that could not be parsed (a YAML syntax error or a duplicate key) are neither schema-
 * nor reference-checked. What they define is unknown, so a reference elsewhere that does not
 * resolve is NOT reported when its name appears anywhere in such a file: the file was
 * probably where it is defined, and its syntax error is the one to fix first. Names that
 * appear nowhere are still reported, so a real typo is not hidden. Unused-copy warnings are
 * skipped altogether while a config file is unreadable (it may be the file using the keys).
 */
export class BrokenFiles {
  readonly tokens = new Set<string>();
  readonly configFiles: ConfigFile[] = [];
  readonly copyFiles: CopyFile[] = [];
  /** Top-level keys seen in unreadable config files (app, flags, funnel, catalog). */
  readonly kinds = new Set<string>();

  add(file: ConfigFile | CopyFile): void {
    if (file.group === 'config') {
      this.configFiles.push(file);
      for (const match of file.text.matchAll(/^(app|flags|funnel|catalog):/gm)) this.kinds.add(match[1]!);
    } else this.copyFiles.push(file);
    for (const token of file.text.split(/[\s"'[\]{},#]+/)) {
      if (token) this.tokens.add(token.replace(/:$/, ''));
    }
  }

  /** Could `name` be defined in an unreadable file? */
  mentions(name: string): boolean {
    return this.tokens.has(name);
  }

  get anyConfig(): boolean {
    return this.configFiles.length > 0;
  }

  copyNamespace(locale: string, namespace: string): boolean {
    return this.copyFiles.some((f) => f.locale === locale && f.namespace === namespace);
  }
}

export function buildContext(project: LoadedProject, code: RuntimeTexts = runtimeTextsOf(project.schemas.blocks)): CheckContext {
  const broken = new BrokenFiles();
  for (const file of [...project.configFiles, ...project.copyFiles]) if (!file.parsed) broken.add(file);
  // A funnel whose template could not be used defines screens nobody knows yet.
  for (const file of project.configFiles) if (file.parsed && file.kind === undefined && /^use:/m.test(file.text)) broken.add(file);

  const files = project.configFiles.filter((f): f is ConfigFile & { kind: ConfigKind } => f.parsed && f.kind !== undefined);
  const nodes: FileNode[] = [];
  for (const file of files) for (const node of walkedNodes(project.schemas.byKind[file.kind], file.data)) nodes.push({ file, node });

  const appFile = files.find((f) => f.kind === 'app');
  const appData = isRecord(appFile?.data) && isRecord(appFile.data.app) ? appFile.data.app : undefined;
  const experimentsFile = files.find((f) => f.kind === 'experiments');
  const flags = new Map<string, { variants: string[] }>();
  if (experimentsFile && isRecord(experimentsFile.data) && isRecord(experimentsFile.data.flags)) {
    for (const [name, flag] of Object.entries(experimentsFile.data.flags)) {
      const variants =
        isRecord(flag) && Array.isArray(flag.variants) ? flag.variants.filter((v): v is string => typeof v === 'string') : [];
      flags.set(name, { variants });
    }
  }

  const shellTexts = shellTextsOf(appData);

  const funnels = files
    .filter((f) => f.kind === 'funnel' && isRecord(f.data))
    .map((file) => ({ file, data: file.data as Record<string, unknown> }));
  const screens: ScreenDef[] = [];
  for (const { file, data } of funnels) {
    if (!Array.isArray(data.screens)) continue;
    data.screens.forEach((screen, index) => {
      if (!isRecord(screen)) return;
      screens.push({
        file,
        index,
        path: ['screens', index],
        ...(typeof screen.id === 'string' ? { id: screen.id } : {}),
        ...(isRoutePath(screen.path) ? { route: screen.path } : {}),
        data: screen,
        funnel: data,
      });
    });
  }

  return {
    project,
    schemas: project.schemas,
    files,
    ...(appFile && appData ? { app: { file: appFile, data: appData } } : {}),
    ...(experimentsFile ? { experiments: { file: experimentsFile, flags } } : {}),
    funnels,
    screens,
    nodes,
    copy: new CopyIndex(project.copyFiles, typeof appData?.defaultLocale === 'string' ? appData.defaultLocale : 'en'),
    broken,
    shellTexts,
    code,
    // A required text missing from shellTexts: or listed with other placeholders is FL513's to
    // report; the other checks take the code's entry, so as not to pile onto that error.
    runtimeTexts: { ...code.derived, ...code.emails, ...shellTexts, ...code.requiredShell },
  };
}

/** "funnels/login.yaml on line 5", for messages that point at a second place. */
export function lineOf(file: SourceFile, path: YamlPath, at?: 'value' | 'key'): string {
  const range = locate(file.doc, path, at);
  return range ? `${file.relPath} on line ${file.lineCounter.linePos(range[0]).line}` : file.relPath;
}

/** The nearest ancestor (or the node itself) for which `test` holds. */
export function ancestor(node: { parent?: WalkNode } & Partial<WalkNode>, test: (n: WalkNode) => boolean): WalkNode | undefined {
  for (let n: WalkNode | undefined = node as WalkNode; n; n = n.parent) if (test(n)) return n;
  return undefined;
}
