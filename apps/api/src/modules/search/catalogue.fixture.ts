import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Minimal catalogue rows for the discovery tests (search, radio, channels, similar artists). */
export function catalogueFixture(db: Kysely<Database>) {
  const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'x';
  let counter = 0;

  const fixture = {
    async genre(name: string, popularity = 0) {
      const row = await db
        .insertInto('genres')
        .values({ name, display_name: name, popularity })
        .onConflict((oc) => oc.column('name').doUpdateSet({ popularity }))
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async tag(name: string) {
      const row = await db
        .insertInto('tags')
        .values({ name, display_name: name })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async attach(kind: 'genre' | 'tag', id: number, type: 'track' | 'album' | 'artist', modelId: number) {
      if (kind === 'genre')
        await db
          .insertInto('genreables')
          .values({ genre_id: id, genreable_type: type, genreable_id: modelId })
          .execute();
      else
        await db
          .insertInto('taggables')
          .values({ tag_id: id, taggable_type: type, taggable_id: modelId })
          .execute();
    },
    async artist(name: string, options: { plays?: number; genres?: number[] } = {}) {
      const row = await db
        .insertInto('artists')
        .values({ name, slug: slug(name), plays: options.plays ?? 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      for (const genre of options.genres ?? []) await fixture.attach('genre', genre, 'artist', id);
      return id;
    },
    async album(
      name: string,
      artistId: number,
      options: { plays?: number; releaseDate?: string; genres?: number[] } = {},
    ) {
      const row = await db
        .insertInto('albums')
        .values({
          name,
          slug: slug(name),
          plays: options.plays ?? 0,
          release_date: options.releaseDate ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      await db.insertInto('album_artist').values({ album_id: id, artist_id: artistId }).execute();
      for (const genre of options.genres ?? []) await fixture.attach('genre', genre, 'album', id);
      return id;
    },
    async track(
      name: string,
      artistId: number,
      options: {
        albumId?: number;
        plays?: number;
        genres?: number[];
        visibility?: 'public' | 'private';
        releasedAt?: string;
      } = {},
    ) {
      counter += 1;
      const row = await db
        .insertInto('tracks')
        .values({
          name,
          slug: slug(name),
          album_id: options.albumId ?? null,
          number: counter,
          duration: 180_000,
          plays: options.plays ?? 0,
          visibility: options.visibility ?? 'public',
          released_at: options.releasedAt ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      await db
        .insertInto('artist_track')
        .values({ artist_id: artistId, track_id: id, primary: true })
        .execute();
      for (const genre of options.genres ?? []) await fixture.attach('genre', genre, 'track', id);
      return id;
    },
    async like(userId: number, type: 'track' | 'album' | 'artist' | 'playlist', id: number) {
      await db
        .insertInto('likes')
        .values({ user_id: userId, likeable_type: type, likeable_id: id })
        .execute();
    },
    async play(userId: number | null, trackId: number) {
      await db
        .insertInto('plays')
        .values({ user_id: userId, track_id: trackId, duration_played_ms: 60_000 })
        .execute();
    },
    async playlist(name: string, ownerId: number, trackIds: number[] = []) {
      const row = await db
        .insertInto('playlists')
        .values({ name, slug: slug(name), owner_id: ownerId })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      if (trackIds.length > 0)
        await db
          .insertInto('playlist_track')
          .values(trackIds.map((track_id, position) => ({ playlist_id: id, track_id, position })))
          .execute();
      return id;
    },
  };
  return fixture;
}
