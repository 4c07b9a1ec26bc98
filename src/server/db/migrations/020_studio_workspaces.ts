/**
 * The studio's workspaces (docs/releases.md, "Studio API"): a draft being edited in the browser.
 * A release is immutable and must pass the check, so a workspace keeps its own files, changed one
 * save at a time and broken in between; previewing or publishing it makes a release of them.
 * Each file's `version` is the SHA-256 of its text: a save names the version it was based on.
 * Saves and new workspaces join the releases' audit trail (`studio-workspace`, `studio-save`).
 */
import { type Kysely, sql } from 'kysely';
import { now, oneOf } from './helpers.ts';

const ACTIONS_BEFORE = ['publish', 'rollback', 'draft', 'deploy', 'delete-draft'];
const ACTIONS_AFTER = [...ACTIONS_BEFORE, 'studio-workspace', 'studio-save'];

async function auditActions(db: Kysely<any>, actions: string[]) {
  await sql`alter table release_audit drop constraint if exists release_audit_action_check`.execute(db);
  await sql`alter table release_audit add constraint release_audit_action_check check (${oneOf('action', actions)})`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('studio_workspaces')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('base_release_id', 'integer', (c) => c.notNull().references('releases.id'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    // The newest draft release made of its files for a preview link.
    .addColumn('preview_release_id', 'integer', (c) => c.references('releases.id'))
    // Set once published: the workspace is then read-only.
    .addColumn('published_release_id', 'integer', (c) => c.references('releases.id'))
    .execute();

  await db.schema
    .createTable('studio_files')
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('studio_workspaces.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('studio_files_pkey', ['workspace_id', 'path'])
    .execute();

  await auditActions(db, ACTIONS_AFTER);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from release_audit where action in ('studio-workspace', 'studio-save')`.execute(db);
  await auditActions(db, ACTIONS_BEFORE);
  await db.schema.dropTable('studio_files').execute();
  await db.schema.dropTable('studio_workspaces').execute();
}
