import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;

export function insertExport(db: Db, userId: number) {
  return db.insertInto('data_exports').values({ user_id: userId }).returningAll().executeTakeFirstOrThrow();
}

export function latestExport(db: Db, userId: number) {
  return db
    .selectFrom('data_exports')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findExport(db: Db, id: number) {
  return db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function finishExport(
  db: Db,
  id: number,
  values: { status: 'ready' | 'failed'; path?: string; error?: string; expiresAt?: Date },
): Promise<void> {
  await db
    .updateTable('data_exports')
    .set({
      status: values.status,
      path: values.path ?? null,
      error: values.error ?? null,
      finished_at: new Date(),
      expires_at: values.expiresAt ?? null,
    })
    .where('id', '=', id)
    .execute();
}

export function pendingExports(db: Db) {
  return db.selectFrom('data_exports').select('id').where('status', '=', 'pending').orderBy('id').execute();
}

export function expiredExports(db: Db, now: Date) {
  return db
    .selectFrom('data_exports')
    .select(['id', 'path'])
    .where('status', '=', 'ready')
    .where('expires_at', '<=', now)
    .execute();
}

export async function deleteExports(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('data_exports').where('id', 'in', ids).execute();
}

// What the archive holds. The export reads every module's rows of one user in one place: it is a
// copy of the account, not a feature of those modules.

export function accountOf(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'name',
      'email',
      'first_name',
      'last_name',
      'image',
      'language',
      'country',
      'timezone',
      'email_verified_at',
      'two_factor_confirmed_at',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function likesOf(db: Db, userId: number) {
  return db
    .selectFrom('likes')
    .select(['likeable_type', 'likeable_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export function followsOf(db: Db, userId: number) {
  return db
    .selectFrom('follows')
    .select(['followable_type', 'followable_id', 'created_at'])
    .where('follower_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Names of liked or followed things, by type and id (a deleted one has none). */
export async function namesOf(
  db: Db,
  type: 'track' | 'album' | 'artist' | 'playlist' | 'user',
  ids: number[],
) {
  if (ids.length === 0) return new Map<number, string>();
  const table = (
    { track: 'tracks', album: 'albums', artist: 'artists', playlist: 'playlists', user: 'users' } as const
  )[type];
  const rows = await db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

export function playlistsOf(db: Db, userId: number) {
  return db
    .selectFrom('playlists')
    .select([
      'id',
      'name',
      'description',
      'public',
      'collaborative',
      'smart_rules',
      'created_at',
      'updated_at',
    ])
    .where('owner_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function playlistTracks(db: Db, playlistIds: number[]) {
  if (playlistIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('playlist_track')
    .innerJoin('tracks', 'tracks.id', 'playlist_track.track_id')
    .leftJoin('albums', 'albums.id', 'tracks.album_id')
    .select([
      'playlist_track.playlist_id',
      'playlist_track.position',
      'tracks.id',
      'tracks.name',
      'tracks.duration',
      'albums.name as album',
    ])
    .where('playlist_track.playlist_id', 'in', playlistIds)
    .orderBy('playlist_track.playlist_id')
    .orderBy('playlist_track.position')
    .execute();
}

/** One page of the user's counted plays, oldest first, after `after` (keyset on time and id). */
export function historyPageOf(
  db: Db,
  userId: number,
  after: { played_at: Date; id: number } | null,
  limit: number,
) {
  let query = db
    .selectFrom('plays')
    .innerJoin('tracks', 'tracks.id', 'plays.track_id')
    .leftJoin('albums', 'albums.id', 'tracks.album_id')
    .select([
      'plays.id',
      'plays.played_at',
      'plays.duration_played_ms',
      'plays.source',
      'plays.platform',
      'plays.device',
      'plays.browser',
      'plays.country',
      'tracks.id as track_id',
      'tracks.name as track',
      'albums.name as album',
    ])
    .where('plays.user_id', '=', userId);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('plays.played_at', '>', after.played_at),
        eb.and([eb('plays.played_at', '=', after.played_at), eb('plays.id', '>', after.id)]),
      ]),
    );
  return query.orderBy('plays.played_at').orderBy('plays.id').limit(limit).execute();
}

export function uploadedTracksOf(db: Db, userId: number) {
  return db
    .selectFrom('tracks')
    .leftJoin('albums', 'albums.id', 'tracks.album_id')
    .select([
      'tracks.id',
      'tracks.name',
      'tracks.duration',
      'tracks.visibility',
      'tracks.created_at',
      'albums.name as album',
    ])
    .where('tracks.owner_id', '=', userId)
    .orderBy('tracks.id')
    .execute();
}

export function uploadedFilesOf(db: Db, userId: number) {
  return db
    .selectFrom('file_entries')
    .select(['id', 'name', 'mime', 'extension', 'file_size', 'created_at'])
    .where('owner_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}
