import type { TAlbum, TAlbumCreate, TAlbumUpdate } from '@cadence/contracts/album';
import type { FastifyRequest } from 'fastify';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { assertCanCreditArtists, replaceAlbumArtists } from '../artists/artist-credits';
import { artistRefsForAlbums } from '../artists/artist-refs';
import { genreRefs, syncGenres } from '../genres/genre-links';
import { loadCounts } from '../library/counts';
import { syncTags, tagRefs } from '../tags/tag-links';
import { assertAny, canAny } from '../tracks/access';
import {
  type CatalogueListQuery,
  dateText,
  isoRequired,
  likePattern,
  mapPage,
  type Page,
  paginate,
  slugify,
} from '../tracks/catalogue-utils';
import { toTrackDtos } from '../tracks/track-dto';
import { deleteTracks } from '../tracks/tracks.service';
import type { AlbumsTable } from './albums.tables';

type Db = Kysely<Database>;
type AlbumRow = Omit<Selectable<AlbumsTable>, 'release_date'> & { release_date: string | null };
type Include = { with?: readonly string[]; loadCount?: readonly string[] };
export type AlbumListQuery = CatalogueListQuery & {
  artistId?: number;
  genre?: string;
};

const ORDER_COLUMNS = {
  name: 'albums.name',
  release_date: 'albums.release_date',
  plays: 'albums.plays',
  views: 'albums.views',
  created_at: 'albums.created_at',
  id: 'albums.id',
} as const;

const ALBUM_COLUMNS = [
  'albums.id',
  'albums.name',
  'albums.slug',
  'albums.image',
  'albums.description',
  'albums.owner_id',
  'albums.plays',
  'albums.views',
  'albums.record_type',
  'albums.created_at',
  'albums.updated_at',
] as const;

export async function toAlbumDtos(db: Db, rows: AlbumRow[], include: Include = {}): Promise<TAlbum[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const want = new Set(include.with ?? []);
  const [artists, genres, tags, counts, trackRows] = await Promise.all([
    artistRefsForAlbums(db, ids),
    want.has('genres') ? genreRefs(db, 'album', ids) : null,
    want.has('tags') ? tagRefs(db, 'album', ids) : null,
    include.loadCount?.length ? loadCounts(db, 'album', include.loadCount, ids) : null,
    want.has('tracks')
      ? db
          .selectFrom('tracks')
          .selectAll()
          .where('album_id', 'in', ids)
          .where('visibility', '!=', 'private')
          .orderBy('album_id')
          .orderBy(sql`number nulls last`)
          .orderBy('id')
          .execute()
      : null,
  ]);
  const tracks = trackRows ? await toTrackDtos(db, trackRows) : null;
  return rows.map((row) => {
    const dto: TAlbum = {
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
      artists: artists.get(row.id) ?? [],
    };
    if (tracks) dto.tracks = tracks.filter((track) => track.album_id === row.id);
    if (genres) dto.genres = genres.get(row.id) ?? [];
    if (tags) dto.tags = tags.get(row.id) ?? [];
    if (counts) dto.counts = counts.get(row.id) ?? {};
    return dto;
  });
}

