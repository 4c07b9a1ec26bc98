import { isAbsolute, relative, resolve, sep } from 'node:path';
import { type Alias, type Document, isAlias, isMap, isPair, isScalar, LineCounter, parseDocument, visit, type YAMLError } from 'yaml';
import { closest } from '../language/suggest.ts';
import { type BlockRegistry, type ConfigSchemas, configSchemas } from './configSchemas.ts';
import { type Diagnostic, error } from './diagnostic.ts';
import { diskSource, type FileSource, memorySource, type ProjectFiles, type ProjectFolders } from './projectFiles.ts';
import type { ConfigFile, ConfigKind, CopyFile, SourceFile } from './sourceFile.ts';
import { checkTemplateFile, checkUnusedTemplate, expandInstance, isInstanceFile } from './templates.ts';
import { yamlErrorMessage } from './yamlErrors.ts';

export type { ConfigFile, ConfigKind, CopyFile, SourceFile } from './sourceFile.ts';

export interface LoadedProject {
  root: string;
  /** Folders as given, relative to the root where possible (for messages). */
  funnelsDir: string;
  copyDir: string;
  configFiles: ConfigFile[];
  copyFiles: CopyFile[];
  diagnostics: Diagnostic[];
  /** The config's schemas, built from the blocks the load was handed (./configSchemas.ts). */
  schemas: ConfigSchemas;
}

export interface ProjectDirs extends ProjectFolders {
  /** Every block type (src/blocks/registry.ts): the compiler is handed it, it does not import it. */
  blocks: BlockRegistry;
  /**
   * The project's files, when they are not read from disk (./projectFiles.ts): then only these are
   * read, the folders being where their paths say, and nothing is read from the file system.
   */
  files?: ProjectFiles;
  /** Kept from one load to the next by a caller that loads again after each save (the Vite plugin in dev). */
  cache?: LoadCache;
}

/**
 * What a load keeps for the next one (parsing and template expansion are most of a load):
 * parsed files by absolute path, reused while their text is the same, and the funnels made from
 * a template, reused while the instance's and the template's documents are the same ones.
 * Nothing after loading changes a file's document or data.
 */
export interface LoadCache {
  parsed: Map<string, { text: string; source: SourceFile; diagnostics: Diagnostic[] }>;
  expanded: Map<string, { instance: Document; template: Document; result: ReturnType<typeof expandInstance> }>;
}

export const createLoadCache = (): LoadCache => ({ parsed: new Map(), expanded: new Map() });

const kindByKey: Record<string, ConfigKind> = {
  app: 'app',
  flags: 'experiments',
  funnel: 'funnel',
  use: 'funnel',
  catalog: 'catalog',
  template: 'template',
};
const localePattern = /^[a-z]{2}(-[A-Z]{2})?$/;
const namespacePattern = /^[a-z][A-Za-z0-9-]*$/;

/** Reads every YAML file of the funnels and copy folders (or of `files`). Never throws on bad content. */
export function loadProject(dirs: ProjectDirs): LoadedProject {
  const root = resolve(dirs.root);
  const source = dirs.files ? memorySource(root, dirs.files) : diskSource;
  const schemas = configSchemas(dirs.blocks);
  const funnelsAbs = resolve(root, dirs.funnelsDir);
  const copyAbs = resolve(root, dirs.copyDir);
  const diagnostics: Diagnostic[] = [];
  const configFiles: ConfigFile[] = [];
  const copyFiles: CopyFile[] = [];

  for (const [dir, what] of [
    [funnelsAbs, 'funnel'],
    [copyAbs, 'copy'],
  ] as const) {
    if (!source.isFolder(dir))
      diagnostics.push(
        error(toRel(root, dir), [], `The ${what} folder ${toRel(root, dir)}/ does not exist.`, { at: 'file', code: 'FL001' }),
      );
  }

  configFiles.push(...readConfigFiles(root, funnelsAbs, diagnostics, dirs.blocks, dirs.cache, source));

  for (const absPath of yamlFiles(copyAbs, diagnostics, root, source)) {
    const parts = relative(copyAbs, absPath).split(sep);
    const file = readYaml(root, absPath, diagnostics, dirs.cache, source);
    const rel = toRel(root, copyAbs);
    if (parts.length !== 2) {
      diagnostics.push(
        error(
          file.relPath,
          [],
          `Copy files go directly in a language folder: ${rel}/<language>/<namespace>.yaml, like ${rel}/en/login.yaml.`,
          { at: 'file', code: 'FL003' },
        ),
      );
      continue;
    }
    const [locale, fileName] = parts as [string, string];
    const namespace = fileName.replace(/\.yaml$/, '');
    if (!localePattern.test(locale)) {
      diagnostics.push(
        error(file.relPath, [], `'${locale}' is not a language code. Language folders are named like en, es or pt-BR.`, {
          at: 'file',
          code: 'FL004',
        }),
      );
      continue;
    }
    if (!namespacePattern.test(namespace)) {
      diagnostics.push(
        error(
          file.relPath,
          [],
          `'${namespace}' cannot be a copy namespace: use letters, digits and dashes, ` +
            'starting with a lower-case letter (like login or add-classes).',
          { at: 'file', code: 'FL005' },
        ),
      );
      continue;
    }
    copyFiles.push({ group: 'copy', ...file, locale, namespace });
  }

  return { root, funnelsDir: toRel(root, funnelsAbs), copyDir: toRel(root, copyAbs), configFiles, copyFiles, diagnostics, schemas };
}

