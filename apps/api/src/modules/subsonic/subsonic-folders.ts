import { albumById, albumsOfArtist } from './subsonic-albums.repository';
import { allArtists, artistById, artistsChangedAt } from './subsonic-artists.repository';
import { ARTISTS_INDEXED, assertCanBrowse, IGNORED_ARTICLES } from './subsonic-browse';
import type { SubsonicMethod } from './subsonic-context';
import { albumChild, artistIndex, toArtist, toChild } from './subsonic-dto';
import { parseAnyId, subsonicId } from './subsonic-ids';
import { SubsonicError } from './subsonic-response';
import { songsOfAlbum } from './subsonic-songs.repository';

const notFound = () => new SubsonicError('not_found', 'Not found');
const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : undefined);

/** Cadence has one music folder (`getMusicFolders` answers id 1): any other is unknown. */
function checkFolder(raw: string | undefined) {
  if (raw !== undefined && raw !== '' && raw !== '1') throw notFound();
}

/**
 * The folder-based browsing older apps use (DSub, Subsonic's own clients): the music folder
 * holds artists (`ar-`), an artist directory its albums (`al-`, `isDir`), an album directory
 * its songs. The same rows and privacy as the ID3 methods, in the folder shapes.
 */
export const folderMethods: Record<string, SubsonicMethod> = {
  getIndexes: async (context) => {
    await assertCanBrowse(context);
    const { params } = context;
    const { db } = context.app.deps;
    checkFolder(params.get('musicFolderId'));
    const lastModified = await artistsChangedAt(db);
    const since = params.int('ifModifiedSince', 0, 0, Number.MAX_SAFE_INTEGER);
    // Unchanged since the app's copy: the attributes only, as the API describes.
    if (since > 0 && lastModified <= since) {
      return { indexes: { lastModified, ignoredArticles: IGNORED_ARTICLES } };
    }
    const rows = await allArtists(db, context.user.id, ARTISTS_INDEXED);
    return {
      indexes: { lastModified, ignoredArticles: IGNORED_ARTICLES, index: artistIndex(rows, toArtist) },
    };
  },

  getMusicDirectory: async (context) => {
    await assertCanBrowse(context);
    const { db } = context.app.deps;
    const viewer = context.user.id;
    const parsed = parseAnyId(context.params.required('id'));
    if (parsed?.kind === 'artist') {
      const artist = await artistById(db, viewer, parsed.id);
      if (!artist) throw notFound();
      const albums = await albumsOfArtist(db, viewer, parsed.id);
      return {
        directory: {
          id: subsonicId('artist', artist.id),
          name: artist.name,
          starred: iso(artist.starred_at),
          userRating: artist.user_rating ?? undefined,
          child: albums.map(albumChild),
        },
      };
    }
    if (parsed?.kind === 'album') {
      const album = await albumById(db, viewer, parsed.id);
      if (!album) throw notFound();
      const songs = await songsOfAlbum(db, viewer, parsed.id);
      return {
        directory: {
          id: subsonicId('album', album.id),
          parent: album.artist_id ? subsonicId('artist', album.artist_id) : undefined,
          name: album.name,
          starred: iso(album.starred_at),
          userRating: album.user_rating ?? undefined,
          playCount: Number(album.plays),
          child: songs.map(toChild),
        },
      };
    }
    // Songs and playlists are no directories; anything else is unknown.
    throw notFound();
  },
};
