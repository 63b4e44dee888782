import { sql } from 'kysely';
import { slugify } from '../catalogue/catalogue-utils';
import { chunksOf, column, type Db } from './import-sql.repository';

export type TrackValues = {
  name: string;
  number: number | null;
  duration: number | null;
  albumId: number | null;
  src: string;
  mime: string;
  bitrate: number | null;
  image: string | null;
};

const trackRow = (values: TrackValues) => ({
  name: values.name,
  slug: slugify(values.name),
  number: values.number,
  duration: values.duration,
  album_id: values.albumId,
  src: values.src,
  mime: values.mime,
  bitrate: values.bitrate,
  image: values.image,
  updated_at: new Date(),
});

/** false when the track is gone (deleted since the last import). */
export async function updateTrack(db: Db, trackId: number, values: TrackValues): Promise<boolean> {
  const updated = await db
    .updateTable('tracks')
    .set(trackRow(values))
    .where('id', '=', trackId)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** New tracks' ids, in the order of `values`. */
export async function insertTracks(db: Db, values: TrackValues[]): Promise<number[]> {
  if (values.length === 0) return [];
  const { rows } = await sql<{ id: number | string; src: string }>`
    insert into tracks (name, slug, number, duration, album_id, src, mime, bitrate, image)
    select * from unnest(
      ${column(values, (track) => track.name)}::text[],
      ${column(values, (track) => slugify(track.name))}::text[],
      ${column(values, (track) => track.number)}::integer[],
      ${column(values, (track) => track.duration)}::integer[],
      ${column(values, (track) => track.albumId)}::bigint[],
      ${column(values, (track) => track.src)}::text[],
      ${column(values, (track) => track.mime)}::text[],
      ${column(values, (track) => track.bitrate)}::integer[],
      ${column(values, (track) => track.image)}::text[])
    returning id, src`.execute(db);
  // The insert returns its rows in input order; the sources prove it before ids are paired.
  if (rows.length !== values.length || rows.some((row, index) => row.src !== values[index]?.src))
    throw new Error('Inserted tracks came back in another order.');
  return rows.map((row) => Number(row.id));
}

/** The tracks' artists in order, the first primary; updated tracks lose their old artists first. */
export async function setTrackArtists(
  db: Db,
  updatedTrackIds: number[],
  tracks: { trackId: number; artistIds: number[] }[],
) {
  if (updatedTrackIds.length > 0)
    await db.deleteFrom('artist_track').where('track_id', 'in', updatedTrackIds).execute();
  const rows = tracks.flatMap(({ trackId, artistIds }) =>
    artistIds.map((artistId, position) => ({
      track_id: trackId,
      artist_id: artistId,
      position,
      primary: position === 0,
    })),
  );
  if (rows.length === 0) return;
  await sql`
    insert into artist_track (track_id, artist_id, position, "primary")
    select * from unnest(
      ${column(rows, (row) => row.track_id)}::bigint[],
      ${column(rows, (row) => row.artist_id)}::bigint[],
      ${column(rows, (row) => row.position)}::integer[],
      ${column(rows, (row) => row.primary)}::boolean[])`.execute(db);
}

/** What a genre is attached to: the track, and its album and artists, so that similar artists work for imports. */
export type TGenreTarget = { type: 'track' | 'album' | 'artist'; id: number };

/** Each entry's genre names reach each of its targets; genres are created once by lower-cased name. */
export async function attachGenres(db: Db, attachments: { targets: TGenreTarget[]; names: string[] }[]) {
  const displayNames = new Map<string, string>();
  for (const { targets, names } of attachments) {
    if (targets.length === 0) continue;
    for (const name of names) {
      const key = name.toLowerCase().slice(0, 100);
      if (!displayNames.has(key)) displayNames.set(key, name);
    }
  }
  if (displayNames.size === 0) return;
  const genres = await db
    .insertInto('genres')
    .values([...displayNames].map(([name, display_name]) => ({ name, display_name })))
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
    .returning(['id', 'name'])
    .execute();
  const genreIds = new Map(genres.map((genre) => [genre.name, Number(genre.id)]));
  const rows = attachments.flatMap(({ targets, names }) =>
    names.flatMap((name) =>
      targets.map((target) => ({
        genre_id: genreIds.get(name.toLowerCase().slice(0, 100)) as number,
        genreable_type: target.type,
        genreable_id: target.id,
      })),
    ),
  );
  if (rows.length === 0) return;
  await sql`
    insert into genreables (genre_id, genreable_type, genreable_id)
    select * from unnest(
      ${column(rows, (row) => row.genre_id)}::bigint[],
      ${column(rows, (row) => row.genreable_type)}::text[],
      ${column(rows, (row) => row.genreable_id)}::bigint[])
    on conflict do nothing`.execute(db);
}

export async function saveLyrics(db: Db, lyrics: { trackId: number; text: string; isSynced: boolean }[]) {
  for (const chunk of chunksOf(lyrics))
    await db
      .insertInto('lyrics')
      .values(
        chunk.map(({ trackId, text, isSynced }) => ({
          track_id: trackId,
          text,
          synced: isSynced,
          source: 'import',
        })),
      )
      .onConflict((oc) =>
        oc.column('track_id').doUpdateSet((eb) => ({
          text: eb.ref('excluded.text'),
          synced: eb.ref('excluded.synced'),
          updated_at: new Date(),
        })),
      )
      .execute();
}
