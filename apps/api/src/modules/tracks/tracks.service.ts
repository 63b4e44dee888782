import type { TListQuery } from '@cadence/contracts/pagination';
import type { TTrack, TTrackCreate, TTrackUpdate } from '@cadence/contracts/track';
import type { Kysely } from 'kysely';
import { type Actor, actorUser, assertActorCanAny } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { assertCanCreditArtists } from '../artists/artist-credits';
import { assertMinutesLeft } from '../backstage/upload-minutes';
import { replaceTrackArtists } from '../catalogue/artist-credits.repository';
import { assertCanManageCredited, type WorkspaceDirectory } from '../catalogue/catalogue-access';
import { catalogueChanged, changingCatalogue } from '../catalogue/catalogue-invalidation';
import { albumExists } from '../catalogue/catalogue-items.repository';
import { syncGenresAndTags } from '../catalogue/catalogue-links';
import { deleteLinks } from '../catalogue/catalogue-links.repository';
import { type CatalogueInclude, includeOf } from '../catalogue/catalogue-list';
import type { Page } from '../catalogue/catalogue-query.repository';
import { mapPage, orNotFound, slugify, withSlug } from '../catalogue/catalogue-utils';
import { assertTrackVisibleTo, findTrackOr404, findTrackVisibleTo } from '../catalogue/track-access';
import { toTrackDtos, trackDtoOf } from '../catalogue/track-dto';
import { findTrackPage } from '../catalogue/track-json.repository';
import { deleteTrackRows, insertTrack, trackPage, updateTrack } from './tracks.repository';

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

export function createTracksService(db: Db, workspaces: WorkspaceDirectory) {
  async function list(query: TrackListQuery): Promise<Page<TTrack>> {
    const page = await trackPage(db, query);
    return mapPage(page, (rows) => toTrackDtos(db, rows, includeOf(query)));
  }

  /** The track page: one statement (JSON aggregation) unless lyrics or counts are asked for too. */
  async function show(actor: Actor, id: number, include: CatalogueInclude): Promise<TTrack> {
    const want = new Set(include.with ?? []);
    if (include.loadCount?.length || want.has('lyrics')) {
      const track = await findTrackVisibleTo(db, actor, id);
      const [dto] = await toTrackDtos(db, [track], include);
      return dto as TTrack;
    }
    const row = orNotFound(
      await findTrackPage(db, id, { genres: want.has('genres'), tags: want.has('tags') }),
      'Track not found.',
    );
    await assertTrackVisibleTo(db, actor, row);
    const dto = trackDtoOf(row, row.artists, row.album);
    if (row.genres) dto.genres = row.genres;
    if (row.tags) dto.tags = row.tags;
    return dto;
  }

  async function assertAlbumUsable(albumId: number | null | undefined): Promise<void> {
    if (!albumId) return;
    if (!(await albumExists(db, albumId)))
      throw new AppError('validation', 'Choose an existing album.', {
        album_id: 'Choose an existing album.',
      });
  }

  async function create(actor: Actor, input: TTrackCreate): Promise<TTrack> {
    await assertActorCanAny(actor, ['music.create', 'tracks.create']);
    const user = actorUser(actor);
    await assertCanCreditArtists(db, workspaces, actor, input.artist_ids);
    await assertAlbumUsable(input.album_id);
    await assertMinutesLeft(db, actor, user.id, input.duration ?? 0);
    const id = await db.transaction().execute(async (trx) => {
      const id = await insertTrack(trx, {
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
        workspace_id: actor.workspaceId,
      });
      await replaceTrackArtists(trx, id, input.artist_ids);
      await syncGenresAndTags(trx, 'track', id, input, user.id);
      return id;
    });
    await catalogueChanged(db, { tracks: [id] });
    return show(actor, id, { with: ['genres', 'tags'] });
  }

  /** Refused on a track the actor cannot see: the same 404 as a missing one, so ids cannot be probed. */
  async function assertCanManage(actor: Actor, id: number, action: 'update' | 'delete') {
    const track = await findTrackOr404(db, id);
    try {
      await assertCanManageCredited(db, workspaces, actor, 'track', track, action);
    } catch (error) {
      await assertTrackVisibleTo(db, actor, track);
      throw error;
    }
  }

  async function update(actor: Actor, id: number, input: TTrackUpdate): Promise<TTrack> {
    await assertCanManage(actor, id, 'update');
    if (input.artist_ids) await assertCanCreditArtists(db, workspaces, actor, input.artist_ids);
    await assertAlbumUsable(input.album_id);
    const { artist_ids, genres, tags, ...columns } = input;
    // The track may move to another album or change credits: old and new pages both change.
    await changingCatalogue(db, { tracks: [id] }, () =>
      db.transaction().execute(async (trx) => {
        await updateTrack(trx, id, { ...withSlug(columns), updated_at: new Date() });
        if (artist_ids) await replaceTrackArtists(trx, id, artist_ids);
        await syncGenresAndTags(trx, 'track', id, { genres, tags }, actor.user?.id ?? null);
      }),
    );
    return show(actor, id, { with: ['genres', 'tags'] });
  }

  async function remove(actor: Actor, id: number): Promise<void> {
    await assertCanManage(actor, id, 'delete');
    await deleteTracks(db, [id]);
  }

  return { list, show, create, update, remove };
}

const TRACK_LINKS = ['likes', 'reposts', 'comments', 'genreables', 'taggables', 'channelables'] as const;

/** Removes tracks and their polymorphic rows (likes, reposts, comments, genres, tags, channels) in one transaction. */
export async function deleteTracks(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await changingCatalogue(db, { tracks: ids }, () =>
    db.transaction().execute(async (trx) => {
      await deleteLinks(trx, TRACK_LINKS, 'track', ids);
      await deleteTrackRows(trx, ids);
    }),
  );
}

export type TracksService = ReturnType<typeof createTracksService>;
