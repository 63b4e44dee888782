import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { songQuery, visibleTrack } from './subsonic-songs.repository';

type Db = Kysely<Database>;

/** Tracks of a playlist the viewer may see (unlisted ones too; others' private ones never). */
const visibleEntries = (viewerId: number) =>
  sql`from playlist_track pt join tracks t on t.id = pt.track_id where pt.playlist_id = p.id and (t.visibility != 'private' or t.owner_id = ${viewerId})`;

/** The viewer's own playlists and those they collaborate on, as Subsonic `Playlist`s need them. */
export function playlistQuery(db: Db, viewerId: number) {
  return db
    .selectFrom('playlists as p')
    .innerJoin('users as o', 'o.id', 'p.owner_id')
    .select([
      'p.id',
      'p.name',
      'p.description',
      'p.public',
      'p.image',
      'p.owner_id',
      'p.smart_rules',
      'p.created_at',
      'p.updated_at',
      'o.name as owner_name',
      sql<number>`(select count(*)::int ${visibleEntries(viewerId)})`.as('song_count'),
      sql<number>`(select coalesce(sum(t.duration), 0)::bigint ${visibleEntries(viewerId)})`.as(
        'duration_ms',
      ),
    ]);
}

export type PlaylistRow = Awaited<ReturnType<ReturnType<typeof playlistQuery>['execute']>>[number];

export function playlistsOf(db: Db, viewerId: number) {
  return playlistQuery(db, viewerId)
    .where((eb) =>
      eb.or([
        eb('p.owner_id', '=', viewerId),
        eb.exists(
          eb
            .selectFrom('playlist_editor as pe')
            .select('pe.user_id')
            .whereRef('pe.playlist_id', '=', 'p.id')
            .where('pe.user_id', '=', viewerId),
        ),
      ]),
    )
    .orderBy('p.updated_at', 'desc')
    .limit(1000)
    .execute();
}

export function playlistRow(db: Db, viewerId: number, id: number) {
  return playlistQuery(db, viewerId).where('p.id', '=', id).executeTakeFirst();
}

export function playlistEntries(db: Db, viewerId: number, playlistId: number) {
  return songQuery(db, viewerId)
    .innerJoin('playlist_track as pt', 'pt.track_id', 't.id')
    .where('pt.playlist_id', '=', playlistId)
    .where((eb) => visibleTrack(eb, viewerId, 'linked'))
    .orderBy('pt.position')
    .limit(5000)
    .execute();
}

/** The playlist's track ids in order, all of them (hidden ones included: index edits count them). */
export async function playlistTrackIds(db: Db, playlistId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('playlist_track')
    .select('track_id')
    .where('playlist_id', '=', playlistId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.track_id);
}
