import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('roles')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('default', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('guests', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('internal', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('artists', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('type', 'text', (col) => col.notNull().defaultTo('sitewide'))
    .addColumn('order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('roles_name_type_unique')
    .on('roles')
    .columns(['name', 'type'])
    .unique()
    .execute();

  await db.schema
    .createTable('permissions')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('display_name', 'text')
    .addColumn('description', 'text')
    .addColumn('group', 'text', (col) => col.notNull())
    .addColumn('advanced', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('restrictions', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();

  await db.schema
    .createTable('permissionables')
    .addColumn('permission_id', 'integer', (col) =>
      col.notNull().references('permissions.id').onDelete('cascade'),
    )
    .addColumn('permissionable_type', 'text', (col) => col.notNull())
    .addColumn('permissionable_id', 'integer', (col) => col.notNull())
    .addColumn('restrictions', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addPrimaryKeyConstraint('permissionables_pk', [
      'permissionable_type',
      'permissionable_id',
      'permission_id',
    ])
    .addCheckConstraint('permissionables_type_check', sql`permissionable_type in ('user', 'role', 'plan')`)
    .execute();

  await db.schema
    .createTable('user_role')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (col) => col.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_role_role_id_index').on('user_role').column('role_id').execute();
}
