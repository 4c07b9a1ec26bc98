import { blockTexts } from './blockTexts.ts';
import { runChecks } from './checks/index.ts';
import { matchRoute } from './checks/routeIndex.ts';
import type { CompiledApp, CompiledConfig, CompiledCopy, CompiledFlag, CompiledHead, CompiledRoute, CompiledScreen } from './compiled.ts';
import type { ConfigSchemas } from './configSchemas.ts';
import { splitCopy } from './copySplit.ts';
import { type Diagnostic, isError } from './diagnostic.ts';
import { EMAILS_NAMESPACE } from './emailTexts.ts';
import {
  type ConfigFile,
  type ConfigKind,
  type CopyFile,
  createLoadCache,
  type LoadCache,
  loadProject,
  type ProjectDirs,
  type SourceFile,
} from './load.ts';
import { attachOutcomes } from './outcomes.ts';
import { type Located, locateDiagnostic, sortDiagnostics } from './report.ts';
import { type RuntimeTexts, runtimeTextsOf } from './runtimeTexts.ts';
import type { AppConfig, AppFile, CopyTree, ExperimentsFile, FlagDefinition, FunnelFile } from './schema/index.ts';
import { type Validation, validateConfigFile, validateCopyFile } from './validate.ts';

/** Everything the browser gets, ready to be served as modules by the Vite plugin. */
export interface CompiledProject {
  config: CompiledConfig;
  /** Screen id → screen, each served as its own module (its own chunk). */
  screens: Record<string, CompiledScreen>;
  /** Locale → copy, whole (other locales are served whole, one module each). */
  copy: Record<string, CompiledCopy>;
  defaultLocale: string;
  /** The default locale's copy the app shell needs before any screen (in the main module). */
  shellCopy: CompiledCopy;
  /** app.yaml's `head:` (the pages' description, theme colour and icon), not in the browser's config. */
  head: CompiledHead | null;
  /** Screen id → the default locale's copy that screen shows beyond `shellCopy` (in its module). */
  screenCopy: Record<string, CompiledCopy>;
}

export interface CheckResult {
  /** Sorted by file, line and column. */
  diagnostics: Diagnostic[];
  /** Every YAML file read (config and copy), for the report's code frames. */
  files: SourceFile[];
  /** Present only when there is no error (warnings are fine). */
  compiled?: CompiledProject;
  /** The schemas the files were checked with, built from the blocks it was handed (the generators walk the config with them). */
  schemas: ConfigSchemas;
}

/**
 * The one entry point of `npm run check` and of the Vite plugin: load every YAML file,
 * validate each against its schema, run the cross-file checks and, when nothing is wrong,
 * compile.
 */
export interface CheckOptions extends ProjectDirs {
  /** What the code knows of the texts it shows by itself: src/compiler/runtimeTexts.ts's with `blocks`' unless a test gives its own. */
  runtimeTexts?: RuntimeTexts;
  cache?: CheckCache;
}

/**
 * What a check keeps for the next one (the Vite plugin checks again at every save): the load's
 * (src/compiler/load.ts LoadCache), and each file's schema validation by its data, which a file
 * keeps while it does not change.
 */
export interface CheckCache extends LoadCache {
  validated: WeakMap<object, Validation>;
}

export const createCheckCache = (): CheckCache => ({ ...createLoadCache(), validated: new WeakMap() });

