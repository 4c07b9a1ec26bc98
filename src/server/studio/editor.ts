/**
 * What the studio's editor asks of the server besides saving (docs/releases.md, "Studio editor"):
 *
 * - the draft's JSON Schemas: what `npm run schema` would write for the workspace's files, each with
 *   the globs it is for, the very list .vscode/settings.json's `yaml.schemas` is written from
 *   (src/generators/jsonSchema/schemaFiles.ts), so the editor's completion knows the draft's own
 *   copy keys, screens and flags;
 * - the live preview's update: what the open file, as typed, changes in the screens and texts of the
 *   draft release the preview frame runs, as the Vite plugin's hot update does in `npm run dev`
 *   (src/vitePlugin/hotUpdate.ts), for the frame to take without loading again.
 */
import type { ConfigFile } from '../../compiler/sourceFile.ts';
import { type JsonSchemaFile, projectJsonSchemas } from '../../generators/jsonSchema/schemaFiles.ts';
import { type ConfigUpdate, configUpdate } from '../../vitePlugin/hotUpdate.ts';
import type { Db } from '../db/transaction.ts';
import { hashFiles } from '../releases/files.ts';
import { checkFilesOnce } from '../releases/releaseFiles.ts';
import { releaseFiles } from '../releases/service.ts';
import { filesOf, type Overlay, StudioRefusal } from './service.ts';

/** The last drafts' schemas by the files' hash: a workspace's schemas change only when a save changes its names. */
const schemasByHash = new Map<string, JsonSchemaFile[]>();
const SCHEMAS_KEPT = 4;

async function schemaFiles(db: Db, id: number): Promise<{ hash: string; files: JsonSchemaFile[] }> {
  const { files } = await filesOf(db, id);
  const hash = hashFiles(files);
  let made = schemasByHash.get(hash);
  if (!made) {
    const check = checkFilesOnce(files);
    made = projectJsonSchemas(check.files, check.schemas);
    schemasByHash.set(hash, made);
    if (schemasByHash.size > SCHEMAS_KEPT) schemasByHash.delete(schemasByHash.keys().next().value!);
  }
  return { hash, files: made };
}

export interface SchemaMapping {
  /** The workspace files' hash: the schemas change with it. */
  hash: string;
  /** `schemas/funnel.schema.json` and the globs of the files it is for, in the order editors try them. */
  schemas: { path: string; globs: string[] }[];
}

export async function draftSchemaMapping(db: Db, id: number): Promise<SchemaMapping> {
  const { hash, files } = await schemaFiles(db, id);
  return { hash, schemas: files.map((f) => ({ path: f.path, globs: f.globs })) };
}

/** The text of one schema of the draft, by its name (`funnel.schema.json`). */
export async function draftSchema(db: Db, id: number, name: string): Promise<string> {
  const { files } = await schemaFiles(db, id);
  const found = files.find((f) => f.path === `schemas/${name}`);
  if (!found) throw new StudioRefusal(`The draft has no schema ${name}.`, 'not-found');
  return found.text;
}

export interface LivePreview {
  /** The open file as typed passes the check; when not, the frame keeps what it shows. */
  ok: boolean;
  /**
   * What the frame takes in place (changed screens, changed copy namespaces); null when the draft's routes,
   * flags, shell or languages changed: the frame needs a new preview draft and a load.
   */
  update: ConfigUpdate | null;
  /** The screens of the open funnel file, in its order, each with its path: the preview shows the cursor's. */
  screens: { id: string; path: string | null }[];
}

/**
 * The update that takes the frame, running draft release `releaseId`, to the workspace's files with the open
 * file as typed. Nothing is stored.
 */
export async function livePreview(db: Db, id: number, o: { releaseId: number; overlay?: Overlay }): Promise<LivePreview> {
  const { files } = await filesOf(db, id, o.overlay);
  const before = checkFilesOnce((await releaseFiles(db, o.releaseId)).files).compiled;
  const check = checkFilesOnce(files);
  const after = check.compiled;
  const project = after ?? before;
  const file = o.overlay ? (check.files.find((f) => f.relPath === o.overlay!.path) as ConfigFile | undefined) : undefined;
  const funnel = file?.kind === 'funnel' ? (file.data as { funnel?: unknown } | undefined)?.funnel : undefined;
  const screens = project
    ? Object.entries(project.screens)
        .filter(([, screen]) => funnel !== undefined && screen.funnel === funnel)
        .sort(([, a], [, b]) => a.funnelStep - b.funnelStep)
        .map(([screenId]) => ({ id: screenId, path: project.config.routes.find((r) => r.screenId === screenId)?.path ?? null }))
    : [];
  if (!after || !before) return { ok: after !== undefined, update: null, screens };
  return { ok: true, update: configUpdate(before, after) ?? null, screens };
}
