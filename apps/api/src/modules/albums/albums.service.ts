import type { TAlbum, TAlbumCreate, TAlbumUpdate } from '@cadence/contracts/album';
import type { TArtistRef } from '@cadence/contracts/catalogue';
import type { Kysely } from 'kysely';
import { type Actor, actorUser, assertActorCanAny } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';
import { assertCanCreditArtists } from '../artists/artist-credits';
import { replaceAlbumArtists } from '../catalogue/artist-credits.repository';
import { artistRefsForAlbums } from '../catalogue/artist-refs';
import { assertCanManageCredited, type WorkspaceDirectory } from '../catalogue/catalogue-access';
import { catalogueChanged, changingCatalogue } from '../catalogue/catalogue-invalidation';
import { genreRefs, syncGenresAndTags, tagRefs } from '../catalogue/catalogue-links';
import { deleteLinks } from '../catalogue/catalogue-links.repository';
import { type CatalogueInclude, includeOf } from '../catalogue/catalogue-list';
import type { Page } from '../catalogue/catalogue-query.repository';
import {
  type CatalogueListQuery,
  isoRequired,
  mapPage,
  orNotFound,
  slugify,
  withSlug,
} from '../catalogue/catalogue-utils';
import { loadCounts } from '../catalogue/counts';
import { toTrackDtos, trackDtoOf } from '../catalogue/track-dto';
import { deleteTracks } from '../tracks/tracks.service';
import { findAlbumPage } from './album-page.repository';
import { assertTracksUsable } from './album-tracks';
import {
  type AlbumRow,
  albumPage,
  deleteAlbum,
  findAlbum,
  insertAlbum,
  replaceAlbumTracks,
  trackIdsOfAlbum,
  updateAlbum,
  visibleTracksOfAlbums,
} from './albums.repository';

type Db = Kysely<Database>;
export type AlbumListQuery = CatalogueListQuery & {
  artistId?: number;
  genre?: string;
};

const ALBUM_LINKS = ['likes', 'reposts', 'comments', 'genreables', 'taggables', 'channelables'] as const;

export async function toAlbumDtos(
  db: Db,
  rows: AlbumRow[],
  include: CatalogueInclude = {},
): Promise<TAlbum[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const want = new Set(include.with ?? []);
  const [artists, genres, tags, counts, trackRows] = await Promise.all([
    artistRefsForAlbums(db, ids),
    want.has('genres') ? genreRefs(db, 'album', ids) : null,
    want.has('tags') ? tagRefs(db, 'album', ids) : null,
    include.loadCount?.length ? loadCounts(db, 'album', include.loadCount, ids) : null,
    want.has('tracks') ? visibleTracksOfAlbums(db, ids) : null,
  ]);
  const tracks = trackRows ? await toTrackDtos(db, trackRows) : null;
  return rows.map((row) => {
    const dto = albumDtoOf(row, artists.get(row.id) ?? []);
    if (tracks) dto.tracks = tracks.filter((track) => track.album_id === row.id);
    if (genres) dto.genres = genres.get(row.id) ?? [];
    if (tags) dto.tags = tags.get(row.id) ?? [];
    if (counts) dto.counts = counts.get(row.id) ?? {};
    return dto;
  });
}

function albumDtoOf(row: AlbumRow, artists: TArtistRef[]): TAlbum {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    release_date: row.release_date,
    image: row.image,
    description: row.description,
    owner_id: row.owner_id,
    plays: Number(row.plays),
    views: Number(row.views),
    record_type: row.record_type,
    created_at: isoRequired(row.created_at),
    updated_at: isoRequired(row.updated_at),
    artists,
  };
}

