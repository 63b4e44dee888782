import { type Kysely, sql } from 'kysely';

/**
 * The names in Kysely's migration table, or null before the first migration created it. Read
 * without the migrator (which creates its tables and takes its lock first) so that a start with
 * nothing to apply does not load the migrations' code.
 */
// biome-ignore lint/suspicious/noExplicitAny: read before any typed schema exists, like the migrations
export async function appliedMigrationNames(db: Kysely<any>): Promise<string[] | null> {
  const { rows } = await sql<{
    table: string | null;
  }>`select to_regclass('kysely_migration')::text as table`.execute(db);
  if (!rows[0]?.table) return null;
  const applied = await db.selectFrom('kysely_migration').select('name').execute();
  return applied.map((row) => String(row.name));
}
