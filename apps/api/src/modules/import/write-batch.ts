import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import {
  attachGenres,
  insertTracks,
  saveLyrics,
  setTrackArtists,
  type TGenreTarget,
  type TrackValues,
  updateTrack,
} from './import.repository';
import { saveLedgers } from './import-ledger.repository';
import {
  albumMatchKey,
  nameMatchKey,
  resolveAlbums,
  resolveArtists,
  type TAlbumWant,
} from './import-names.repository';
import { nameKey, titleFromFileName } from './import-plan';
import type { TPreparedFile } from './prepare-files';

const UNKNOWN_ARTIST = 'Unknown artist';

type TTrackFile = TPreparedFile & {
  track: NonNullable<TPreparedFile['track']>;
  ledger: NonNullable<TPreparedFile['ledger']>;
};

/** The track's artists (one per name key, in tag order) and the album's owner, cut to the column size. */
function artistNamesOf({ meta }: TTrackFile['track']) {
  const names = meta.artists.length > 0 ? meta.artists : [meta.albumArtist ?? UNKNOWN_ARTIST];
  const unique = [...new Map(names.map((name) => [nameKey(name), name.slice(0, 255)])).values()];
  return {
    trackArtists: unique,
    owner: meta.album && meta.albumArtist ? meta.albumArtist.slice(0, 255) : null,
  };
}

/**
 * Writes a prepared batch with a fixed number of statements whatever its size (one per table,
 * plus one per updated track). Runs inside the caller's transaction, so it is all or nothing.
 */
export async function writeBatch(trx: Transaction<Database>, prepared: TPreparedFile[]) {
  const files = prepared.filter(
    (item): item is TTrackFile => item.track !== undefined && item.ledger !== undefined,
  );
  const names = files.map((item) => artistNamesOf(item.track));
  const artists = await resolveArtists(
    trx,
    names.flatMap(({ trackArtists, owner }) => (owner ? [...trackArtists, owner] : trackArtists)),
  );
  const artistIdsOf = files.map((_, index) =>
    (names[index]?.trackArtists ?? []).map((name) => artists.ids.get(nameMatchKey(name)) as number),
  );
  const albumWants: (TAlbumWant | null)[] = files.map(({ track }, index) => {
    if (!track.meta.album) return null;
    const owner = names[index]?.owner;
    const artistId = owner
      ? (artists.ids.get(nameMatchKey(owner)) as number)
      : (artistIdsOf[index]?.[0] as number);
    return { name: track.meta.album.slice(0, 255), artistId, year: track.meta.year, image: track.cover };
  });
  const albums = await resolveAlbums(
    trx,
    albumWants.filter((want): want is TAlbumWant => want !== null),
  );
  const albumIdOf = albumWants.map((want) =>
    want ? (albums.ids.get(albumMatchKey(want.artistId, want.name)) as number) : null,
  );

  const values: TrackValues[] = files.map(({ file, track: { meta, src, cover } }, index) => ({
    name: (meta.title ?? titleFromFileName(file)).slice(0, 255),
    number: meta.trackNumber,
    duration: meta.durationMs,
    albumId: albumIdOf[index] ?? null,
    src,
    mime: meta.mime,
    bitrate: meta.bitrate,
    image: albumIdOf[index] == null ? cover : null,
  }));
  const trackIds: (number | null)[] = files.map(() => null);
  const updatedIds: number[] = [];
  for (const [index, { track }] of files.entries()) {
    if (track.trackId === null || !(await updateTrack(trx, track.trackId, values[index] as TrackValues)))
      continue;
    trackIds[index] = track.trackId;
    updatedIds.push(track.trackId);
  }
  const toCreate = files.map((_, index) => index).filter((index) => trackIds[index] === null);
  const createdIds = await insertTracks(
    trx,
    toCreate.map((index) => values[index] as TrackValues),
  );
  toCreate.forEach((fileIndex, index) => {
    trackIds[fileIndex] = createdIds[index] as number;
  });

  const tracks = files.map((_, index) => ({
    trackId: trackIds[index] as number,
    artistIds: artistIdsOf[index] ?? [],
  }));
  await setTrackArtists(trx, updatedIds, tracks);
  await attachGenres(
    trx,
    files.map(({ track }, index) => {
      const albumId = albumIdOf[index];
      const targets: TGenreTarget[] = [
        { type: 'track', id: trackIds[index] as number },
        ...(albumId == null ? [] : [{ type: 'album' as const, id: albumId }]),
        ...(artistIdsOf[index] ?? []).map((id) => ({ type: 'artist' as const, id })),
      ];
      return { targets, names: track.meta.genres.slice(0, 10) };
    }),
  );
  await saveLyrics(
    trx,
    files.flatMap(({ track: { meta } }, index) =>
      meta.lyrics
        ? [{ trackId: trackIds[index] as number, text: meta.lyrics, isSynced: meta.isLyricsSynced }]
        : [],
    ),
  );

  const trackOfSha = new Map<string, number>();
  const trackOfFile = new Map<string, number>();
  files.forEach(({ file, ledger }, index) => {
    const trackId = trackIds[index] as number;
    trackOfFile.set(file, trackId);
    if (!trackOfSha.has(ledger.sha256)) trackOfSha.set(ledger.sha256, trackId);
  });
  const ledgers = prepared.flatMap(({ file, ledger, isCopyInBatch }) => {
    if (!ledger) return [];
    const trackId = isCopyInBatch ? trackOfSha.get(ledger.sha256) : trackOfFile.get(file);
    return [{ ...ledger, trackId: trackId ?? ledger.trackId }];
  });
  await saveLedgers(trx, ledgers);
  return {
    artistsCreated: artists.created,
    albumsCreated: albums.created,
    // What the caller drops from the catalogue cache once this batch committed.
    change: {
      tracks: trackIds.filter((id): id is number => id != null),
      albums: albumIdOf.filter((id): id is number => id != null),
      artists: artistIdsOf.flat(),
    },
  };
}
