import { type Kysely, sql } from 'kysely';

/**
 * Upload drafts (issue 32): an uploaded audio file, the tags read from it and the user's edits,
 * kept until it is published as a track or deleted, so a reload or another device finds it.
 * The cover read from the tags is a file entry of its own, deleted with the draft.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload_drafts')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('workspace_id', 'integer', (col) => col.references('workspaces.id').onDelete('set null'))
    .addColumn('file_entry_id', 'integer', (col) =>
      col.notNull().unique().references('file_entries.id').onDelete('cascade'),
    )
    .addColumn('image_entry_id', 'integer', (col) => col.references('file_entries.id').onDelete('set null'))
    .addColumn('data', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('upload_drafts_user_id_index')
    .on('upload_drafts')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('upload_drafts_image_entry_id_index')
    .on('upload_drafts')
    .column('image_entry_id')
    .execute();
  // The orphan sweeper asks "is this file a track's?" for every old upload.
  await db.schema
    .createIndex('file_entries_disk_created_at_index')
    .on('file_entries')
    .columns(['disk', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('file_entries_disk_created_at_index').execute();
  await db.schema.dropTable('upload_drafts').execute();
}
