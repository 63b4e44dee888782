import { type Kysely, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../../platform/db/schema';
import { artistRefsJson } from './artist-refs.repository';
import { genreRefsJson } from './genre-links.repository';
import { tagRefsJson } from './tag-links.repository';
import { albumRefJson } from './track-dto.repository';

type Db = Kysely<Database>;

/** The columns of a track answer (trackDtoOf): not the waveform, which no listing shows. */
const TRACK_DTO_COLUMNS = [
  'tracks.id',
  'tracks.name',
  'tracks.slug',
  'tracks.number',
  'tracks.duration',
  'tracks.album_id',
  'tracks.src',
  'tracks.file_entry_id',
  'tracks.mime',
  'tracks.bitrate',
  'tracks.track_gain',
  'tracks.track_peak',
  'tracks.album_gain',
  'tracks.album_peak',
  'tracks.image',
  'tracks.description',
  'tracks.isrc',
  'tracks.explicit',
  'tracks.plays',
  'tracks.downloads',
  'tracks.owner_id',
  'tracks.released_at',
  'tracks.visibility',
  'tracks.created_at',
  'tracks.updated_at',
] as const;

/**
 * The visible tracks of the album `owner` (an outer query's id column) names, in album order
 * (unnumbered last), each with its artists, as one JSON array.
 */
export function visibleAlbumTracksJson(db: Db, owner: string) {
  return jsonArrayFrom(
    db
      .selectFrom('tracks')
      .select([...TRACK_DTO_COLUMNS, artistRefsJson(db, 'track', 'tracks.id').as('artists')])
      .where('tracks.album_id', '=', sql.ref<number>(owner))
      .where('tracks.visibility', '!=', 'private')
      .orderBy(sql`tracks.number nulls last`)
      .orderBy('tracks.id'),
  );
}

/** The track page in one statement: the track with its artists, album ref and, as asked, genres and tags. */
export function findTrackPage(db: Db, id: number, want: { genres: boolean; tags: boolean }) {
  return db
    .selectFrom('tracks')
    .select([
      ...TRACK_DTO_COLUMNS,
      artistRefsJson(db, 'track', 'tracks.id').as('artists'),
      albumRefJson(db, 'tracks.album_id').as('album'),
    ])
    .$if(want.genres, (q) => q.select(genreRefsJson(db, 'track', 'tracks.id').as('genres')))
    .$if(want.tags, (q) => q.select(tagRefsJson(db, 'track', 'tracks.id').as('tags')))
    .where('tracks.id', '=', id)
    .executeTakeFirst();
}
