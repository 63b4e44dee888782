import { type Kysely, sql } from 'kysely';

/** Moderation (issue 12): a listener's report about a track, album, playlist, comment or user. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('reporter_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reportable_type', 'text', (col) => col.notNull())
    .addColumn('reportable_id', 'bigint', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('details', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('resolution', 'text')
    .addColumn('resolved_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'reports_type_check',
      sql`reportable_type in ('track', 'album', 'playlist', 'comment', 'user')`,
    )
    .addCheckConstraint('reports_status_check', sql`status in ('open', 'resolved')`)
    .addCheckConstraint(
      'reports_resolution_check',
      sql`resolution is null or resolution in ('hide', 'delete', 'dismiss')`,
    )
    .execute();
  await sql`create index reports_status_created_index on reports (status, created_at desc, id desc)`.execute(
    db,
  );
  await db.schema
    .createIndex('reports_reportable_index')
    .on('reports')
    .columns(['reportable_type', 'reportable_id'])
    .execute();
  // One open report per reporter and item: a second click is not a second report.
  await sql`create unique index reports_open_unique on reports (reporter_id, reportable_type, reportable_id)
    where status = 'open'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reports').execute();
}
