import { findAlbum } from '../albums/albums.repository';
import { findArtist } from '../artists/artists.repository';
import { absoluteUrl } from '../seo/seo-urls';
import { storedSimilar } from '../similar-artists/similar-artists.repository';
import { artistById } from './subsonic-artists.repository';
import { assertCanBrowse, visibleSong } from './subsonic-browse';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import { toArtist, toArtistId3, toChild } from './subsonic-dto';
import { parseAnyId, parseId } from './subsonic-ids';
import { SubsonicError, textElement } from './subsonic-response';
import { similarSeed, similarSongs } from './subsonic-songs.repository';

const MAX_SIMILAR = 500;
const notFound = () => new SubsonicError('not_found', 'Not found');

/** Images as absolute URLs on this server: apps fetch them from outside the web player. */
function absolute(context: SubsonicContext, path: string | null | undefined): string | undefined {
  const { request } = context;
  return absoluteUrl(`${request.protocol}://${request.host}`, path) ?? undefined;
}

/**
 * What Cadence knows of an artist: its description as the biography, its two images, and the
 * similar artists the similar-artists job computed. Cadence keeps no MusicBrainz or Last.fm ids.
 */
async function artistInfo(context: SubsonicContext, shape: 'folder' | 'id3') {
  await assertCanBrowse(context);
  const { params } = context;
  const { db } = context.app.deps;
  const id = parseId(params.required('id'), 'artist');
  const artist = await findArtist(db, id);
  if (!artist || artist.disabled) throw notFound();
  const count = params.int('count', 20, 0, 100);
  const similar = count ? await storedSimilar(db, id, count) : [];
  const rows = (await Promise.all(similar.map((row) => artistById(db, context.user.id, row.id)))).filter(
    (row) => row !== undefined,
  );
  return {
    biography: textElement(artist.description),
    smallImageUrl: textElement(absolute(context, artist.image_small)),
    mediumImageUrl: textElement(absolute(context, artist.image_small || artist.image_large)),
    largeImageUrl: textElement(absolute(context, artist.image_large || artist.image_small)),
    similarArtist: rows.map(shape === 'folder' ? toArtist : toArtistId3),
  };
}

/** An album's description as its notes, and its cover at the prepared widths. */
async function albumInfo(context: SubsonicContext) {
  await assertCanBrowse(context);
  const { db } = context.app.deps;
  const id = parseId(context.params.required('id'), 'album');
  const album = await findAlbum(db, id);
  if (!album) throw notFound();
  const sized = (width: number) =>
    album.image?.startsWith('/api/v1/images/') ? `${album.image.split('?')[0]}?w=${width}` : album.image;
  return {
    notes: textElement(album.description),
    smallImageUrl: textElement(absolute(context, sized(300))),
    mediumImageUrl: textElement(absolute(context, sized(600))),
    largeImageUrl: textElement(absolute(context, album.image)),
  };
}

/** Songs by the same artists or in the same genres as a song, album or artist (hidden seeds are 70). */
async function similar(context: SubsonicContext) {
  await assertCanBrowse(context);
  const { db } = context.app.deps;
  const raw = context.params.required('id');
  const parsed = parseAnyId(raw);
  if (!parsed || parsed.kind === 'playlist') throw notFound();
  if (parsed.kind === 'track') await visibleSong(context, raw);
  if (parsed.kind === 'artist' && !(await artistById(db, context.user.id, parsed.id))) throw notFound();
  if (parsed.kind === 'album' && !(await findAlbum(db, parsed.id))) throw notFound();
  const seed = await similarSeed(db, parsed.kind, parsed.id);
  const rows = await similarSongs(db, context.user.id, seed, context.params.int('count', 50, 1, MAX_SIMILAR));
  return rows.map(toChild);
}

export const infoMethods: Record<string, SubsonicMethod> = {
  getArtistInfo: async (context) => ({ artistInfo: await artistInfo(context, 'folder') }),
  getArtistInfo2: async (context) => ({ artistInfo2: await artistInfo(context, 'id3') }),
  getAlbumInfo: async (context) => ({ albumInfo: await albumInfo(context) }),
  getAlbumInfo2: async (context) => ({ albumInfo: await albumInfo(context) }),
  getSimilarSongs: async (context) => ({ similarSongs: { song: await similar(context) } }),
  getSimilarSongs2: async (context) => ({ similarSongs2: { song: await similar(context) } }),
};
