import { type AlbumListType, albumList, searchAlbums, starredAlbums } from './subsonic-albums.repository';
import { searchArtists, starredArtists } from './subsonic-artists.repository';
import { assertCanBrowse } from './subsonic-browse';
import type { SubsonicMethod } from './subsonic-context';
import { toAlbumId3, toArtistId3, toChild } from './subsonic-dto';
import { SubsonicError } from './subsonic-response';
import {
  randomSongs,
  searchSongs,
  songsInGenre,
  starredSongs,
  topSongsOfArtist,
} from './subsonic-songs.repository';

const LIST_TYPES: readonly AlbumListType[] = [
  'random',
  'newest',
  'highest',
  'frequent',
  'recent',
  'alphabeticalByName',
  'alphabeticalByArtist',
  'starred',
  'byYear',
  'byGenre',
];
const MAX_PAGE = 500;
/** Offsets past this are refused work, not pages: clients sync by paging, never this deep. */
const MAX_OFFSET = 1_000_000;

/** Some apps send `""` (two quote characters) for "everything". */
function searchText(raw: string | undefined): string {
  const text = (raw ?? '').trim();
  return text === '""' || text === '*' ? '' : text.replace(/^"(.*)"$/, '$1').slice(0, 200);
}

export const listMethods: Record<string, SubsonicMethod> = {
  getAlbumList2: async (context) => {
    await assertCanBrowse(context);
    const { params } = context;
    const type = params.required('type') as AlbumListType;
    if (!LIST_TYPES.includes(type)) throw new SubsonicError('generic', `Unknown list type: ${type}`);
    const filter =
      type === 'byYear'
        ? { fromYear: params.requiredInt('fromYear'), toYear: params.requiredInt('toYear') }
        : type === 'byGenre'
          ? { genre: params.required('genre') }
          : {};
    const page = {
      size: params.int('size', 10, 1, MAX_PAGE),
      offset: params.int('offset', 0, 0, MAX_OFFSET),
    };
    const rows = await albumList(context.app.deps.db, context.user.id, type, filter, page);
    return { albumList2: { album: rows.map(toAlbumId3) } };
  },

  search3: async (context) => {
    await assertCanBrowse(context);
    const { params } = context;
    const { db } = context.app.deps;
    const query = searchText(params.get('query'));
    const pageOf = (name: string) => ({
      size: params.int(`${name}Count`, 20, 0, MAX_PAGE),
      offset: params.int(`${name}Offset`, 0, 0, MAX_OFFSET),
    });
    const [artists, albums, songs] = [pageOf('artist'), pageOf('album'), pageOf('song')];
    const viewer = context.user.id;
    const [artistRows, albumRows, songRows] = await Promise.all([
      artists.size ? searchArtists(db, viewer, query, artists) : [],
      albums.size ? searchAlbums(db, viewer, query, albums) : [],
      songs.size ? searchSongs(db, viewer, query, songs) : [],
    ]);
    return {
      searchResult3: {
        artist: artistRows.map(toArtistId3),
        album: albumRows.map(toAlbumId3),
        song: songRows.map(toChild),
      },
    };
  },

  getRandomSongs: async (context) => {
    await assertCanBrowse(context);
    const { params } = context;
    const fromYear = params.has('fromYear') ? params.requiredInt('fromYear') : undefined;
    const toYear = params.has('toYear') ? params.requiredInt('toYear') : undefined;
    const rows = await randomSongs(
      context.app.deps.db,
      context.user.id,
      params.int('size', 10, 1, MAX_PAGE),
      {
        genre: params.get('genre') || undefined,
        fromYear,
        toYear,
      },
    );
    return { randomSongs: { song: rows.map(toChild) } };
  },

  getSongsByGenre: async (context) => {
    await assertCanBrowse(context);
    const { params } = context;
    const rows = await songsInGenre(context.app.deps.db, context.user.id, params.required('genre'), {
      size: params.int('count', 10, 1, MAX_PAGE),
      offset: params.int('offset', 0, 0, MAX_OFFSET),
    });
    return { songsByGenre: { song: rows.map(toChild) } };
  },

  getTopSongs: async (context) => {
    await assertCanBrowse(context);
    const { params } = context;
    const rows = await topSongsOfArtist(
      context.app.deps.db,
      context.user.id,
      params.required('artist'),
      params.int('count', 50, 1, MAX_PAGE),
    );
    return { topSongs: { song: rows.map(toChild) } };
  },

  getStarred2: async (context) => {
    await assertCanBrowse(context);
    const { db } = context.app.deps;
    const viewer = context.user.id;
    const [artists, albums, songs] = await Promise.all([
      starredArtists(db, viewer),
      starredAlbums(db, viewer),
      starredSongs(db, viewer),
    ]);
    return {
      starred2: { artist: artists.map(toArtistId3), album: albums.map(toAlbumId3), song: songs.map(toChild) },
    };
  },
};
