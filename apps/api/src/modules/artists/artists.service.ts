import type { TArtist, TArtistCreate, TArtistUpdate } from '@cadence/contracts/artist';
import type { FastifyRequest } from 'fastify';
import { type Kysely, type Selectable, sql } from 'kysely';
import { assertAny, canAny } from '../../platform/auth/access';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
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
import { genreRefs } from '../genres/genre-links';
import { loadCounts } from '../library/counts';
import { tagRefs } from '../tags/tag-links';
import { artistRefsForTracks, managedArtistIds } from './artist-refs';
import type { ArtistsTable } from './artists.tables';

type Db = Kysely<Database>;
type ArtistRow = Selectable<ArtistsTable>;
export type ArtistListQuery = CatalogueListQuery;

const SORTABLE = ['name', 'plays', 'views', 'created_at', 'id'] as const;
const ARTIST_LINKS = ['likes', 'follows', 'genreables', 'taggables', 'channelables'] as const;
const TOP_TRACKS = 10;
const ARTIST_ALBUMS = 50;

export function createArtistsService(db: Db) {
  async function toDtos(rows: ArtistRow[], include: CatalogueInclude = {}): Promise<TArtist[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const want = new Set(include.with ?? []);
    const single = rows.length === 1 ? (rows[0] as ArtistRow).id : null;
    const [genres, tags, counts, albums, topTracks] = await Promise.all([
      want.has('genres') ? genreRefs(db, 'artist', ids) : null,
      want.has('tags') ? tagRefs(db, 'artist', ids) : null,
      include.loadCount?.length ? loadCounts(db, 'artist', include.loadCount, ids) : null,
      want.has('albums') && single
        ? db
            .selectFrom('album_artist as aa')
            .innerJoin('albums as al', 'al.id', 'aa.album_id')
            .select([
              'al.id',
              'al.name',
              'al.slug',
              'al.image',
              'al.record_type',
              dateText('al.release_date').as('release_date'),
            ])
            .where('aa.artist_id', '=', single)
            .orderBy(sql`al.release_date desc nulls last`)
            .orderBy('al.id', 'desc')
            .limit(ARTIST_ALBUMS)
            .execute()
        : null,
      want.has('top_tracks') && single
        ? db
            .selectFrom('artist_track as at')
            .innerJoin('tracks as t', 't.id', 'at.track_id')
            .select(['t.id', 't.name', 't.duration', 't.plays', 't.image'])
            .where('at.artist_id', '=', single)
            .where('t.visibility', '=', 'public')
            .orderBy('t.plays', 'desc')
            .orderBy('t.id', 'desc')
            .limit(TOP_TRACKS)
            .execute()
        : null,
    ]);
    const topArtists = topTracks
      ? await artistRefsForTracks(
          db,
          topTracks.map((t) => t.id),
        )
      : null;
    return rows.map((row) => {
      const dto: TArtist = {
        id: row.id,
        name: row.name,
        slug: row.slug,
        image_small: row.image_small,
        image_large: row.image_large,
        verified: row.verified,
        disabled: row.disabled,
        description: row.description,
        country: row.country,
        city: row.city,
        links: row.links ?? [],
        plays: Number(row.plays),
        views: Number(row.views),
        created_at: isoRequired(row.created_at),
        updated_at: isoRequired(row.updated_at),
      };
      if (genres) dto.genres = genres.get(row.id) ?? [];
      if (tags) dto.tags = tags.get(row.id) ?? [];
      if (counts) dto.counts = counts.get(row.id) ?? {};
      if (albums) dto.albums = albums;
      if (topTracks)
        dto.top_tracks = topTracks.map((track) => ({
          ...track,
          plays: Number(track.plays),
          artists: topArtists?.get(track.id) ?? [],
        }));
      return dto;
    });
  }

  async function findOr404(id: number): Promise<ArtistRow> {
    const row = await db.selectFrom('artists').selectAll().where('id', '=', id).executeTakeFirst();
    return orNotFound(row, 'Artist not found.');
  }

  async function assertCanManage(request: FastifyRequest, id: number, action: 'update' | 'delete') {
    if (await canAny(request, [`music.${action}`, `artists.${action}`])) return;
    if (!request.user) throw new AppError('unauthenticated');
    // Managers edit their artist page; deleting an artist stays with catalogue editors.
    if (action === 'update' && (await managedArtistIds(db, request.user.id)).has(id)) return;
    throw new AppError('forbidden');
  }

  async function list(query: ArtistListQuery): Promise<Page<TArtist>> {
    let base = db.selectFrom('artists').where('artists.disabled', '=', false);
    if (query.query) base = base.where(nameMatches('artists.name', query.query));
    const { column, direction } = listOrder('artists', SORTABLE, query);
    const page = await paginate(base, query, (q) =>
      q.selectAll('artists').orderBy(column, direction).orderBy('artists.id', direction),
    );
    return mapPage(page, (rows) => toDtos(rows, includeOf(query)));
  }

  async function show(request: FastifyRequest, id: number, include: CatalogueInclude): Promise<TArtist> {
    const row = await findOr404(id);
    if (row.disabled && !(await canAny(request, ['music.update', 'artists.update']))) {
      throw new AppError('not_found', 'Artist not found.');
    }
    const [dto] = await toDtos([row], include);
    return dto as TArtist;
  }

  function columnsOf(input: TArtistUpdate, isEditor: boolean) {
    const { genres: _g, tags: _t, links, verified, disabled, ...columns } = input;
    return {
      ...withSlug(columns),
      ...(links ? { links: JSON.stringify(links) } : {}),
      // Verification and disabling are editorial decisions, not the artist's own.
      ...(isEditor && verified !== undefined ? { verified } : {}),
      ...(isEditor && disabled !== undefined ? { disabled } : {}),
    };
  }

  async function create(request: FastifyRequest, input: TArtistCreate): Promise<TArtist> {
    await assertAny(request, ['artists.create', 'music.create']);
    const user = request.user;
    if (!user) throw new AppError('unauthenticated');
    const isEditor = await canAny(request, ['artists.create', 'artists.update', 'music.update']);
    const id = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('artists')
        .values({
          name: input.name,
          slug: slugify(input.name),
          ...columnsOf(input, isEditor),
          // Created with a workspace active, the artist belongs to it (spec 1).
          workspace_id: request.workspaceId || null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!isEditor)
        await trx
          .insertInto('user_artist')
          .values({ user_id: user.id, artist_id: id, role: 'owner' })
          .execute();
      await syncGenresAndTags(trx, 'artist', id, input, user.id);
      return id;
    });
    return show(request, id, { with: ['genres', 'tags'] });
  }

  async function update(request: FastifyRequest, id: number, input: TArtistUpdate): Promise<TArtist> {
    await findOr404(id);
    await assertCanManage(request, id, 'update');
    const isEditor = await canAny(request, ['artists.update', 'music.update']);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('artists')
        .set({ ...columnsOf(input, isEditor), updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      await syncGenresAndTags(trx, 'artist', id, input, request.user?.id ?? null);
    });
    return show(request, id, { with: ['genres', 'tags'] });
  }

  /** Removes the artist and its credits; albums and tracks stay (they may credit other artists). */
  async function remove(request: FastifyRequest, id: number): Promise<void> {
    await findOr404(id);
    await assertCanManage(request, id, 'delete');
    await db.transaction().execute(async (trx) => {
      await deleteLinks(trx, ARTIST_LINKS, 'artist', [id]);
      await trx.deleteFrom('artists').where('id', '=', id).execute();
    });
  }

  return { list, show, create, update, remove, toDtos };
}