export function createAlbumsService(db: Db, workspaces: WorkspaceDirectory) {
  async function findOr404(id: number): Promise<AlbumRow> {
    return orNotFound(await findAlbum(db, id), 'Album not found.');
  }

  async function list(query: AlbumListQuery): Promise<Page<TAlbum>> {
    const page = await albumPage(db, query);
    return mapPage(page, (rows) => toAlbumDtos(db, rows, includeOf(query)));
  }

  /** The album page: one statement (JSON aggregation) unless counts are asked for too. */
  async function show(id: number, include: CatalogueInclude): Promise<TAlbum> {
    if (include.loadCount?.length) {
      const [dto] = await toAlbumDtos(db, [await findOr404(id)], include);
      return dto as TAlbum;
    }
    const want = new Set(include.with ?? []);
    const row = orNotFound(
      await findAlbumPage(db, id, {
        genres: want.has('genres'),
        tags: want.has('tags'),
        tracks: want.has('tracks'),
      }),
      'Album not found.',
    );
    const dto = albumDtoOf(row, row.artists);
    const ref = { id: row.id, name: row.name, slug: row.slug, image: row.image };
    if (row.tracks) dto.tracks = row.tracks.map((track) => trackDtoOf(track, track.artists, ref));
    if (row.genres) dto.genres = row.genres;
    if (row.tags) dto.tags = row.tags;
    return dto;
  }

  async function create(actor: Actor, input: TAlbumCreate): Promise<TAlbum> {
    await assertActorCanAny(actor, ['music.create', 'albums.create']);
    const user = actorUser(actor);
    await assertCanCreditArtists(db, workspaces, actor, input.artist_ids);
    const id = await db.transaction().execute(async (trx) => {
      const id = await insertAlbum(trx, {
        name: input.name,
        slug: slugify(input.name),
        release_date: input.release_date ?? null,
        image: input.image ?? null,
        description: input.description ?? null,
        record_type: input.record_type ?? 'album',
        owner_id: user.id,
        workspace_id: actor.workspaceId,
      });
      await replaceAlbumArtists(trx, id, input.artist_ids);
      await syncGenresAndTags(trx, 'album', id, input, user.id);
      return id;
    });
    await catalogueChanged(db, { albums: [id] });
    return show(id, { with: ['genres', 'tags', 'tracks'] });
  }

  async function update(actor: Actor, id: number, input: TAlbumUpdate): Promise<TAlbum> {
    const album = await findOr404(id);
    await assertCanManageCredited(db, workspaces, actor, 'album', album, 'update');
    if (input.artist_ids) await assertCanCreditArtists(db, workspaces, actor, input.artist_ids);
    const { artist_ids, genres, tags, track_ids, ...columns } = input;
    if (track_ids) await assertTracksUsable(db, actor, id, track_ids);
    // Tracks and credits may move: the pages they were on and the ones they land on both change.
    await changingCatalogue(db, { albums: [id], tracks: track_ids, artists: artist_ids }, () =>
      db.transaction().execute(async (trx) => {
        if (track_ids) await replaceAlbumTracks(trx, id, track_ids);
        await updateAlbum(trx, id, { ...withSlug(columns), updated_at: new Date() });
        if (artist_ids) await replaceAlbumArtists(trx, id, artist_ids);
        await syncGenresAndTags(trx, 'album', id, { genres, tags }, actor.user?.id ?? null);
      }),
    );
    return show(id, { with: ['genres', 'tags', 'tracks'] });
  }

  /** Deleting an album deletes its tracks too (they were uploaded as part of it). */
  async function remove(actor: Actor, id: number): Promise<void> {
    const album = await findOr404(id);
    await assertCanManageCredited(db, workspaces, actor, 'album', album, 'delete');
    await changingCatalogue(db, { albums: [id] }, async () => {
      await deleteTracks(db, await trackIdsOfAlbum(db, id));
      await db.transaction().execute(async (trx) => {
        await deleteLinks(trx, ALBUM_LINKS, 'album', [id]);
        await deleteAlbum(trx, id);
      });
    });
  }

  return { list, show, create, update, remove, findOr404 };
}
