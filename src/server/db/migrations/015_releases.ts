/**
 * Releases (docs/releases.md): immutable snapshots of `funnels/` and `copy/` (each file's YAML
 * text, comments and all), the one pointer saying which is live and which one the last deploy
 * made or found live, the audit trail of every change of the live release, and the operators'
 * role (an editor makes drafts; a publisher also publishes and rolls back). Operators created
 * before roles existed are publishers: they could already do everything the admin pages offer.
 */
import { type Kysely, sql } from 'kysely';
import { now, oneOf } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('releases')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('parent_id', 'integer', (c) => c.references('releases.id'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'text', (c) => c.notNull().check(oneOf('source', ['cli', 'studio', 'deploy'])))
    .addColumn('files', 'jsonb', (c) => c.notNull())
    .addColumn('files_hash', 'text', (c) => c.notNull())
    .addColumn('draft', 'boolean', (c) => c.notNull().defaultTo(false))
    // A draft's preview link carries this token, not the guessable id.
    .addColumn('preview_token', 'text', (c) => c.unique())
    .addColumn('deleted_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('release_state')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('live_release_id', 'integer', (c) => c.notNull().references('releases.id'))
    .addColumn('deployed_release_id', 'integer', (c) => c.references('releases.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('release_audit')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().check(oneOf('action', ['publish', 'rollback', 'draft', 'deploy', 'delete-draft'])))
    .addColumn('release_id', 'integer', (c) => c.notNull().references('releases.id'))
    .addColumn('previous_live_id', 'integer', (c) => c.references('releases.id'))
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('release_audit_release_id').on('release_audit').column('release_id').execute();

  await db.schema
    .alterTable('operators')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('publisher')
        .check(oneOf('role', ['editor', 'publisher'])),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('operators').dropColumn('role').execute();
  await db.schema.dropTable('release_audit').execute();
  await db.schema.dropTable('release_state').execute();
  await db.schema.dropTable('releases').execute();
}
