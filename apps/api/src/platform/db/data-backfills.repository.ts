import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: run right after the migrations, like them untyped
type Db = Kysely<any>;

/** The backfills queued by migrations and not finished, each with the last id it filled. */
export async function pendingBackfills(db: Db): Promise<{ name: string; afterId: number }[]> {
  const rows = await db.selectFrom('data_backfills').select(['name', 'after_id']).orderBy('name').execute();
  return rows.map((row) => ({ name: String(row.name), afterId: Number(row.after_id) }));
}

export async function saveBackfillPosition(db: Db, name: string, afterId: number): Promise<void> {
  await db.updateTable('data_backfills').set({ after_id: afterId }).where('name', '=', name).execute();
}

export async function finishBackfill(db: Db, name: string): Promise<void> {
  await db.deleteFrom('data_backfills').where('name', '=', name).execute();
}
