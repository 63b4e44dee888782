import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { itemsCreditedTo } from '../catalogue/artist-credits.repository';
import type { MusicScope } from '../catalogue/catalogue-items.repository';
import { listOrder } from '../catalogue/catalogue-list';
import { nameMatches, paginate } from '../catalogue/catalogue-query.repository';
import { itemsInGenre } from '../catalogue/genre-links.repository';
import type { TracksTable } from './tracks.tables';

/** Who may see each track: what other modules check before they link to one. */
export function trackVisibility(db: Kysely<Database>, ids: number[]) {
  return db.selectFrom('tracks').select(['id', 'visibility', 'owner_id']).where('id', 'in', ids).execute();
}

export async function countDownload(db: Kysely<Database>, trackId: number): Promise<void> {
  await db.updateTable('tracks').set({ downloads: sql`downloads + 1` }).where('id', '=', trackId).execute();
}

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

const SORTABLE = ['name', 'plays', 'duration', 'released_at', 'created_at', 'id'] as const;

type TrackListQuery = { query?: string; albumId?: number; artistId?: number; genre?: string };

/** One page of the public tracks a list asks for, in its order (nulls last, id breaks ties). */
export function trackPage(
  db: Db,
  query: TrackListQuery & { page: number; perPage: number; orderBy?: string; orderDir?: 'asc' | 'desc' },
) {
  const { column, direction } = listOrder('tracks', SORTABLE, query);
  return paginate(trackListQuery(db, query), query, (q) =>
    q
      .selectAll('tracks')
      .orderBy(column, (ob) => (direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('tracks.id', direction),
  );
}

/** The public tracks a list filters (name, album, artist, genre) before it is paged. */
function trackListQuery(db: Db, query: TrackListQuery) {
  let base = db.selectFrom('tracks').where('tracks.visibility', '=', 'public');
  if (query.query) base = base.where(nameMatches('tracks.name', query.query));
  if (query.albumId) base = base.where('tracks.album_id', '=', query.albumId);
  if (query.artistId) base = base.where('tracks.id', 'in', itemsCreditedTo(db, 'track', query.artistId));
  if (query.genre) base = base.where('tracks.id', 'in', itemsInGenre(db, 'track', query.genre));
  return base;
}

export async function insertTrack(db: Db | Trx, values: Insertable<TracksTable>): Promise<number> {
  const { id } = await db.insertInto('tracks').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateTrack(db: Db | Trx, id: number, columns: Updateable<TracksTable>): Promise<void> {
  await db.updateTable('tracks').set(columns).where('id', '=', id).execute();
}

export async function deleteTrackRows(trx: Trx, ids: number[]): Promise<void> {
  await trx.deleteFrom('tracks').where('id', 'in', ids).execute();
}

/** Milliseconds of audio the user owns (what upload minutes count). */
export async function ownedAudioMs(db: Db, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('tracks')
    .select(sql<string>`coalesce(sum(duration), 0)::bigint`.as('total'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The newest tracks in the scope (the backstage home). */
export function recentTracksIn(db: Db, scope: MusicScope) {
  const query = db.selectFrom('tracks').select(['id', 'name', 'album_id', 'duration', 'plays']);
  return (
    'workspaceId' in scope
      ? query.where('workspace_id', '=', scope.workspaceId)
      : query.where('owner_id', '=', scope.ownerId)
  )
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
}

/** The tracks already published from these file entries. */
export function tracksOfFiles(db: Db, fileEntryIds: number[]) {
  return db.selectFrom('tracks').select('file_entry_id').where('file_entry_id', 'in', fileEntryIds).execute();
}

/** Takes the track (or every track of the album) out of public view. */
export async function makePrivate(trx: Trx, target: { trackId: number } | { albumId: number }, now: Date) {
  const query = trx.updateTable('tracks').set({ visibility: 'private', updated_at: now });
  await ('trackId' in target
    ? query.where('id', '=', target.trackId)
    : query.where('album_id', '=', target.albumId)
  ).execute();
}

export function findTracks(db: Kysely<Database>, ids: number[]) {
  return db.selectFrom('tracks').selectAll().where('id', 'in', ids).execute();
}

/** The tracks of `ids` a viewer may list: public and unlisted ones, and the viewer's own private ones. */
export function tracksListableBy(db: Kysely<Database>, ids: number[], viewerId: number | null) {
  return db
    .selectFrom('tracks')
    .selectAll()
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('visibility', '!=', 'private'), eb('owner_id', '=', viewerId)]))
    .execute();
}

export async function countPublicTracksOf(db: Kysely<Database>, ownerId: number): Promise<number> {
  const { n } = await db
    .selectFrom('tracks')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('owner_id', '=', ownerId)
    .where('visibility', '=', 'public')
    .executeTakeFirstOrThrow();
  return Number(n);
}
