import type { TAlbum, TAlbumCreate, TAlbumUpdate } from '@cadence/contracts/album';
import type { FastifyRequest } from 'fastify';
import { type Kysely, type Selectable, sql } from 'kysely';
import { assertAny } from '../../platform/auth/access';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { assertCanCreditArtists, itemsCreditedTo, replaceAlbumArtists } from '../artists/artist-credits';
import { artistRefsForAlbums } from '../artists/artist-refs';
import { assertCanManageCredited } from '../catalogue/catalogue-access';
import { deleteLinks, syncGenresAndTags } from '../catalogue/catalogue-links';
import { type CatalogueInclude, includeOf, listOrder, nameMatches } from '../catalogue/catalogue-list';
import {
  type CatalogueListQuery,
  dateText,
  isoRequired,
  mapPage,
  orNotFound,
  type Page,
  paginate,
  slugify,
  withSlug,
} from '../catalogue/catalogue-utils';
import { genreRefs, itemsInGenre } from '../genres/genre-links';
import { loadCounts } from '../library/counts';
import { tagRefs } from '../tags/tag-links';
import { toTrackDtos } from '../tracks/track-dto';
import { deleteTracks } from '../tracks/tracks.service';
import { assertTracksUsable, replaceAlbumTracks } from './album-tracks';
import type { AlbumsTable } from './albums.tables';

type Db = Kysely<Database>;
type AlbumRow = Omit<Selectable<AlbumsTable>, 'release_date' | 'workspace_id'> & {
  release_date: string | null;
};
export type AlbumListQuery = CatalogueListQuery & {
  artistId?: number;
  genre?: string;
};

const SORTABLE = ['name', 'release_date', 'plays', 'views', 'created_at', 'id'] as const;

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
    return orNotFound(
      await selectAlbums().where('albums.id', '=', id).executeTakeFirst(),
      'Album not found.',
    );
  }

  async function list(query: AlbumListQuery): Promise<Page<TAlbum>> {
    let base = db.selectFrom('albums');
    if (query.query) base = base.where(nameMatches('albums.name', query.query));
    if (query.artistId) base = base.where('albums.id', 'in', itemsCreditedTo(db, 'album', query.artistId));
    if (query.genre) base = base.where('albums.id', 'in', itemsInGenre(db, 'album', query.genre));
    const { column, direction } = listOrder('albums', SORTABLE, query);
    const page = await paginate(base, query, (q) =>
      q
        .select([...ALBUM_COLUMNS, dateText('albums.release_date').as('release_date')])
        .orderBy(column, (ob) => (direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
        .orderBy('albums.id', direction),
    );
    return mapPage(page, (rows) => toAlbumDtos(db, rows, includeOf(query)));
  }

  async function show(id: number, include: CatalogueInclude): Promise<TAlbum> {
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
          workspace_id: request.workspaceId || null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await replaceAlbumArtists(trx, id, input.artist_ids);
      await syncGenresAndTags(trx, 'album', id, input, user.id);
      return id;
    });
    return show(id, { with: ['genres', 'tags', 'tracks'] });
  }

  async function update(request: FastifyRequest, id: number, input: TAlbumUpdate): Promise<TAlbum> {
    const album = await findOr404(id);
    await assertCanManageCredited(db, request, 'album', album, 'update');
    if (input.artist_ids) await assertCanCreditArtists(db, request, input.artist_ids);
    const { artist_ids, genres, tags, track_ids, ...columns } = input;
    if (track_ids) await assertTracksUsable(db, request, id, track_ids);
    await db.transaction().execute(async (trx) => {
      if (track_ids) await replaceAlbumTracks(trx, id, track_ids);
      await trx
        .updateTable('albums')
        .set({ ...withSlug(columns), updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      if (artist_ids) await replaceAlbumArtists(trx, id, artist_ids);
      await syncGenresAndTags(trx, 'album', id, { genres, tags }, request.user?.id ?? null);
    });
    return show(id, { with: ['genres', 'tags', 'tracks'] });
  }

  /** Deleting an album deletes its tracks too (they were uploaded as part of it). */
  async function remove(request: FastifyRequest, id: number): Promise<void> {
    const album = await findOr404(id);
    await assertCanManageCredited(db, request, 'album', album, 'delete');
    const trackIds = (await db.selectFrom('tracks').select('id').where('album_id', '=', id).execute()).map(
      (t) => t.id,
    );
    await deleteTracks(db, trackIds);
    await db.transaction().execute(async (trx) => {
      await deleteLinks(trx, ALBUM_LINKS, 'album', [id]);
      await trx.deleteFrom('albums').where('id', '=', id).execute();
    });
  }

  return { list, show, create, update, remove, findOr404 };
}
