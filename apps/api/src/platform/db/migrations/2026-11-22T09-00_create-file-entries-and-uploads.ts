import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('file_entries')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('client_name', 'text')
    .addColumn('client_mime', 'text')
    .addColumn('client_extension', 'text')
    .addColumn('mime', 'text', (col) => col.notNull())
    .addColumn('extension', 'text', (col) => col.notNull())
    .addColumn('file_size', 'bigint', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('disk', 'text', (col) => col.notNull().check(sql`disk in ('uploads', 'public')`))
    .addColumn('driver', 'text', (col) => col.notNull())
    .addColumn('parent_id', 'integer', (col) => col.references('file_entries.id').onDelete('set null'))
    .addColumn('owner_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('file_entries_disk_path_unique')
    .on('file_entries')
    .columns(['disk', 'path'])
    .unique()
    .execute();
  await db.schema.createIndex('file_entries_owner_id_index').on('file_entries').column('owner_id').execute();

  // Direct-to-S3 uploads in progress: who may finish them, and the parts reported so far
  // (the resume answer when the S3 server cannot list parts).
  await db.schema
    .createTable('s3_uploads')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('upload_id', 'text')
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('simple', 'multipart')`))
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('pending').check(sql`status in ('pending', 'completed')`),
    )
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('disk', 'text', (col) => col.notNull())
    .addColumn('fingerprint', 'text')
    .addColumn('client_name', 'text', (col) => col.notNull())
    .addColumn('client_mime', 'text')
    .addColumn('client_extension', 'text')
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('parts', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('s3_uploads_owner_fingerprint_index')
    .on('s3_uploads')
    .columns(['owner_id', 'fingerprint'])
    .execute();
}
