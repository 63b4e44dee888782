import type { TArtist, TArtistCreate, TArtistUpdate } from '@cadence/contracts/artist';
import type { Kysely, Selectable } from 'kysely';
import { type Actor, actorCanAny, actorUser, assertActorCanAny } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { artistRefsForTracks } from '../catalogue/artist-refs';
import { managedArtistIds } from '../catalogue/artist-refs.repository';
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
import type { ArtistCountName } from '../catalogue/counts.repository';
import { findArtistPage } from './artist-page.repository';
import {
  addArtistOwner,
  albumsOfArtist,
  artistPage,
  deleteArtist,
  findArtist,
  insertArtist,
  topTracksOfArtist,
  updateArtist,
} from './artists.repository';
import type { ArtistsTable } from './artists.tables';

type Db = Kysely<Database>;
type ArtistRow = Selectable<ArtistsTable>;
export type ArtistListQuery = CatalogueListQuery;

const ARTIST_LINKS = ['likes', 'follows', 'genreables', 'taggables', 'channelables'] as const;

/** The artist's own columns as the api answers them. */
function artistDtoOf(row: ArtistRow): TArtist {
  return {
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
}

/** Artists as the api answers them, their relations and counts read in batches (lists). */
export async function toArtistDtos(
  db: Db,
  rows: ArtistRow[],
  include: CatalogueInclude = {},
): Promise<TArtist[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const want = new Set(include.with ?? []);
  const single = rows.length === 1 ? (rows[0] as ArtistRow).id : null;
  const [genres, tags, counts, albums, topTracks] = await Promise.all([
    want.has('genres') ? genreRefs(db, 'artist', ids) : null,
    want.has('tags') ? tagRefs(db, 'artist', ids) : null,
    include.loadCount?.length ? loadCounts(db, 'artist', include.loadCount, ids) : null,
    want.has('albums') && single ? albumsOfArtist(db, single) : null,
    want.has('top_tracks') && single ? topTracksOfArtist(db, single) : null,
  ]);
  const topArtists = topTracks
    ? await artistRefsForTracks(
        db,
        topTracks.map((t) => t.id),
      )
    : null;
  return rows.map((row) => {
    const dto = artistDtoOf(row);
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

export function createArtistsService(db: Db) {
  async function findOr404(id: number): Promise<ArtistRow> {
    return orNotFound(await findArtist(db, id), 'Artist not found.');
  }

  async function assertCanManage(actor: Actor, id: number, action: 'update' | 'delete') {
    if (await actorCanAny(actor, [`music.${action}`, `artists.${action}`])) return;
    if (!actor.user) throw new AppError('unauthenticated');
    // Managers edit their artist page; deleting an artist stays with catalogue editors.
    if (action === 'update' && (await managedArtistIds(db, actor.user.id)).has(id)) return;
    throw new AppError('forbidden');
  }

  async function list(query: ArtistListQuery): Promise<Page<TArtist>> {
    const page = await artistPage(db, query);
    return mapPage(page, (rows) => toArtistDtos(db, rows, includeOf(query)));
  }

  /** One artist page: one statement (`findArtistPage`), the same answer `toArtistDtos` gives a row. */
  async function show(actor: Actor, id: number, include: CatalogueInclude): Promise<TArtist> {
    const want = new Set(include.with ?? []);
    const row = orNotFound(
      await findArtistPage(db, id, {
        genres: want.has('genres'),
        tags: want.has('tags'),
        albums: want.has('albums'),
        topTracks: want.has('top_tracks'),
        counts: (include.loadCount ?? []) as ArtistCountName[],
      }),
      'Artist not found.',
    );
    if (row.disabled && !(await actorCanAny(actor, ['music.update', 'artists.update']))) {
      throw new AppError('not_found', 'Artist not found.');
    }
    const dto = artistDtoOf(row);
    if (row.genres) dto.genres = row.genres;
    if (row.tags) dto.tags = row.tags;
    if (row.counts) dto.counts = row.counts;
    if (row.albums) dto.albums = row.albums;
    if (row.top_tracks)
      dto.top_tracks = row.top_tracks.map((track) => ({ ...track, plays: Number(track.plays) }));
    return dto;
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

  async function create(actor: Actor, input: TArtistCreate): Promise<TArtist> {
    await assertActorCanAny(actor, ['artists.create', 'music.create']);
    const user = actorUser(actor);
    const isEditor = await actorCanAny(actor, ['artists.create', 'artists.update', 'music.update']);
    const id = await db.transaction().execute(async (trx) => {
      const id = await insertArtist(trx, {
        name: input.name,
        slug: slugify(input.name),
        ...columnsOf(input, isEditor),
        // Created with a workspace active, the artist belongs to it (spec 1).
        workspace_id: actor.workspaceId,
      });
      if (!isEditor) await addArtistOwner(trx, user.id, id);
      await syncGenresAndTags(trx, 'artist', id, input, user.id);
      return id;
    });
    await catalogueChanged(db, { artists: [id] });
    return show(actor, id, { with: ['genres', 'tags'] });
  }

  async function update(actor: Actor, id: number, input: TArtistUpdate): Promise<TArtist> {
    await findOr404(id);
    await assertCanManage(actor, id, 'update');
    const isEditor = await actorCanAny(actor, ['artists.update', 'music.update']);
    await db.transaction().execute(async (trx) => {
      await updateArtist(trx, id, { ...columnsOf(input, isEditor), updated_at: new Date() });
      await syncGenresAndTags(trx, 'artist', id, input, actor.user?.id ?? null);
    });
    await catalogueChanged(db, { artists: [id] });
    return show(actor, id, { with: ['genres', 'tags'] });
  }

  /** Removes the artist and its credits; albums and tracks stay (they may credit other artists). */
  async function remove(actor: Actor, id: number): Promise<void> {
    await findOr404(id);
    await assertCanManage(actor, id, 'delete');
    // Its credits go with it: the pages are found while they still exist.
    await changingCatalogue(db, { artists: [id] }, () =>
      db.transaction().execute(async (trx) => {
        await deleteLinks(trx, ARTIST_LINKS, 'artist', [id]);
        await deleteArtist(trx, id);
      }),
    );
  }

  return { list, show, create, update, remove, toDtos: (rows: ArtistRow[]) => toArtistDtos(db, rows) };
}