export function checkAndCompile(options: CheckOptions): CheckResult {
  const project = loadProject(options);
  const diagnostics = [...project.diagnostics];
  const validated = (data: unknown, validate: () => Validation): Validation => {
    const cache = options.cache?.validated;
    if (!cache || data === null || typeof data !== 'object') return validate();
    const result = cache.get(data) ?? validate();
    cache.set(data, result);
    return result;
  };
  const values = new Map<ConfigFile, unknown>();
  for (const file of project.configFiles) {
    if (!file.parsed || file.kind === undefined) continue;
    const result = validated(file.data, () => validateConfigFile(file as ConfigFile & { kind: ConfigKind }, project.schemas));
    diagnostics.push(...result.diagnostics);
    if (result.value !== undefined) values.set(file, result.value);
  }
  const copy = new Map<CopyFile, CopyTree>();
  for (const file of project.copyFiles) {
    if (!file.parsed) continue;
    const result = validated(file.data, () => validateCopyFile(file));
    diagnostics.push(...result.diagnostics);
    if (result.value !== undefined) copy.set(file, result.value as CopyTree);
  }
  diagnostics.push(...runChecks(project, options.runtimeTexts));

  const files: SourceFile[] = [...project.configFiles, ...project.copyFiles];
  const byPath = new Map(files.map((f) => [f.relPath, f]));
  const sorted = oncePerTemplateLine(sortDiagnostics(diagnostics.map((d) => locateDiagnostic(d, byPath.get(d.file)))));
  const schemas = project.schemas;
  if (sorted.some(isError)) return { diagnostics: sorted, files, schemas };
  return {
    diagnostics: sorted,
    files,
    schemas,
    compiled: compile(project.schemas, project.configFiles, values, copy, options.runtimeTexts),
  };
}

/**
 * A mistake in a template shows in every funnel that uses it: report it once, at the first of
 * them, naming the others.
 */
function oncePerTemplateLine(located: Located[]): Diagnostic[] {
  const first = new Map<string, { diagnostic: Diagnostic; others: string[] }>();
  const out: { diagnostic: Diagnostic; others: string[] }[] = [];
  for (const { diagnostic, inTemplate } of located) {
    const id = inTemplate && JSON.stringify([inTemplate.file.relPath, inTemplate.position, diagnostic.message]);
    const seen = id === undefined ? undefined : first.get(id);
    if (seen) {
      seen.others.push(diagnostic.file);
      continue;
    }
    const entry = { diagnostic, others: [] };
    if (id !== undefined) first.set(id, entry);
    out.push(entry);
  }
  return out.map(({ diagnostic, others }) =>
    others.length === 0 ? diagnostic : { ...diagnostic, message: `${diagnostic.message} (The same in ${others.join(', ')}.)` },
  );
}

