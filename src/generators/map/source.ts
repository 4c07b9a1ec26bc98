import type { CompiledProject } from '../../compiler/compile.ts';
import type { CompiledFlag, CompiledRouteRule, CompiledScreen } from '../../compiler/compiled.ts';
import type { ConfigSchemas } from '../../compiler/configSchemas.ts';
import type { ConfigFile, SourceFile } from '../../compiler/load.ts';

/** What the funnel maps and the dev screen index are drawn from: the checked, compiled config. */
export interface MapSource {
  /** In the order of their files, each with its screens in file order. */
  funnels: FunnelSource[];
  /** app.yaml's route table, in order, with each rule's `name:` (a note for people). */
  routeRules: NamedRouteRule[];
  links: Readonly<Record<string, string>>;
  flags: Readonly<Record<string, CompiledFlag>>;
  /** The English text of a copy key (the default locale's when there is no English). */
  text: (copyKey: string) => string | undefined;
  /** The schema of a screen, as the config was checked with (its blocks: the registry the compiler was handed). */
  screenSchema: ConfigSchemas['screen'];
}

export interface FunnelSource {
  name: string;
  /** The funnel file, relative to the project root (funnels/signup.yaml). */
  file: string;
  screens: CompiledScreen[];
}

export type NamedRouteRule = CompiledRouteRule & { name?: string };

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `liveClasses` → `live-classes`: the file name of a funnel no file declares by that name. */
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

export function mapSource(compiled: CompiledProject, files: readonly SourceFile[], schemas: ConfigSchemas): MapSource {
  const fileOf = new Map<string, string>();
  let ruleNames: unknown[] = [];
  for (const file of files) {
    if (!('kind' in file) || !isRecord(file.data)) continue;
    const { kind, data } = file as ConfigFile & { data: Record<string, unknown> };
    if (kind === 'funnel' && typeof data.funnel === 'string' && !fileOf.has(data.funnel)) fileOf.set(data.funnel, file.relPath);
    if (kind === 'app' && isRecord(data.app) && Array.isArray(data.app.routeRules)) ruleNames = data.app.routeRules;
  }

  const funnels: FunnelSource[] = [];
  for (const screen of Object.values(compiled.screens)) {
    let funnel = funnels.find((f) => f.name === screen.funnel);
    if (!funnel) {
      funnel = { name: screen.funnel, file: fileOf.get(screen.funnel) ?? `funnels/${kebab(screen.funnel)}.yaml`, screens: [] };
      funnels.push(funnel);
    }
    funnel.screens.push(screen);
  }

  const routeRules = compiled.config.app.routeRules.map((rule, i): NamedRouteRule => {
    const named = ruleNames[i];
    return isRecord(named) && typeof named.name === 'string' ? { ...rule, name: named.name } : rule;
  });
  const english = compiled.copy.en ?? compiled.copy[compiled.defaultLocale] ?? {};
  return {
    screenSchema: schemas.screen,
    funnels,
    routeRules,
    links: compiled.config.app.links,
    flags: compiled.config.flags,
    text: (key) => {
      const colon = key.indexOf(':');
      return english[key.slice(0, colon)]?.[key.slice(colon + 1)];
    },
  };
}
