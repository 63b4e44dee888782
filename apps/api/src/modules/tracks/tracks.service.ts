import type { TListQuery } from '@cadence/contracts/pagination';
import type { TTrack, TTrackCreate, TTrackUpdate } from '@cadence/contracts/track';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { assertCanCreditArtists, replaceTrackArtists } from '../artists/artist-credits';
import { syncGenres } from '../genres/genre-links';
import { syncTags } from '../tags/tag-links';
import { assertAny, restrictionOf } from './access';
import { likePattern, mapPage, type Page, paginate, slugify } from './catalogue-utils';
import { assertCanManageTrack, findTrackOr404, findVisibleTrack } from './track-access';
import { type TrackInclude, toTrackDtos } from './track-dto';

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

const ORDER_COLUMNS = {
  name: 'tracks.name',
  plays: 'tracks.plays',
  duration: 'tracks.duration',
  released_at: 'tracks.released_at',
  created_at: 'tracks.created_at',
  id: 'tracks.id',
} as const;

export function createTracksService(db: Db) {
  async function list(query: TrackListQuery): Promise<Page<TTrack>> {
    let base = db.selectFrom('tracks').where('tracks.visibility', '=', 'public');
    if (query.query)
      base = base.where(sql<boolean>`lower(tracks.name) like lower(${likePattern(query.query)})`);
    if (query.albumId) base = base.where('tracks.album_id', '=', query.albumId);
    if (query.artistId) {
      const artistId = query.artistId;
      base = base.where((eb) =>
        eb.exists(
          eb
            .selectFrom('artist_track')
            .select('artist_track.track_id')
            .whereRef('artist_track.track_id', '=', 'tracks.id')
            .where('artist_track.artist_id', '=', artistId),
        ),
      );
    }
    if (query.genre) {
      const genre = query.genre.toLowerCase();
      base = base.where((eb) =>
        eb.exists(
          eb
            .selectFrom('genreables')
            .innerJoin('genres', 'genres.id', 'genreables.genre_id')
            .select('genreables.genreable_id')
            .where('genreables.genreable_type', '=', 'track')
            .whereRef('genreables.genreable_id', '=', 'tracks.id')
            .where('genres.name', '=', genre),
        ),
      );
    }
    const column = ORDER_COLUMNS[(query.orderBy ?? 'created_at') as keyof typeof ORDER_COLUMNS];
    const direction = query.orderDir ?? (query.orderBy === 'name' ? 'asc' : 'desc');
    const page = await paginate(base, query, (q) =>
      q
        .selectAll('tracks')
        .orderBy(column, (ob) => (direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
        .orderBy('tracks.id', direction),
    );
    return mapPage(page, (rows) => toTrackDtos(db, rows, includeOf(query)));
  }

  async function show(request: FastifyRequest, id: number, include: TrackInclude): Promise<TTrack> {
    const track = await findVisibleTrack(db, request, id);
    const [dto] = await toTrackDtos(db, [track], include);
    return dto as TTrack;
  }

  async function assertUploadTimeLeft(request: FastifyRequest, userId: number): Promise<void> {
    const minutes = await restrictionOf(request, 'music.create', 'minutes');
    if (minutes === null) return;
    const used = await db
      .selectFrom('tracks')
      .select(sql<number>`coalesce(sum(duration), 0)::bigint`.as('total'))
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(used.total) >= minutes * 60_000) {
      throw new AppError(
        'forbidden',
        'You have used all of your upload time. Upgrade your plan to upload more.',
      );
    }
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
    await assertUploadTimeLeft(request, user.id);
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
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await replaceTrackArtists(trx, id, input.artist_ids);
      if (input.genres) await syncGenres(trx, 'track', id, input.genres);
      if (input.tags) await syncTags(trx, 'track', id, input.tags, user.id);
      return id;
    });
    return show(request, id, { with: ['genres', 'tags'] });
  }

  async function update(request: FastifyRequest, id: number, input: TTrackUpdate): Promise<TTrack> {
    const track = await findTrackOr404(db, id);
    await assertCanManageTrack(db, request, track, 'update');
    if (input.artist_ids) await assertCanCreditArtists(db, request, input.artist_ids);
    await assertAlbumUsable(input.album_id);
    const { artist_ids, genres, tags, ...columns } = input;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('tracks')
        .set({ ...columns, ...(columns.name ? { slug: slugify(columns.name) } : {}), updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      if (artist_ids) await replaceTrackArtists(trx, id, artist_ids);
      if (genres) await syncGenres(trx, 'track', id, genres);
      if (tags) await syncTags(trx, 'track', id, tags, request.user?.id ?? null);
    });
    return show(request, id, { with: ['genres', 'tags'] });
  }

  async function remove(request: FastifyRequest, id: number): Promise<void> {
    const track = await findTrackOr404(db, id);
    await assertCanManageTrack(db, request, track, 'delete');
    await deleteTracks(db, [id]);
  }

  return { list, show, create, update, remove };
}

function includeOf(query: { with: string[]; load: string[]; loadCount: string[] }): TrackInclude {
  return { with: [...query.with, ...query.load], loadCount: query.loadCount };
}

/** Removes tracks and their polymorphic rows (likes, reposts, comments, genres, tags) in one transaction. */
export async function deleteTracks(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('likes')
      .where('likeable_type', '=', 'track')
      .where('likeable_id', 'in', ids)
      .execute();
    await trx
      .deleteFrom('reposts')
      .where('repostable_type', '=', 'track')
      .where('repostable_id', 'in', ids)
      .execute();
    await trx
      .deleteFrom('comments')
      .where('commentable_type', '=', 'track')
      .where('commentable_id', 'in', ids)
      .execute();
    await trx
      .deleteFrom('genreables')
      .where('genreable_type', '=', 'track')
      .where('genreable_id', 'in', ids)
      .execute();
    await trx
      .deleteFrom('taggables')
      .where('taggable_type', '=', 'track')
      .where('taggable_id', 'in', ids)
      .execute();
    await trx
      .deleteFrom('channelables')
      .where('model_type', '=', 'track')
      .where('model_id', 'in', ids)
      .execute();
    await trx.deleteFrom('tracks').where('id', 'in', ids).execute();
  });
}

export { includeOf };
export type TracksService = ReturnType<typeof createTracksService>;