/** Every config file of a funnels folder (read from disk, or through `source`), funnels that use a template expanded. */
export function readConfigFiles(
  root: string,
  funnelsAbs: string,
  diagnostics: Diagnostic[],
  blocks: BlockRegistry,
  cache?: LoadCache,
  source: FileSource = diskSource,
): ConfigFile[] {
  const configFiles: ConfigFile[] = [];
  for (const absPath of yamlFiles(funnelsAbs, diagnostics, root, source)) {
    const file: ConfigFile = { group: 'config', ...readYaml(root, absPath, diagnostics, cache, source) };
    if (file.parsed) {
      const kind = detectKind(file, diagnostics);
      if (kind) file.kind = kind;
    }
    configFiles.push(file);
  }
  expandTemplates(configFiles, diagnostics, configSchemas(blocks), cache);
  return configFiles;
}

/**
 * Replaces every funnel file that uses a template (`use:`) by the funnel it expands to, and
 * checks the templates' own declarations. A funnel whose `use:`/`with:` is wrong keeps no
 * kind: its problems are reported at its lines and it is not checked further.
 */
function expandTemplates(configFiles: ConfigFile[], diagnostics: Diagnostic[], schemas: ConfigSchemas, cache?: LoadCache): void {
  const templates = new Map<string, ConfigFile>();
  for (const file of configFiles.filter((f) => f.kind === 'template')) {
    diagnostics.push(...checkTemplateFile(file));
    const name = (file.data as { template?: unknown }).template;
    if (typeof name === 'string' && !templates.has(name)) templates.set(name, file);
  }
  const used = new Set<string>();
  configFiles.forEach((file, index) => {
    if (file.kind !== 'funnel' || !isInstanceFile(file)) return;
    const name = String((file.data as { use?: unknown }).use);
    used.add(name);
    const expanded = expandCached(file, templates.get(name), () => expandInstance(file, templates), cache);
    diagnostics.push(...expanded.diagnostics);
    if (expanded.file) configFiles[index] = expanded.file;
    else delete file.kind;
  });
  // A template no funnel uses yet is still checked against the funnel schema, with sample values.
  for (const [name, template] of templates) if (!used.has(name)) diagnostics.push(...checkUnusedTemplate(template, templates, schemas));
}

/** A funnel made from a template, as last time when neither file changed (only with a template: else the list of templates counts). */
function expandCached(
  instance: ConfigFile,
  template: ConfigFile | undefined,
  expand: () => ReturnType<typeof expandInstance>,
  cache?: LoadCache,
): ReturnType<typeof expandInstance> {
  if (!cache || !template) return expand();
  const known = cache.expanded.get(instance.absPath);
  if (known?.instance === instance.doc && known.template === template.doc)
    return { ...known.result, ...(known.result.file ? { file: { ...known.result.file } } : {}) };
  const result = expand();
  cache.expanded.set(instance.absPath, { instance: instance.doc, template: template.doc, result });
  return { ...result, ...(result.file ? { file: { ...result.file } } : {}) };
}