/** Builds the compiled config from files that passed every check. */
export function compile(
  schemas: ConfigSchemas,
  configFiles: ConfigFile[],
  values: Map<ConfigFile, unknown>,
  copyFiles: Map<CopyFile, CopyTree>,
  code: RuntimeTexts = runtimeTextsOf(schemas.blocks),
): CompiledProject {
  const errorMapping = (values.get(configFiles.find((f) => f.kind === 'app' && values.has(f))!) as AppFile).app;
  const compiledValues = new Map<ConfigFile, unknown>();
  for (const file of configFiles)
    if (file.kind !== undefined && values.has(file))
      compiledValues.set(file, compiledValue(schemas, file.kind, values.get(file), errorMapping));
  const valuesOf = <T>(kind: ConfigKind) =>
    configFiles.filter((f) => f.kind === kind && compiledValues.has(f)).map((f) => compiledValues.get(f) as T);
  const app = valuesOf<AppFile>('app')[0]!.app;
  const flags = valuesOf<ExperimentsFile>('experiments')[0]?.flags ?? {};

  const screens: Record<string, CompiledScreen> = {};
  const routes: CompiledRoute[] = [];
  for (const funnel of valuesOf<FunnelFile>('funnel')) {
    const steps = funnel.progress?.steps;
    for (const [funnelStep, screen] of funnel.screens.entries()) {
      const group = app.layoutGroups?.find((g) => g.paths.some((p) => matchRoute(p, screen.path) || matchRoute(screen.path, p)));
      const layout = group?.layout ?? funnel.layout ?? 'default';
      const load = screen.load ?? 'eager';
      const compiled: CompiledScreen = { ...screen, load, funnel: funnel.funnel, funnelStep, layout };
      if (screen.step !== undefined && steps !== undefined)
        compiled.progress =
          typeof steps === 'number' ? { step: screen.step, of: steps } : { step: screen.step, of: steps.length, labels: steps };
      screens[screen.id] = compiled;
      routes.push({ path: screen.path, screenId: screen.id, layout, load });
    }
  }

  const copy: Record<string, CompiledCopy> = {};
  for (const [file, tree] of copyFiles) {
    // The emails' texts are the server's (it reads them from the copy folder): never in the browser's bundles.
    if (file.namespace === EMAILS_NAMESPACE) continue;
    copy[file.locale] ??= {};
    copy[file.locale]![file.namespace] = flattenCopy(tree);
  }
  const locales = Object.keys(copy).sort();
  const defaultLocale = locales.includes(app.defaultLocale) ? app.defaultLocale : (locales[0] ?? app.defaultLocale);
  const config: CompiledConfig = {
    app: forBrowser(app),
    flags: flagsForBrowser(flags),
    routes,
    locales: [defaultLocale, ...locales.filter((l) => l !== defaultLocale)],
  };
  const files = configFiles.filter((f) => compiledValues.has(f)).map((f) => ({ kind: f.kind!, value: compiledValues.get(f) }));
  // The texts the app shows by itself: app.yaml's shellTexts: and those derived from blocks and rules.
  const runtimeKeys = [...Object.keys(app.shellTexts), ...Object.keys(code.derived)];
  const split = splitCopy({
    files,
    copy: copy[defaultLocale] ?? {},
    runtimeKeys,
    blockTexts: blockTexts(schemas.blocks),
    schemas,
  });
  return { config, screens, copy, defaultLocale, shellCopy: split.shell, screenCopy: split.screens, head: app.head ?? null };
}

/**
 * A file's value as the browser gets it: every call and login with what each of its outcomes
 * shows (on a copy: YAML aliases share objects); the app's mapping itself stays behind, so its
 * copy travels with the screens that show it. Once per validated value and mapping: the dev
 * server compiles again at every save, and the values of unchanged files are the same objects.
 */
function compiledValue(schemas: ConfigSchemas, kind: ConfigKind, validated: unknown, errorMapping: AppConfig): unknown {
  const known = validated !== null && typeof validated === 'object' ? compiledByValue.get(validated) : undefined;
  if (known?.errorMapping === errorMapping) return known.value;
  const value = JSON.parse(JSON.stringify(validated)) as unknown;
  attachOutcomes(schemas.byKind[kind], value, errorMapping, schemas.blockOf);
  if (kind === 'app') {
    const { callGroups: _groups, errors: _mapped, ...app } = (value as AppFile).app;
    (value as AppFile).app = app;
  }
  if (validated !== null && typeof validated === 'object') compiledByValue.set(validated, { errorMapping, value });
  return value;
}

const compiledByValue = new WeakMap<object, { errorMapping: AppConfig; value: unknown }>();

/**
 * The app config less what the browser never reads: route-rule names, layoutGroups (applied
 * above), shellTexts (their copy is in the shell's) and head (in the page's HTML).
 */
function forBrowser(app: Omit<AppConfig, 'callGroups' | 'errors'>): CompiledApp {
  const { layoutGroups: _applied, shellTexts: _declared, head: _inHtml, routeRules, ...rest } = app;
  return { ...rest, routeRules: routeRules.map(({ name: _note, ...rule }) => rule) };
}

/** Flags less their descriptions (notes for people). */
function flagsForBrowser(flags: Record<string, FlagDefinition>): Record<string, CompiledFlag> {
  return Object.fromEntries(Object.entries(flags).map(([name, { description: _note, ...flag }]) => [name, flag]));
}

/** { errors: { wrongPassword: '...' } } → { 'errors.wrongPassword': '...' } */
export function flattenCopy(tree: CopyTree, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') into[path] = value;
    else flattenCopy(value, path, into);
  }
  return into;
}
