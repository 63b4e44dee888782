import type { TAlbumRef, TArtistRef } from '@cadence/contracts/catalogue';
import { trackStreamPath } from '@cadence/contracts/stream-url';
import type { TTrack } from '@cadence/contracts/track';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { artistRefsForTracks } from './artist-refs';
import { genreRefs, tagRefs } from './catalogue-links';
import type { CatalogueInclude } from './catalogue-list';
import { iso, isoRequired } from './catalogue-utils';
import { loadCounts } from './counts';
import { albumRefsOf, tracksWithLyrics } from './track-dto.repository';

export type TrackRow = Selectable<Database['tracks']>;

const isExternal = (src: string | null) => !!src && /^https?:\/\//i.test(src);

export function trackStreamUrl(row: Pick<TrackRow, 'id' | 'src' | 'file_entry_id'>): string | null {
  if (!row.src && !row.file_entry_id) return null;
  return trackStreamPath(row.id);
}

/** Rows to DTOs with their artists and album refs, plus the requested relations, in a few batch queries. */
export async function toTrackDtos(
  db: Kysely<Database>,
  rows: TrackRow[],
  include: CatalogueInclude = {},
): Promise<TTrack[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const albumIds = [...new Set(rows.map((row) => row.album_id).filter((id): id is number => id !== null))];
  const want = new Set(include.with ?? []);
  const [artists, albums, genres, tags, lyrics, counts] = await Promise.all([
    artistRefsForTracks(db, ids),
    albumIds.length ? albumRefsOf(db, albumIds) : Promise.resolve([] as TAlbumRef[]),
    want.has('genres') ? genreRefs(db, 'track', ids) : null,
    want.has('tags') ? tagRefs(db, 'track', ids) : null,
    want.has('lyrics') ? tracksWithLyrics(db, ids) : null,
    include.loadCount?.length ? loadCounts(db, 'track', include.loadCount, ids) : null,
  ]);
  const albumById = new Map(albums.map((album) => [album.id, album]));
  const lyricIds = new Set(lyrics?.map((row) => row.track_id));
  return rows.map((row) => {
    const dto = trackDtoOf(
      row,
      artists.get(row.id) ?? [],
      row.album_id ? (albumById.get(row.album_id) ?? null) : null,
    );
    if (genres) dto.genres = genres.get(row.id) ?? [];
    if (tags) dto.tags = tags.get(row.id) ?? [];
    if (lyrics) dto.has_lyrics = lyricIds.has(row.id);
    if (counts) dto.counts = counts.get(row.id) ?? {};
    return dto;
  });
}

/**
 * The track columns a track answer shows (not its waveform, nor the loudness measurement's raw
 * figures: only the gains reach the player); dates as text when read as JSON.
 */
export type TrackDtoRow = Omit<
  TrackRow,
  | 'waveform'
  | 'workspace_id'
  | 'created_at'
  | 'updated_at'
  | 'released_at'
  | 'loudness_lufs'
  | 'loudness_measured_at'
  | 'genre_ids'
  | 'tag_ids'
> & {
  created_at: Date | string;
  updated_at: Date | string;
  released_at: Date | string | null;
};

/** One track's answer from its row, its artists and its album's ref. */
export function trackDtoOf(row: TrackDtoRow, artists: TArtistRef[], album: TAlbumRef | null): TTrack {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    number: row.number,
    duration: row.duration,
    album_id: row.album_id,
    album,
    artists,
    src: isExternal(row.src) ? row.src : null,
    stream_url: trackStreamUrl(row),
    mime: row.mime,
    bitrate: row.bitrate,
    replay_gain: replayGainOf(row),
    image: row.image ?? album?.image ?? null,
    description: row.description,
    isrc: row.isrc,
    explicit: row.explicit,
    plays: Number(row.plays),
    downloads: Number(row.downloads),
    owner_id: row.owner_id,
    released_at: iso(row.released_at),
    visibility: row.visibility,
    created_at: isoRequired(row.created_at),
    updated_at: isoRequired(row.updated_at),
  };
}

/** The ReplayGain 2.0 values the player levels with; null until the track was measured. */
function replayGainOf(row: Pick<TrackDtoRow, 'track_gain' | 'track_peak' | 'album_gain' | 'album_peak'>) {
  if (row.track_gain === null || row.track_gain === undefined) return null;
  return {
    track_gain: row.track_gain,
    track_peak: row.track_peak ?? 1,
    album_gain: row.album_gain ?? null,
    album_peak: row.album_peak ?? null,
  };
}
