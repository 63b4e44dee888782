import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { Env } from '../env';
import { slugify } from '../modules/catalogue/catalogue-utils';
import { createSimilarArtistsService } from '../modules/similar-artists/similar-artists.service';
import type { Database } from '../platform/db/schema';
import { coverSvg, renderCover } from './demo-catalogue-artwork';
import { encodeWav, type PieceSpec, renderPiece, SAMPLE_RATE, waveformPeaks } from './demo-catalogue-audio';
import {
  DEMO_ALBUMS,
  DEMO_ARTISTS,
  DEMO_GENRES,
  DEMO_PLAYLISTS,
  type DemoAlbum,
  demoLyrics,
} from './demo-catalogue-data';

const SEED_NAME = 'demo-catalogue';
const AUDIO_DIR = 'demo/audio';
const IMAGE_DIR = 'demo';
const KEY_SHIFTS = [0, 2, -3, 5, -2];

export type DemoTrackFile = { src: string; durationMs: number; waveform: number[] };

function pieceSpec(album: DemoAlbum, albumIndex: number, trackIndex: number, seconds: number): PieceSpec {
  const { progressions, ...sound } = album.sound;
  return {
    ...sound,
    root: sound.root + (KEY_SHIFTS[trackIndex % KEY_SHIFTS.length] as number),
    bpm: sound.bpm + trackIndex * 4,
    seconds,
    progression: progressions[trackIndex % progressions.length] as number[],
    seed: albumIndex * 100 + trackIndex + 1,
  };
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Renders every demo piece (durations and peaks come from the samples); existing files are kept. */
async function writeAudio(storage: string): Promise<Map<string, DemoTrackFile>> {
  await mkdir(path.join(storage, AUDIO_DIR), { recursive: true });
  const files = new Map<string, DemoTrackFile>();
  for (const [albumIndex, album] of DEMO_ALBUMS.entries()) {
    for (const [trackIndex, track] of album.tracks.entries()) {
      const src = `${AUDIO_DIR}/${slugify(album.name)}-${trackIndex + 1}-${slugify(track.name)}.wav`;
      const file = path.join(storage, src);
      const samples = renderPiece(pieceSpec(album, albumIndex, trackIndex, track.seconds));
      if (!(await exists(file))) await writeFile(file, encodeWav(samples));
      files.set(`${album.name}/${track.name}`, {
        src,
        durationMs: Math.round((samples.length / SAMPLE_RATE) * 1000),
        waveform: waveformPeaks(samples),
      });
    }
  }
  return files;
}

async function writeArtwork(storage: string): Promise<(kind: string, name: string) => string> {
  const dir = path.join(storage, 'images', IMAGE_DIR);
  await mkdir(dir, { recursive: true });
  const jobs: { file: string; svg: () => string }[] = [
    ...DEMO_ARTISTS.map((artist) => ({
      file: `artist-${slugify(artist.name)}.png`,
      svg: () => coverSvg(artist.name, artist.city, artist.hues, true),
    })),
    ...DEMO_ALBUMS.map((album) => ({
      file: `album-${slugify(album.name)}.png`,
      svg: () => coverSvg(album.name, album.artist, album.hues),
    })),
    ...Object.entries(DEMO_GENRES).map(([name, hues]) => ({
      file: `genre-${slugify(name)}.png`,
      svg: () => coverSvg(name, 'Genre', hues),
    })),
    ...DEMO_PLAYLISTS.map((playlist) => ({
      file: `playlist-${slugify(playlist.name)}.png`,
      svg: () => coverSvg(playlist.name, 'Playlist', playlist.hues),
    })),
  ];
  await Promise.all(
    jobs.map(async (job) => {
      const file = path.join(dir, job.file);
      if (!(await exists(file))) await renderCover(job.svg(), file);
    }),
  );
  return (kind, name) => `/api/v1/images/${IMAGE_DIR}/${kind}-${slugify(name)}.png`;
}

async function findOwnerId(db: Kysely<Database>): Promise<number | null> {
  const admin = await db
    .selectFrom('permissionables as pa')
    .innerJoin('permissions as p', 'p.id', 'pa.permission_id')
    .select('pa.permissionable_id as id')
    .where('p.name', '=', 'admin')
    .where('pa.permissionable_type', '=', 'user')
    .orderBy('pa.permissionable_id')
    .executeTakeFirst();
  if (admin) return admin.id;
  const first = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirst();
  return first?.id ?? null;
}

/**
 * The demo catalogue `pnpm start` seeds: 6 artists, 8 albums, 28 tracks of generated audio with
 * waveforms, artwork, 7 genres, tags, lyrics (some synced) and 3 playlists. Runs once per database
 * (the `seeds` row); existing files are kept. Skipped when SEED_DEMO_CATALOGUE=false (tests).
 */
export async function seedDemoCatalogue(db: Kysely<Database>, env: Env): Promise<{ created: boolean }> {
  const storage = path.join(env.DATA_DIR, 'storage');
  const claimed = await db
    .insertInto('seeds')
    .values({ name: SEED_NAME })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  if (!claimed) return { created: false };
  const [files, imageUrl] = await Promise.all([writeAudio(storage), writeArtwork(storage)]);

  const ownerId = await findOwnerId(db);
  const genreRows = await db
    .insertInto('genres')
    .values(
      Object.keys(DEMO_GENRES).map((name, index) => ({
        name,
        display_name: name === 'lo-fi' ? 'Lo-Fi' : name.charAt(0).toUpperCase() + name.slice(1),
        image: imageUrl('genre', name),
        popularity: 100 - index * 10,
      })),
    )
    .onConflict((oc) => oc.column('name').doUpdateSet({ image: sql`excluded.image` }))
    .returning(['id', 'name'])
    .execute();
  const genreIds = new Map(genreRows.map((row) => [row.name, row.id]));
  const tagNames = [...new Set(DEMO_ALBUMS.flatMap((album) => album.tags))];
  const tagRows = await db
    .insertInto('tags')
    .values(
      tagNames.map((name) => ({
        name,
        display_name: name.charAt(0).toUpperCase() + name.slice(1),
        type: 'custom',
      })),
    )
    .onConflict((oc) =>
      oc.columns(['name', 'type']).doUpdateSet({ display_name: sql`excluded.display_name` }),
    )
    .returning(['id', 'name'])
    .execute();
  const tagIds = new Map(tagRows.map((row) => [row.name, row.id]));

  const artistIds = new Map<string, number>();
  for (const [index, artist] of DEMO_ARTISTS.entries()) {
    const { id } = await db
      .insertInto('artists')
      .values({
        name: artist.name,
        slug: slugify(artist.name),
        image_small: imageUrl('artist', artist.name),
        image_large: imageUrl('artist', artist.name),
        verified: artist.verified,
        description: artist.description,
        country: artist.country,
        city: artist.city,
        plays: 5_000 - index * 600,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    artistIds.set(artist.name, id);
    await db
      .insertInto('genreables')
      .values(
        artist.genres.map((genre) => ({
          genre_id: genreIds.get(genre) as number,
          genreable_type: 'artist' as const,
          genreable_id: id,
        })),
      )
      .execute();
    // An artist carries its albums' tags, so that the similar-artists job links every demo artist.
    const artistTags = new Set(
      DEMO_ALBUMS.filter((album) => album.artist === artist.name).flatMap((album) => album.tags),
    );
    if (artistTags.size > 0)
      await db
        .insertInto('taggables')
        .values(
          [...artistTags].map((tag) => ({
            tag_id: tagIds.get(tag) as number,
            taggable_type: 'artist' as const,
            taggable_id: id,
            user_id: null,
          })),
        )
        .execute();
  }

  const trackIds: number[] = [];
  for (const [albumIndex, album] of DEMO_ALBUMS.entries()) {
    const artistId = artistIds.get(album.artist) as number;
    const image = imageUrl('album', album.name);
    const { id: albumId } = await db
      .insertInto('albums')
      .values({
        name: album.name,
        slug: slugify(album.name),
        release_date: `${album.year}-0${(albumIndex % 9) + 1}-15`,
        image,
        description: `${album.name} by ${album.artist}: part of the Cadence demo catalogue, synthesised at install time.`,
        record_type: album.recordType,
        owner_id: ownerId,
        plays: 2_000 - albumIndex * 150,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('album_artist')
      .values({ album_id: albumId, artist_id: artistId, position: 0 })
      .execute();
    const tracks = await db
      .insertInto('tracks')
      .values(
        album.tracks.map((track, index) => {
          const file = files.get(`${album.name}/${track.name}`) as DemoTrackFile;
          return {
            name: track.name,
            slug: slugify(track.name),
            number: index + 1,
            duration: file.durationMs,
            album_id: albumId,
            src: file.src,
            mime: 'audio/wav',
            bitrate: SAMPLE_RATE * 16,
            image,
            explicit: track.explicit ?? false,
            waveform: JSON.stringify(file.waveform),
            plays: 900 - albumIndex * 70 - index * 13,
            owner_id: ownerId,
            released_at: `${album.year}-0${(albumIndex % 9) + 1}-15T00:00:00Z`,
          };
        }),
      )
      .returning(['id', 'name', 'duration'])
      .execute();
    await db
      .insertInto('artist_track')
      .values(
        tracks.map((track) => ({ artist_id: artistId, track_id: track.id, position: 0, primary: true })),
      )
      .execute();
    const models = [
      { type: 'album' as const, id: albumId },
      ...tracks.map((track) => ({ type: 'track' as const, id: track.id })),
    ];
    await db
      .insertInto('genreables')
      .values(
        models.flatMap((model) =>
          album.genres.map((genre) => ({
            genre_id: genreIds.get(genre) as number,
            genreable_type: model.type,
            genreable_id: model.id,
          })),
        ),
      )
      .execute();
    await db
      .insertInto('taggables')
      .values(
        models.flatMap((model) =>
          album.tags.map((tag) => ({
            tag_id: tagIds.get(tag) as number,
            taggable_type: model.type,
            taggable_id: model.id,
            user_id: null,
          })),
        ),
      )
      .execute();
    const lyrics = album.tracks.flatMap((track, index) => {
      const row = tracks[index];
      if (!track.lyrics || !row) return [];
      const isSynced = track.lyrics === 'synced';
      return [
        {
          track_id: row.id,
          text: demoLyrics(track.name, (row.duration ?? 30_000) / 1000, isSynced),
          synced: isSynced,
          language: 'en',
          source: 'demo',
        },
      ];
    });
    if (lyrics.length > 0) await db.insertInto('lyrics').values(lyrics).execute();
    trackIds.push(...tracks.map((track) => track.id));
  }

  if (ownerId) {
    for (const playlist of DEMO_PLAYLISTS) {
      const { id } = await db
        .insertInto('playlists')
        .values({
          name: playlist.name,
          slug: slugify(playlist.name),
          description: playlist.description,
          image: imageUrl('playlist', playlist.name),
          public: true,
          owner_id: ownerId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const picked = trackIds.filter((_, index) => playlist.pick(index));
      await db
        .insertInto('playlist_track')
        .values(
          picked.map((track_id, position) => ({ playlist_id: id, track_id, position, added_by: ownerId })),
        )
        .execute();
    }
  }
  // Run here rather than queued: the seed runs before the app (and its queue) exists, and in the
  // seed's transaction the demo's artist pages have their similar artists from the first request.
  await createSimilarArtistsService(db).recompute({});
  return { created: true };
}
