import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export type TDetailChange = {
  id: number;
  details: string;
  created_at: Date;
  expires_at: Date;
  confirmed_at: Date | null;
};

const change = ['id', 'details', 'created_at', 'expires_at', 'confirmed_at'] as const;

export async function insertChange(
  db: Db,
  row: { artist_id: number; details: string; token_hash: string; requested_by: number; expires_at: Date },
): Promise<number> {
  const { id } = await db
    .insertInto('payout_detail_changes')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function lastConfirmed(db: Db, artistId: number): Promise<TDetailChange | undefined> {
  return db
    .selectFrom('payout_detail_changes')
    .select(change)
    .where('artist_id', '=', artistId)
    .where('confirmed_at', 'is not', null)
    .orderBy('confirmed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The artist's newest change: only it can still be confirmed (a newer request replaces older links). */
export async function newestChange(
  db: Db,
  artistId: number,
  forUpdate = false,
): Promise<(TDetailChange & { token_hash: string }) | undefined> {
  let query = db
    .selectFrom('payout_detail_changes')
    .select([...change, 'token_hash'])
    .where('artist_id', '=', artistId)
    .orderBy('id', 'desc')
    .limit(1);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function markConfirmed(db: Db, id: number, userId: number, at: Date): Promise<void> {
  await db
    .updateTable('payout_detail_changes')
    .set({ confirmed_at: at, confirmed_by: userId })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .execute();
}

/** The details in effect of each artist (the payout file's columns). */
export async function confirmedDetailsOf(db: Db, artistIds: number[]): Promise<Map<number, string>> {
  if (artistIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('payout_detail_changes')
    .select(['artist_id', 'details'])
    .distinctOn('artist_id')
    .where('artist_id', 'in', artistIds)
    .where('confirmed_at', 'is not', null)
    .orderBy('artist_id')
    .orderBy('confirmed_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.artist_id, row.details]));
}