/** One config file read on its own (the catalog importer reads funnels/catalog.yaml this way). */
export function readConfigFile(root: string, absPath: string): { file: ConfigFile; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const file: ConfigFile = { group: 'config', ...readYaml(resolve(root), resolve(root, absPath), diagnostics, undefined, diskSource) };
  if (file.parsed) {
    const kind = detectKind(file, diagnostics);
    if (kind) file.kind = kind;
  }
  return { file, diagnostics };
}

export function toRel(root: string, absPath: string): string {
  const rel = relative(root, absPath);
  return (rel === '' ? '.' : rel).split(sep).join('/');
}

function yamlFiles(dir: string, diagnostics: Diagnostic[], root: string, source: FileSource): string[] {
  const found: string[] = [];
  for (const path of source.filesUnder(dir)) {
    const name = path.slice(path.lastIndexOf(sep) + 1);
    if (name.endsWith('.yaml')) found.push(path);
    else if (name.endsWith('.yml'))
      diagnostics.push(
        error(
          toRel(root, path),
          [],
          `This file is not read: config and copy files end in .yaml. Rename it to ${name.replace(/\.yml$/, '.yaml')}.`,
          { at: 'file', code: 'FL002' },
        ),
      );
  }
  return found;
}

function readYaml(root: string, absPath: string, diagnostics: Diagnostic[], cache: LoadCache | undefined, files: FileSource): SourceFile {
  const text = files.read(absPath);
  const cached = cache?.parsed.get(absPath);
  if (cached?.text === text) {
    diagnostics.push(...cached.diagnostics);
    return { ...cached.source };
  }
  const found: Diagnostic[] = [];
  const source = parseYaml(root, absPath, text, found);
  cache?.parsed.set(absPath, { text, source, diagnostics: found });
  diagnostics.push(...found);
  return { ...source };
}

function parseYaml(root: string, absPath: string, text: string, diagnostics: Diagnostic[]): SourceFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const relPath = toRel(root, isAbsolute(absPath) ? absPath : resolve(root, absPath));
  // Report every duplicate key, but only the first syntax error: later ones are usually
  // consequences of the first (one missing quote can upset the rest of the file).
  const duplicates = doc.errors.filter((e) => e.code === 'DUPLICATE_KEY');
  const syntax = doc.errors.find((e) => e.code !== 'DUPLICATE_KEY');
  for (const dup of duplicates) {
    const key = keyAt(doc, dup.pos[0]);
    diagnostics.push(
      error(
        relPath,
        [],
        key === undefined
          ? 'The same key appears twice here. Keep only one.'
          : `The key '${key.name}' appears twice in the same group. Keep only one of them.`,
        {
          offset: key?.range ?? [dup.pos[0], dup.pos[1]],
          code: 'FL011',
        },
      ),
    );
  }
  if (syntax) diagnostics.push(error(relPath, [], yamlErrorMessage(syntax), { offset: syntaxErrorRange(text, syntax), code: 'FL010' }));
  const selfAliases = doc.errors.length === 0 ? aliasesInsideTheirAnchor(doc) : [];
  for (const alias of selfAliases)
    diagnostics.push(
      error(
        relPath,
        [],
        `'*${alias.source}' is used inside what '&${alias.source}' names, so it would repeat itself forever. ` +
          'Check the indentation of this line (it may belong further left), or write the content out here.',
        { offset: alias.range ? [alias.range[0], alias.range[1]] : undefined, code: 'FL012' },
      ),
    );
  const parsed = doc.errors.length === 0 && selfAliases.length === 0;
  return { relPath, absPath, text, doc, lineCounter, parsed, data: parsed ? doc.toJS() : undefined };
}

/**
 * Aliases (`*name`) inside the node their anchor (`&name`) marks: the data would contain itself.
 * An alias names the last anchor of that name before it, as `Alias.resolve` finds it (in one
 * pass here: resolving each alias on its own reads the whole document each time).
 */
function aliasesInsideTheirAnchor(doc: Document): Alias[] {
  const found: Alias[] = [];
  const anchors = new Map<string, unknown>();
  visit(doc, {
    Node(_key, node, path) {
      if (isAlias(node)) {
        const target = anchors.get(node.source);
        if (target && path.includes(target as never)) found.push(node);
      } else if (node.anchor) anchors.set(node.anchor, node);
    },
  });
  return found;
}

