import { assertActorCanAny } from '../../platform/auth/actor';
import { findTrackVisibleTo } from '../catalogue/track-access';
import { albumById, albumsOfArtist } from './subsonic-albums.repository';
import { allArtists, artistById, genresWithCounts } from './subsonic-artists.repository';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import { artistIndex, toAlbumId3, toArtistId3, toChild } from './subsonic-dto';
import { parseId } from './subsonic-ids';
import { SubsonicError } from './subsonic-response';
import { songById, songsOfAlbum } from './subsonic-songs.repository';

export const IGNORED_ARTICLES = 'The El La Los Las Le Les';
export const ARTISTS_INDEXED = 20_000;

const notFound = () => new SubsonicError('not_found', 'Not found');

/** Browsing needs what the web catalogue pages need. */
export async function assertCanBrowse({ actor }: SubsonicContext): Promise<void> {
  await assertActorCanAny(actor, ['music.view']);
}

/** A track the caller may see by id (owners, managers and catalogue editors see private ones). */
export async function visibleSong(context: SubsonicContext, rawId: string) {
  const id = parseId(rawId, 'track');
  const { db } = context.app.deps;
  // The web's rule first (a 404 there is error 70 here); then the row, read without re-filtering.
  await findTrackVisibleTo(db, context.actor, id);
  const row = await songById(db, context.user.id, id);
  if (!row) throw notFound();
  return row;
}

export const browseMethods: Record<string, SubsonicMethod> = {
  getArtists: async (context) => {
    await assertCanBrowse(context);
    const rows = await allArtists(context.app.deps.db, context.user.id, ARTISTS_INDEXED);
    return { artists: { ignoredArticles: IGNORED_ARTICLES, index: artistIndex(rows) } };
  },

  getArtist: async (context) => {
    await assertCanBrowse(context);
    const { db } = context.app.deps;
    const id = parseId(context.params.required('id'), 'artist');
    const artist = await artistById(db, context.user.id, id);
    if (!artist) throw notFound();
    const albums = await albumsOfArtist(db, context.user.id, id);
    return { artist: { ...toArtistId3(artist), album: albums.map(toAlbumId3) } };
  },

  getAlbum: async (context) => {
    await assertCanBrowse(context);
    const { db } = context.app.deps;
    const id = parseId(context.params.required('id'), 'album');
    const album = await albumById(db, context.user.id, id);
    if (!album) throw notFound();
    const songs = await songsOfAlbum(db, context.user.id, id);
    return { album: { ...toAlbumId3(album), song: songs.map(toChild) } };
  },

  getSong: async (context) => {
    await assertCanBrowse(context);
    return { song: toChild(await visibleSong(context, context.params.required('id'))) };
  },

  getGenres: async (context) => {
    await assertCanBrowse(context);
    const rows = await genresWithCounts(context.app.deps.db);
    return {
      genres: {
        genre: rows.map((row) => ({
          songCount: Number(row.song_count),
          albumCount: Number(row.album_count),
          value: row.name,
        })),
      },
    };
  },
};