export function createAlbumsService(db: Db) {
  const selectAlbums = () =>
    db.selectFrom('albums').select([...ALBUM_COLUMNS, dateText('albums.release_date').as('release_date')]);

  async function findOr404(id: number): Promise<AlbumRow> {
    const row = await selectAlbums().where('albums.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('not_found', 'Album not found.');
    return row;
  }

  async function manages(userId: number, album: AlbumRow): Promise<boolean> {
    if (album.owner_id === userId) return true;
    const row = await db
      .selectFrom('album_artist as aa')
      .innerJoin('user_artist as ua', 'ua.artist_id', 'aa.artist_id')
      .select('aa.artist_id')
      .where('aa.album_id', '=', album.id)
      .where('ua.user_id', '=', userId)
      .executeTakeFirst();
    return !!row;
  }

  async function assertCanManage(request: FastifyRequest, album: AlbumRow, action: 'update' | 'delete') {
    if (await canAny(request, [`music.${action}`, `albums.${action}`])) return;
    if (!request.user) throw new AppError('unauthenticated');
    if (await manages(request.user.id, album)) return;
    throw new AppError('forbidden');
  }

  async function list(query: AlbumListQuery): Promise<Page<TAlbum>> {
    let base = db.selectFrom('albums');
    if (query.query)
      base = base.where(sql<boolean>`lower(albums.name) like lower(${likePattern(query.query)})`);
    if (query.artistId) {
      const artistId = query.artistId;
      base = base.where((eb) =>
        eb.exists(
          eb
            .selectFrom('album_artist')
            .select('album_artist.album_id')
            .whereRef('album_artist.album_id', '=', 'albums.id')
            .where('album_artist.artist_id', '=', artistId),
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
            .where('genreables.genreable_type', '=', 'album')
            .whereRef('genreables.genreable_id', '=', 'albums.id')
            .where('genres.name', '=', genre),
        ),
      );
    }
    const column = ORDER_COLUMNS[(query.orderBy ?? 'created_at') as keyof typeof ORDER_COLUMNS];
    const direction = query.orderDir ?? (query.orderBy === 'name' ? 'asc' : 'desc');
    const page = await paginate(base, query, (q) =>
      q
        .select([...ALBUM_COLUMNS, dateText('albums.release_date').as('release_date')])
        .orderBy(column, (ob) => (direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
        .orderBy('albums.id', direction),
    );
    return mapPage(page, (rows) =>
      toAlbumDtos(db, rows, { with: [...query.with, ...query.load], loadCount: query.loadCount }),
    );
  }

  async function show(id: number, include: Include): Promise<TAlbum> {
    const [dto] = await toAlbumDtos(db, [await findOr404(id)], include);
    return dto as TAlbum;
  }

  async function create(request: FastifyRequest, input: TAlbumCreate): Promise<TAlbum> {
    await assertAny(request, ['music.create', 'albums.create']);
    const user = request.user;
    if (!user) throw new AppError('unauthenticated');
    await assertCanCreditArtists(db, request, input.artist_ids);
    const id = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('albums')
        .values({
          name: input.name,
          slug: slugify(input.name),
          release_date: input.release_date ?? null,
          image: input.image ?? null,
          description: input.description ?? null,
          record_type: input.record_type ?? 'album',
          owner_id: user.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await replaceAlbumArtists(trx, id, input.artist_ids);
      if (input.genres) await syncGenres(trx, 'album', id, input.genres);
      if (input.tags) await syncTags(trx, 'album', id, input.tags, user.id);
      return id;
    });
    return show(id, { with: ['genres', 'tags', 'tracks'] });
  }

  async function update(request: FastifyRequest, id: number, input: TAlbumUpdate): Promise<TAlbum> {
    const album = await findOr404(id);
    await assertCanManage(request, album, 'update');
    if (input.artist_ids) await assertCanCreditArtists(db, request, input.artist_ids);
    const { artist_ids, genres, tags, ...columns } = input;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('albums')
        .set({ ...columns, ...(columns.name ? { slug: slugify(columns.name) } : {}), updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      if (artist_ids) await replaceAlbumArtists(trx, id, artist_ids);
      if (genres) await syncGenres(trx, 'album', id, genres);
      if (tags) await syncTags(trx, 'album', id, tags, request.user?.id ?? null);
    });
    return show(id, { with: ['genres', 'tags', 'tracks'] });
  }

  /** Deleting an album deletes its tracks too (they were uploaded as part of it). */
  async function remove(request: FastifyRequest, id: number): Promise<void> {
    const album = await findOr404(id);
    await assertCanManage(request, album, 'delete');
    const trackIds = (await db.selectFrom('tracks').select('id').where('album_id', '=', id).execute()).map(
      (t) => t.id,
    );
    await deleteTracks(db, trackIds);
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('likes')
        .where('likeable_type', '=', 'album')
        .where('likeable_id', '=', id)
        .execute();
      await trx
        .deleteFrom('reposts')
        .where('repostable_type', '=', 'album')
        .where('repostable_id', '=', id)
        .execute();
      await trx
        .deleteFrom('comments')
        .where('commentable_type', '=', 'album')
        .where('commentable_id', '=', id)
        .execute();
      await trx
        .deleteFrom('genreables')
        .where('genreable_type', '=', 'album')
        .where('genreable_id', '=', id)
        .execute();
      await trx
        .deleteFrom('taggables')
        .where('taggable_type', '=', 'album')
        .where('taggable_id', '=', id)
        .execute();
      await trx
        .deleteFrom('channelables')
        .where('model_type', '=', 'album')
        .where('model_id', '=', id)
        .execute();
      await trx.deleteFrom('albums').where('id', '=', id).execute();
    });
  }

  return { list, show, create, update, remove, findOr404 };
}