/**
 * Where to point for a syntax error. The parser notices an unclosed quote or bracket only
 * further on, where the text or the file ends; the character to fix is the one that opened
 * it, so point there (the nearest line above that opens one and does not close it).
 */
function syntaxErrorRange(text: string, error: YAMLError): [number, number] {
  const opener =
    error.code === 'MISSING_CHAR' && /quote/.test(error.message)
      ? { open: error.message.includes('"') ? '"' : "'", close: error.message.includes('"') ? '"' : "'" }
      : error.code === 'BAD_INDENT' && /Flow sequence/.test(error.message)
        ? { open: '[', close: ']' }
        : error.code === 'BAD_INDENT' && /Flow mapping/.test(error.message)
          ? { open: '{', close: '}' }
          : undefined;
  if (opener) {
    const starts = [...text.slice(0, error.pos[0]).matchAll(/^/gm)].map((m) => m.index).reverse();
    for (const start of starts) {
      const newline = text.indexOf('\n', start);
      const line = text.slice(start, newline < 0 ? text.length : newline);
      // Where a value can start: at the line start, or after ':', ',', '[', '{' or '-'.
      const at = [...line.matchAll(/(?:^|[:,[{-])\s*/g)].map((m) => m.index + m[0].length).find((i) => line[i] === opener.open);
      if (at !== undefined && line.indexOf(opener.close, at + 1) < 0) return [start + at, start + line.length];
    }
  }
  // Otherwise underline the rest of the line the parser stopped on.
  const end = text.indexOf('\n', error.pos[0]);
  return [error.pos[0], Math.max(error.pos[1], end < 0 ? text.length : end)];
}

function keyAt(doc: Document, offset: number): { name: string; range: [number, number] } | undefined {
  let found: { name: string; range: [number, number] } | undefined;
  visit(doc, {
    Pair(_, pair) {
      const range = isScalar(pair.key) ? pair.key.range : undefined;
      if (isScalar(pair.key) && range?.[0] === offset) {
        found = { name: String(pair.key.value), range: [range[0], range[1]] };
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

function detectKind(file: ConfigFile, diagnostics: Diagnostic[]): ConfigKind | undefined {
  const contents = file.doc.contents;
  const topKeys = isMap(contents) ? contents.items.filter(isPair).map((p) => (isScalar(p.key) ? String(p.key.value) : '')) : [];
  const kinds = topKeys.filter((k) => k in kindByKey);
  if (kinds.length === 1) return kindByKey[kinds[0]!];
  if (kinds.length > 1) {
    diagnostics.push(
      error(
        file.relPath,
        [kinds[1]!],
        "A file is either an app file ('app:'), an experiments file ('flags:'), a funnel file ('funnel:' or 'use:'), " +
          "the catalog ('catalog:') or a template ('template:'); " +
          `this one has both '${kinds[0]}:' and '${kinds[1]}:'. Split it into two files.`,
        { at: 'key', code: 'FL021' },
      ),
    );
    return undefined;
  }
  const expected =
    "one of 'app:' (the app file), 'flags:' (the experiments file), 'funnel:' (a funnel file), 'use:' (a funnel made from a template), " +
    "'catalog:' (the plan catalog) or 'template:' (a funnel template) at the top";
  if (topKeys.length === 0) {
    diagnostics.push(
      error(file.relPath, [], `This file is empty or not a list of 'key: value' lines. It needs ${expected}.`, {
        at: 'file',
        code: 'FL020',
      }),
    );
    return undefined;
  }
  const guess = topKeys.map((k) => ({ key: k, suggestion: closest(k, Object.keys(kindByKey)) })).find((g) => g.suggestion !== undefined);
  const shown = guess?.key ?? topKeys.find((k) => k !== 'version') ?? topKeys[0]!;
  diagnostics.push(
    error(file.relPath, [shown], `This file is not a funnel, app, experiments, catalog or template file: it needs ${expected}.`, {
      at: 'key',
      suggestion: guess?.suggestion,
      code: 'FL020',
    }),
  );
  return undefined;
}
