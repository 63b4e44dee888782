import type { AlbumRow } from './subsonic-albums.repository';
import type { ArtistRow } from './subsonic-artists.repository';
import { subsonicId } from './subsonic-ids';
import { jsonOnly, type SubsonicNode } from './subsonic-response';
import type { SongRow } from './subsonic-songs.repository';

const SUFFIXES: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/aac': 'aac',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/webm': 'webm',
};

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : undefined);
const seconds = (ms: number | string | null | undefined) => Math.round(Number(ms ?? 0) / 1000);

const gain = (value: number | string | null | undefined) =>
  value === null || value === undefined ? undefined : Number(value);

/**
 * OpenSubsonic's `replayGain` from the loudness module's measure (ReplayGain 2.0, -18 LUFS; dB and
 * linear peaks), none until measured. `baseGain` 0: the gains are of the decoded audio (an Opus
 * header gain is already in what was measured). JSON only, like every field the schema lacks.
 */
function replayGainOf(row: SongRow): SubsonicNode | undefined {
  if (row.track_gain === null || row.track_gain === undefined) return undefined;
  return jsonOnly({
    trackGain: gain(row.track_gain),
    albumGain: gain(row.album_gain),
    trackPeak: gain(row.track_peak),
    albumPeak: gain(row.album_peak),
    baseGain: 0,
  });
}

/**
 * A track as a Subsonic `Child`: the schema's attributes in XML (strict clients reject others),
 * plus OpenSubsonic's `replayGain` in JSON.
 */
export function toChild(row: SongRow): SubsonicNode {
  const mime = row.mime ?? 'audio/mpeg';
  return {
    id: subsonicId('track', row.id),
    parent: row.album_id ? subsonicId('album', row.album_id) : undefined,
    isDir: false,
    title: row.name,
    album: row.album_name ?? undefined,
    artist: row.artist_name ?? undefined,
    track: row.number ?? undefined,
    year: row.album_year ?? (row.released_at ? new Date(row.released_at).getUTCFullYear() : undefined),
    genre: row.genre ?? undefined,
    coverArt: row.image || row.album_image ? subsonicId('track', row.id) : undefined,
    contentType: mime,
    suffix: SUFFIXES[mime] ?? 'mp3',
    duration: seconds(row.duration),
    bitRate: row.bitrate ?? undefined,
    isVideo: false,
    userRating: row.user_rating ?? undefined,
    playCount: Number(row.plays),
    created: iso(row.created_at),
    starred: iso(row.starred_at),
    albumId: row.album_id ? subsonicId('album', row.album_id) : undefined,
    artistId: row.artist_id ? subsonicId('artist', row.artist_id) : undefined,
    type: 'music',
    replayGain: replayGainOf(row),
  };
}

export function toAlbumId3(row: AlbumRow): SubsonicNode {
  return {
    id: subsonicId('album', row.id),
    name: row.name,
    artist: row.artist_name ?? undefined,
    artistId: row.artist_id ? subsonicId('artist', row.artist_id) : undefined,
    coverArt: row.image ? subsonicId('album', row.id) : undefined,
    songCount: Number(row.song_count),
    duration: seconds(row.duration_ms),
    playCount: Number(row.plays),
    created: iso(row.created_at),
    starred: iso(row.starred_at),
    year: row.year ?? undefined,
    genre: row.genre ?? undefined,
  };
}

export function toArtistId3(row: ArtistRow): SubsonicNode {
  return {
    id: subsonicId('artist', row.id),
    name: row.name,
    coverArt: row.image_small || row.image_large ? subsonicId('artist', row.id) : undefined,
    albumCount: Number(row.album_count),
    starred: iso(row.starred_at),
  };
}

/** An artist as the folder-based methods' `Artist` (getIndexes, search2, getStarred). */
export function toArtist(row: ArtistRow): SubsonicNode {
  return {
    id: subsonicId('artist', row.id),
    name: row.name,
    starred: iso(row.starred_at),
    userRating: row.user_rating ?? undefined,
  };
}

/** An album as a directory `Child` (getMusicDirectory of an artist, getAlbumList, search2). */
export function albumChild(row: AlbumRow): SubsonicNode {
  return {
    id: subsonicId('album', row.id),
    parent: row.artist_id ? subsonicId('artist', row.artist_id) : undefined,
    isDir: true,
    title: row.name,
    album: row.name,
    artist: row.artist_name ?? undefined,
    year: row.year ?? undefined,
    genre: row.genre ?? undefined,
    coverArt: row.image ? subsonicId('album', row.id) : undefined,
    duration: seconds(row.duration_ms),
    userRating: row.user_rating ?? undefined,
    playCount: Number(row.plays),
    created: iso(row.created_at),
    starred: iso(row.starred_at),
    albumId: subsonicId('album', row.id),
    artistId: row.artist_id ? subsonicId('artist', row.artist_id) : undefined,
  };
}

/** `getArtists`' and `getIndexes`' index: artists under their first letter, `#` for the rest. */
export function artistIndex(
  rows: ArtistRow[],
  shape: (row: ArtistRow) => SubsonicNode = toArtistId3,
): SubsonicNode[] {
  const groups = new Map<string, SubsonicNode[]>();
  for (const row of rows) {
    const first = row.name.trim().charAt(0).toUpperCase();
    const key = /\p{L}/u.test(first) ? first : '#';
    const group = groups.get(key) ?? [];
    group.push(shape(row));
    groups.set(key, group);
  }
  return [...groups.entries()].map(([name, artist]) => ({ name, artist }));
}
