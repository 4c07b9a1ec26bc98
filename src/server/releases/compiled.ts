/**
 * Releases as the server serves them: each compiled once, on first use, by the checker
 * `npm run check` runs, into what the browser loads (src/runtime/startup/release.ts): the config
 * and the shell's copy (inline in each page), one JSON per screen and per language (at
 * src/contract/releases.ts's addresses), and what the server reads itself (flags, the funnels'
 * screens, the emails' texts).
 *
 * The live release is asked of the source again when it says another became live. A release that
 * is no longer live stays compiled while it is used, and at least KEEP_MS after its last use
 * (a tab that started on it keeps fetching its screens: docs/decisions.md, "Earlier releases
 * served"); after that it is compiled again if asked for. A release whose check fails is never
 * served: a live one that fails leaves the previous one live (and is logged); at start, with none
 * before it, `live()` throws the check's report.
 */
import type { CompiledProject } from '../../compiler/compile.ts';
import type { CompiledScreenModule } from '../../compiler/compiled.ts';
import { isError } from '../../compiler/diagnostic.ts';
import type { ConfigFile } from '../../compiler/load.ts';
import { formatReport } from '../../compiler/report.ts';
import { type FunnelPages, funnelPages } from '../../generators/pages/funnelPages.ts';
import { defaultPageHead, type PageHead } from '../../generators/pages/pageHead.ts';
import { type EmailTexts, emailTextsOfRelease } from '../email/texts.ts';
import { type FlagDefinitions, flagDefinitionsOf } from '../experiments/definitions.ts';
import { type FunnelScreens, funnelScreensOfRelease } from '../experiments/funnelScreens.ts';
import { hashFiles } from './files.ts';
import { checkFilesOnce } from './releaseFiles.ts';
import type { ReleaseFiles, ReleaseSnapshot, ReleaseSource } from './source.ts';

/** A release no longer live stays compiled at least this long after its last use. */
export const KEEP_MS = 24 * 60 * 60 * 1000;

export interface CompiledRelease {
  id: number;
  files: ReleaseFiles;
  project: CompiledProject;
  /** Each screen's blocks and the screens it leads to (the pages' preloads and fetching ahead). */
  pages: FunnelPages;
  /** The page's head in the default language. */
  head: PageHead;
  flags: FlagDefinitions;
  funnelScreens: FunnelScreens;
  emailTexts: EmailTexts;
  /** A screen with the default language's copy it shows beyond the shell's; undefined for a screen it has not. */
  screen(screenId: string): CompiledScreenModule | undefined;
  /** The JSON texts served, made once. */
  screenJson(screenId: string): string | undefined;
  copyJson(locale: string): string | undefined;
}

/** A release the check refuses: it is never served. */
export class ReleaseCheckError extends Error {
  override name = 'ReleaseCheckError';
  constructor(
    readonly releaseId: number,
    readonly report: string,
  ) {
    super(`Release ${releaseId} does not pass the check, so it is not served:\n${report}`);
  }
}

/** What a release's files compile to, whatever its id. */
type CompiledFiles = Omit<CompiledRelease, 'id' | 'files'>;

/** The same files compile to the same thing: servers a process starts (tests start hundreds) compile a checkout once. */
const compiledByHash = new Map<string, CompiledFiles>();
const COMPILED_KEPT = 8;

function compileFiles(files: ReleaseFiles, id: number): CompiledFiles {
  const hash = hashFiles(files);
  const known = compiledByHash.get(hash);
  if (known) {
    compiledByHash.delete(hash);
    compiledByHash.set(hash, known);
    return known;
  }
  const checked = checkFilesOnce(files);
  const project = checked.compiled;
  if (!project || checked.diagnostics.some(isError)) throw new ReleaseCheckError(id, formatReport(checked.diagnostics, checked.files));
  const experiments = checked.files.find((f) => (f as ConfigFile).kind === 'experiments') as ConfigFile | undefined;
  const json = new Map<string, string>();
  const once = (key: string, make: () => unknown) => {
    const known = json.get(key);
    if (known !== undefined) return known;
    const text = JSON.stringify(make());
    json.set(key, text);
    return text;
  };
  const screen = (screenId: string) => {
    const found = Object.hasOwn(project.screens, screenId) ? project.screens[screenId] : undefined;
    return found ? { screen: found, copy: project.screenCopy[screenId] ?? {} } : undefined;
  };
  const compiled: CompiledFiles = {
    project,
    pages: funnelPages(project, checked.files, checked.schemas),
    head: defaultPageHead(project),
    flags: flagDefinitionsOf(experiments),
    funnelScreens: funnelScreensOfRelease(project.screens),
    emailTexts: emailTextsOfRelease(files),
    screen,
    screenJson: (screenId) => (screen(screenId) ? once(`screen:${screenId}`, () => screen(screenId)) : undefined),
    copyJson: (locale) => (Object.hasOwn(project.copy, locale) ? once(`copy:${locale}`, () => project.copy[locale]) : undefined),
  };
  compiledByHash.set(hash, compiled);
  if (compiledByHash.size > COMPILED_KEPT) compiledByHash.delete(compiledByHash.keys().next().value!);
  return compiled;
}

