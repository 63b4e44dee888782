import { type Kysely, sql } from 'kysely';

/**
 * Workspaces (spec 1, 3, 4): teams that own music together. Members with a workspace role,
 * invitations by email valid 3 days, and the catalogue rows created while a workspace was active
 * point at it (deleting the workspace hands them back to their owners' personal workspace).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('workspaces_owner_index').on('workspaces').column('owner_id').execute();

  await db.schema
    .createTable('workspace_members')
    .addColumn('workspace_id', 'integer', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('owner', 'admin', 'member')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('workspace_members_pkey', ['workspace_id', 'user_id'])
    .execute();
  // "My workspaces" and the per-request membership check read by user.
  await db.schema
    .createIndex('workspace_members_user_index')
    .on('workspace_members')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('workspace_invites')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('workspace_id', 'integer', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('admin', 'member')`))
    .addColumn('invited_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await sql`create unique index workspace_invites_email_unique on workspace_invites (workspace_id, lower(email))`.execute(
    db,
  );

  for (const table of ['artists', 'albums', 'tracks', 'playlists']) {
    await db.schema
      .alterTable(table)
      .addColumn('workspace_id', 'integer', (col) => col.references('workspaces.id').onDelete('set null'))
      .execute();
    await sql`create index ${sql.raw(`${table}_workspace_index`)} on ${sql.table(table)} (workspace_id) where workspace_id is not null`.execute(
      db,
    );
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['artists', 'albums', 'tracks', 'playlists']) {
    await db.schema.alterTable(table).dropColumn('workspace_id').execute();
  }
  await db.schema.dropTable('workspace_invites').execute();
  await db.schema.dropTable('workspace_members').execute();
  await db.schema.dropTable('workspaces').execute();
}
