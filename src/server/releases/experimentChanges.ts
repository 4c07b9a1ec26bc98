/**
 * What a release changes of what each running experiment shows, as the checker compiles both
 * releases (docs/releases.md, "Experiments"): the screens that read the experiment's flag
 * (./screenReferences.ts) whose compiled config differs, the texts those screens show whose value
 * differs in any language, and the offers they list (by tag) or name whose catalog entry differs.
 * A file that only names the flag (a comment) changes none of these, and so warns of nothing.
 */
import type { CompiledProject } from '../../compiler/compile.ts';
import type { Catalog } from '../../language/schema/catalog.ts';
import { CatalogFileError } from '../catalog/catalogFileError.ts';
import { readReleaseCatalog } from './check.ts';
import { allChanged, changedFiles } from './files.ts';
import { checkFilesOnce } from './releaseFiles.ts';
import { type ScreenReferences, screenReferences } from './screenReferences.ts';
import type { ReleaseFiles } from './source.ts';

const EXPERIMENTS_PATH = 'funnels/experiments.yaml';
/** Names listed per kind in a warning; the rest are counted. */
const NAMES_SHOWN = 6;

/** JSON with sorted keys: the same data written in another key order is the same. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function named(singular: string, plural: string, names: string[]): string | undefined {
  if (names.length === 0) return undefined;
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  const more = names.length > NAMES_SHOWN ? ` and ${names.length - NAMES_SHOWN} more` : '';
  return `${names.length === 1 ? singular : plural} ${shown}${more}`;
}

type Offer = Catalog['offers'][number];

function offersOf(files: ReleaseFiles): Map<string, Offer> {
  let catalog: Catalog | undefined;
  try {
    catalog = readReleaseCatalog(files);
  } catch (error) {
    if (!(error instanceof CatalogFileError)) throw error;
    // A live catalog this code cannot read: every offer shown counts as changed.
  }
  return new Map([...(catalog?.offers ?? []), ...(catalog?.classOffers ?? [])].map((offer) => [offer.id, offer]));
}

interface Release {
  compiled: CompiledProject;
  screens: ReadonlyMap<string, ScreenReferences>;
}

/** Screen ids that read `flag` in either release, the next release's first. */
function screensShowing(flag: string, before: Release, after: Release): string[] {
  const ids = new Set<string>();
  for (const release of [after, before]) for (const [id, refs] of release.screens) if (refs.flags.has(flag)) ids.add(id);
  return [...ids];
}

/** `ns:key` → the locales whose text differs, for the texts the screens show in either release. */
function changedTexts(screenIds: string[], before: CompiledProject, after: CompiledProject): string[] {
  const keys = new Set<string>();
  for (const project of [after, before])
    for (const id of screenIds)
      for (const [ns, texts] of Object.entries(project.screenCopy[id] ?? {}))
        for (const key of Object.keys(texts)) keys.add(`${ns}:${key}`);
  const locales = [...new Set([after.defaultLocale, ...Object.keys(after.copy), ...Object.keys(before.copy)])];
  const out: string[] = [];
  for (const key of keys) {
    const colon = key.indexOf(':');
    const [ns, name] = [key.slice(0, colon), key.slice(colon + 1)];
    const differ = locales.filter((l) => before.copy[l]?.[ns]?.[name] !== after.copy[l]?.[ns]?.[name]);
    if (differ.length > 0) out.push(`${key} (${differ.join(', ')})`);
  }
  return out;
}

function changedOffers(
  screenIds: string[],
  before: Release,
  after: Release,
  offers: () => [Map<string, Offer>, Map<string, Offer>],
): string[] {
  const tags = new Set<string>();
  const ids = new Set<string>();
  for (const release of [after, before])
    for (const id of screenIds) {
      const refs = release.screens.get(id);
      for (const tag of refs?.planTags ?? []) tags.add(tag);
      for (const offer of refs?.offerIds ?? []) ids.add(offer);
    }
  if (tags.size === 0 && ids.size === 0) return [];
  const [was, now] = offers();
  const shown = (offer: Offer | undefined) => offer !== undefined && (ids.has(offer.id) || (offer.tags ?? []).some((t) => tags.has(t)));
  const offerIds = new Set([...now.keys(), ...was.keys()]);
  return [...offerIds].filter((id) => (shown(was.get(id)) || shown(now.get(id))) && canonical(was.get(id)) !== canonical(now.get(id)));
}

/** One warning per running experiment (`running`: the live release's) whose shown screens, texts or offers the release changes. */
export function experimentChanges(live: ReleaseFiles, next: ReleaseFiles, running: readonly string[]): string[] {
  if (running.length === 0) return [];
  const changed = allChanged(changedFiles(live, next)).filter((path) => path !== EXPERIMENTS_PATH);
  if (changed.length === 0) return [];
  const beforeCheck = checkFilesOnce(live);
  const afterCheck = checkFilesOnce(next);
  if (!afterCheck.compiled) return []; // never published: the check refuses it first
  const after: Release = { compiled: afterCheck.compiled, screens: screenReferences(afterCheck) };
  if (!beforeCheck.compiled) return running.map((name) => uncomparable(name, after));
  const before: Release = { compiled: beforeCheck.compiled, screens: screenReferences(beforeCheck) };

  const catalogChanged = changed.some((path) => path.startsWith('funnels/'));
  let catalogs: [Map<string, Offer>, Map<string, Offer>] | undefined;
  const offers = () => (catalogs ??= catalogChanged ? [offersOf(live), offersOf(next)] : [new Map(), new Map()]);

  const warnings: string[] = [];
  for (const name of running) {
    const ids = screensShowing(name, before, after);
    if (ids.length === 0) continue;
    const screens = ids
      .filter((id) => canonical(before.compiled.screens[id]) !== canonical(after.compiled.screens[id]))
      .map((id) => `${id} (${(after.screens.get(id) ?? before.screens.get(id))!.file})`);
    const parts = [
      named('screen', 'screens', screens),
      named('text', 'texts', changedTexts(ids, before.compiled, after.compiled)),
      named('offer', 'offers', changedOffers(ids, before, after, offers)),
    ].filter((part) => part !== undefined);
    if (parts.length > 0)
      warnings.push(
        `The running experiment ${name} shows what this release changes: ${parts.join(', ')}. ` +
          'Its results before and after this release differ.',
      );
  }
  return warnings;
}

/** The live release no longer passes this code's check: what it showed cannot be compared. */
function uncomparable(name: string, after: Release): string {
  const screens = [...after.screens].filter(([, refs]) => refs.flags.has(name)).map(([id, refs]) => `${id} (${refs.file})`);
  const shows = named('screen', 'screens', screens);
  return (
    `The running experiment ${name}${shows ? ` shows ${shows}` : ''}: the live release does not pass this code's check, so what this ` +
    'release changes of what it shows cannot be told. Its results before and after this release may differ.'
  );
}
