import { type Kysely, sql } from 'kysely';

/** Channels (logic in the catalogue-discovery module) and backstage requests (music-domain.md). */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('channels')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('config', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('internal', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('owner_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('channelables')
    .addColumn('channel_id', 'bigint', (col) => col.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('model_type', 'text', (col) => col.notNull())
    .addColumn('model_id', 'bigint', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('channelables_pk', ['channel_id', 'model_type', 'model_id'])
    .addCheckConstraint(
      'channelables_type_check',
      sql`model_type in ('track', 'album', 'artist', 'playlist', 'genre', 'channel', 'user')`,
    )
    .execute();
  await db.schema
    .createIndex('channelables_position_index')
    .on('channelables')
    .columns(['channel_id', 'position'])
    .execute();
  await db.schema
    .createIndex('channelables_model_index')
    .on('channelables')
    .columns(['model_type', 'model_id'])
    .execute();

  await db.schema
    .createTable('backstage_requests')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('artist_id', 'bigint', (col) => col.references('artists.id').onDelete('set null'))
    .addColumn('artist_name', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('data', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('reviewed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'backstage_requests_type_check',
      sql`type in ('become_artist', 'verify_artist', 'claim_artist')`,
    )
    .addCheckConstraint('backstage_requests_status_check', sql`status in ('pending', 'approved', 'denied')`)
    .execute();
  await sql`create index backstage_requests_status_index on backstage_requests (status, created_at desc)`.execute(
    db,
  );
  await db.schema
    .createIndex('backstage_requests_user_id_index')
    .on('backstage_requests')
    .column('user_id')
    .execute();
}