/** Checks and compiles a release's files; throws ReleaseCheckError when the check finds an error. */
export function compileRelease(snapshot: ReleaseSnapshot): CompiledRelease {
  return { id: snapshot.id, files: snapshot.files, ...compileFiles(snapshot.files, snapshot.id) };
}

export interface CompiledReleases {
  /** The release new visits get (its compiled files). */
  live(): Promise<CompiledRelease>;
  /** The live release as last compiled, without waiting (after `live()` answered once). */
  current(): CompiledRelease;
  /** A release by id, compiled; undefined when the source has none or it does not pass the check. */
  byId(id: number): Promise<CompiledRelease | undefined>;
  /** Called after another release became live and was compiled. */
  onLiveChange(listener: (release: CompiledRelease) => void): () => void;
  /** The draft a preview token shows, compiled; undefined when it shows none (expired, deleted, a source without drafts). */
  preview(token: string): Promise<CompiledRelease | undefined>;
  /** Is this release a draft? False for a source without drafts. */
  isDraft(id: number): Promise<boolean>;
  close(): void;
}

export interface CompiledReleasesOptions {
  log: { error(obj: object, message: string): void; info(obj: object, message: string): void };
  keepMs?: number;
  clock?: () => number;
}

export function compiledReleases(source: ReleaseSource, o: CompiledReleasesOptions): CompiledReleases {
  const keepMs = o.keepMs ?? KEEP_MS;
  const clock = o.clock ?? Date.now;
  const kept = new Map<number, { release: Promise<CompiledRelease | undefined>; usedAt: number }>();
  let live: CompiledRelease | undefined;
  /** The source's live release as last asked: compiled once per id. */
  let asking: Promise<CompiledRelease> | undefined;
  const listeners = new Set<(release: CompiledRelease) => void>();
  /** Live releases the check refused, already logged. */
  const refused = new Set<number>();

  const forget = () => {
    const now = clock();
    for (const [id, entry] of kept) if (id !== live?.id && now - entry.usedAt > keepMs) kept.delete(id);
  };
  const compiled = (snapshot: ReleaseSnapshot): Promise<CompiledRelease> => {
    const entry = kept.get(snapshot.id);
    if (entry) {
      entry.usedAt = clock();
      return entry.release.then((r) => r ?? Promise.reject(new Error(`Release ${snapshot.id} does not pass the check.`)));
    }
    const release = Promise.resolve().then(() => compileRelease(snapshot));
    kept.set(snapshot.id, { release: release.catch(() => undefined), usedAt: clock() });
    return release;
  };
  const askLive = async (): Promise<CompiledRelease> => {
    const snapshot = await source.live();
    if (live?.id === snapshot.id) return live;
    try {
      const release = await compiled(snapshot);
      const changed = live !== undefined;
      live = release;
      if (changed) {
        o.log.info({ release: release.id }, `release ${release.id} is live`);
        for (const listener of [...listeners]) listener(release);
      }
      return release;
    } catch (error) {
      if (!live) throw error;
      // Said once: every request asks for the live release.
      if (refused.has(snapshot.id)) return live;
      refused.add(snapshot.id);
      o.log.error(
        { err: error, release: snapshot.id, serving: live.id },
        `release ${snapshot.id} is live in the database but does not pass the check: release ${live.id} is served instead`,
      );
      return live;
    }
  };
  const refresh = () => {
    asking = askLive().finally(() => {
      asking = undefined;
    });
    forget();
    return asking;
  };
  const unsubscribe = source.onLiveChange(() => void refresh().catch(() => undefined));

  const releases: CompiledReleases = {
    live() {
      // A source that follows a checkout's files (dev) answers its newest release at each ask.
      if (asking) return asking;
      return live ? refresh().catch(() => live!) : refresh();
    },
    current() {
      if (!live) throw new Error('No release is live yet: ask live() first.');
      return live;
    },
    async byId(id) {
      if (live?.id === id) return live;
      const entry = kept.get(id);
      if (entry) {
        entry.usedAt = clock();
        return entry.release;
      }
      const snapshot = await source.byId(id);
      if (!snapshot) return undefined;
      try {
        return await compiled(snapshot);
      } catch (error) {
        o.log.error({ err: error, release: id }, `release ${id} does not pass the check: not served`);
        return undefined;
      }
    },
    onLiveChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async preview(token) {
      const snapshot = await source.preview?.(token);
      return snapshot ? releases.byId(snapshot.id) : undefined;
    },
    isDraft: async (id) => (await source.isDraft?.(id)) ?? false,
    close: unsubscribe,
  };
  return releases;
}
