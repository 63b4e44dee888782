import type { TListQuery } from '@cadence/contracts/pagination';
import type { TTrack, TTrackCreate, TTrackUpdate } from '@cadence/contracts/track';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { assertAny } from '../../platform/auth/access';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { assertCanCreditArtists, itemsCreditedTo, replaceTrackArtists } from '../artists/artist-credits';
import { assertMinutesLeft } from '../backstage/upload-minutes';
import { assertCanManageCredited } from '../catalogue/catalogue-access';
import { deleteLinks, syncGenresAndTags } from '../catalogue/catalogue-links';
import { type CatalogueInclude, includeOf, listOrder, nameMatches } from '../catalogue/catalogue-list';
import { mapPage, type Page, paginate, slugify, withSlug } from '../catalogue/catalogue-utils';
import { itemsInGenre } from '../genres/genre-links';
import { findTrackOr404, findVisibleTrack } from './track-access';
import { toTrackDtos } from './track-dto';

type Db = Kysely<Database>;
export type TrackListQuery = Omit<TListQuery, 'with' | 'load' | 'loadCount' | 'orderBy'> & {
  orderBy?: string;
  with: string[];
  load: string[];
  loadCount: string[];
  artistId?: number;
  albumId?: number;
  genre?: string;
};

const SORTABLE = ['name', 'plays', 'duration', 'released_at', 'created_at', 'id'] as const;

export function createTracksService(db: Db) {
  async function list(query: TrackListQuery): Promise<Page<TTrack>> {
    let base = db.selectFrom('tracks').where('tracks.visibility', '=', 'public');
    if (query.query) base = base.where(nameMatches('tracks.name', query.query));
    if (query.albumId) base = base.where('tracks.album_id', '=', query.albumId);
    if (query.artistId) base = base.where('tracks.id', 'in', itemsCreditedTo(db, 'track', query.artistId));
    if (query.genre) base = base.where('tracks.id', 'in', itemsInGenre(db, 'track', query.genre));
    const { column, direction } = listOrder('tracks', SORTABLE, query);
    const page = await paginate(base, query, (q) =>
      q
        .selectAll('tracks')
        .orderBy(column, (ob) => (direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
        .orderBy('tracks.id', direction),
    );
    return mapPage(page, (rows) => toTrackDtos(db, rows, includeOf(query)));
  }

  async function show(request: FastifyRequest, id: number, include: CatalogueInclude): Promise<TTrack> {
    const track = await findVisibleTrack(db, request, id);
    const [dto] = await toTrackDtos(db, [track], include);
    return dto as TTrack;
  }

  async function assertAlbumUsable(albumId: number | null | undefined): Promise<void> {
    if (!albumId) return;
    const album = await db
      .selectFrom('albums')
      .select(['id', 'owner_id'])
      .where('id', '=', albumId)
      .executeTakeFirst();
    if (!album)
      throw new AppError('validation', 'Choose an existing album.', {
        album_id: 'Choose an existing album.',
      });
  }

  async function create(request: FastifyRequest, input: TTrackCreate): Promise<TTrack> {
    await assertAny(request, ['music.create', 'tracks.create']);
    const user = request.user;
    if (!user) throw new AppError('unauthenticated');
    await assertCanCreditArtists(db, request, input.artist_ids);
    await assertAlbumUsable(input.album_id);
    await assertMinutesLeft(db, request, user.id, input.duration ?? 0);
    const id = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('tracks')
        .values({
          name: input.name,
          slug: slugify(input.name),
          number: input.number ?? null,
          duration: input.duration ?? null,
          album_id: input.album_id ?? null,
          src: input.src ?? null,
          file_entry_id: input.file_entry_id ?? null,
          image: input.image ?? null,
          description: input.description ?? null,
          isrc: input.isrc ?? null,
          explicit: input.explicit ?? false,
          released_at: input.released_at ?? null,
          visibility: input.visibility ?? 'public',
          owner_id: user.id,
          workspace_id: request.workspaceId || null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await replaceTrackArtists(trx, id, input.artist_ids);
      await syncGenresAndTags(trx, 'track', id, input, user.id);
      return id;
    });
    return show(request, id, { with: ['genres', 'tags'] });
  }

  async function update(request: FastifyRequest, id: number, input: TTrackUpdate): Promise<TTrack> {
    const track = await findTrackOr404(db, id);
    await assertCanManageCredited(db, request, 'track', track, 'update');
    if (input.artist_ids) await assertCanCreditArtists(db, request, input.artist_ids);
    await assertAlbumUsable(input.album_id);
    const { artist_ids, genres, tags, ...columns } = input;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('tracks')
        .set({ ...withSlug(columns), updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      if (artist_ids) await replaceTrackArtists(trx, id, artist_ids);
      await syncGenresAndTags(trx, 'track', id, { genres, tags }, request.user?.id ?? null);
    });
    return show(request, id, { with: ['genres', 'tags'] });
  }

  async function remove(request: FastifyRequest, id: number): Promise<void> {
    const track = await findTrackOr404(db, id);
    await assertCanManageCredited(db, request, 'track', track, 'delete');
    await deleteTracks(db, [id]);
  }

  return { list, show, create, update, remove };
}

const TRACK_LINKS = ['likes', 'reposts', 'comments', 'genreables', 'taggables', 'channelables'] as const;

/** Removes tracks and their polymorphic rows (likes, reposts, comments, genres, tags, channels) in one transaction. */
export async function deleteTracks(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await deleteLinks(trx, TRACK_LINKS, 'track', ids);
    await trx.deleteFrom('tracks').where('id', 'in', ids).execute();
  });
}

export type TracksService = ReturnType<typeof createTracksService>;
