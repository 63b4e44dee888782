import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Run right after the migrations, on the migrator's untyped handle (it runs before any typed
 * schema exists); read here as the one table it needs.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migrator's handle, see migrate.ts
type Db = Kysely<any>;
const typed = (db: Db) => db as Kysely<Pick<Database, 'data_backfills'>>;

/** The backfills queued by migrations and not finished, each with the last id it filled. */
export async function pendingBackfills(db: Db): Promise<{ name: string; afterId: number }[]> {
  const rows = await typed(db)
    .selectFrom('data_backfills')
    .select(['name', 'after_id'])
    .orderBy('name')
    .execute();
  return rows.map((row) => ({ name: String(row.name), afterId: Number(row.after_id) }));
}

export async function saveBackfillPosition(db: Db, name: string, afterId: number): Promise<void> {
  await typed(db).updateTable('data_backfills').set({ after_id: afterId }).where('name', '=', name).execute();
}

export async function finishBackfill(db: Db, name: string): Promise<void> {
  await typed(db).deleteFrom('data_backfills').where('name', '=', name).execute();
}
