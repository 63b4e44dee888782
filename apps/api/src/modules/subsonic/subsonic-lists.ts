import { type AlbumListType, albumList, searchAlbums, starredAlbums } from './subsonic-albums.repository';
import { searchArtists, starredArtists } from './subsonic-artists.repository';
import { assertCanBrowse } from './subsonic-browse';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import { albumChild, toAlbumId3, toArtist, toArtistId3, toChild } from './subsonic-dto';
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

/** `getAlbumList`/`getAlbumList2`: one page of albums of a list type. */
async function albumListRows(context: SubsonicContext) {
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
  return albumList(context.app.deps.db, context.user.id, type, filter, page);
}

/** `search2`/`search3`: artists, albums and songs matching `query`, each paged on its own. */
async function searchRows(context: SubsonicContext) {
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
  return { artistRows, albumRows, songRows };
}

async function starredRows(context: SubsonicContext) {
  await assertCanBrowse(context);
  const { db } = context.app.deps;
  const viewer = context.user.id;
  const [artistRows, albumRows, songRows] = await Promise.all([
    starredArtists(db, viewer),
    starredAlbums(db, viewer),
    starredSongs(db, viewer),
  ]);
  return { artistRows, albumRows, songRows };
}

export const listMethods: Record<string, SubsonicMethod> = {
  getAlbumList2: async (context) => ({
    albumList2: { album: (await albumListRows(context)).map(toAlbumId3) },
  }),

  /** The folder-based twin: albums as directories (`isDir`), parents their artists. */
  getAlbumList: async (context) => ({
    albumList: { album: (await albumListRows(context)).map(albumChild) },
  }),

  search3: async (context) => {
    const { artistRows, albumRows, songRows } = await searchRows(context);
    return {
      searchResult3: {
        artist: artistRows.map(toArtistId3),
        album: albumRows.map(toAlbumId3),
        song: songRows.map(toChild),
      },
    };
  },

  search2: async (context) => {
    const { artistRows, albumRows, songRows } = await searchRows(context);
    return {
      searchResult2: {
        artist: artistRows.map(toArtist),
        album: albumRows.map(albumChild),
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
    const { artistRows, albumRows, songRows } = await starredRows(context);
    return {
      starred2: {
        artist: artistRows.map(toArtistId3),
        album: albumRows.map(toAlbumId3),
        song: songRows.map(toChild),
      },
    };
  },

  getStarred: async (context) => {
    const { artistRows, albumRows, songRows } = await starredRows(context);
    return {
      starred: {
        artist: artistRows.map(toArtist),
        album: albumRows.map(albumChild),
        song: songRows.map(toChild),
      },
    };
  },
};
