import type { TUserRef } from '@cadence/contracts/catalogue';
import type { TPlaylist, TPlaylistCreate } from '@cadence/contracts/playlist';
import type { TSmartRules } from '@cadence/contracts/smart-playlist';
import type { Kysely } from 'kysely';
import { type Actor, actorCanAny, actorRestriction, assertActorCanAny } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { type CatalogueInclude, includeOf, listOrder } from '../catalogue/catalogue-list';
import type { Page } from '../catalogue/catalogue-query.repository';
import { type CatalogueListQuery, isoRequired, mapPage, orNotFound } from '../catalogue/catalogue-utils';
import { loadCounts } from '../catalogue/counts';
import { toTrackDtos } from '../catalogue/track-dto';
import { trackVisibility } from '../tracks/tracks.repository';
import { publicUsers } from '../users/public-user';
import { userExists } from '../users/user-refs.repository';
import type { PlaylistRow } from './playlists.repository';
import * as playlistsRepository from './playlists.repository';
import { countSmartTracks, smartTrackIds, smartTrackRows } from './smart-playlist.repository';

type Db = Kysely<Database>;
export type PlaylistListQuery = CatalogueListQuery;

const SORTABLE = ['name', 'plays', 'views', 'created_at', 'updated_at', 'id'] as const;
/** A playlist page shows at most this many tracks; longer playlists page through /tracks. */
const PLAYLIST_TRACKS_SHOWN = 500;

/** Tracks appended per statement when a playlist is created with many (an import). */
const IMPORT_SLICE = 5_000;

export function createPlaylistsService(db: Db) {
  /** A smart playlist's tracks, evaluated now for this viewer (their own private tracks only). */
  const smartScope = (row: PlaylistRow, viewerId: number | null) => ({
    ownerId: row.owner_id,
    viewerId,
    now: new Date(),
  });

  async function tracksOf(row: PlaylistRow, viewerId: number | null) {
    if (!row.smart_rules) return playlistsRepository.tracksOf(db, row.id, PLAYLIST_TRACKS_SHOWN);
    const tracks = await smartTrackRows(
      db,
      row.smart_rules,
      smartScope(row, viewerId),
      PLAYLIST_TRACKS_SHOWN,
    );
    return tracks.map((track, position) => ({ ...track, position, added_at: track.created_at }));
  }

  async function smartCounts(rows: PlaylistRow[], viewerId: number | null) {
    const smart = rows.filter((row) => row.smart_rules);
    const counts = await Promise.all(
      smart.map((row) => countSmartTracks(db, row.smart_rules as TSmartRules, smartScope(row, viewerId))),
    );
    return new Map(smart.map((row, index) => [row.id, counts[index] as number]));
  }

  async function toDtos(
    rows: PlaylistRow[],
    include: CatalogueInclude = {},
    viewerId: number | null = null,
  ): Promise<TPlaylist[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const want = new Set(include.with ?? []);
    const single = rows.length === 1 ? (rows[0] as PlaylistRow) : null;
    const isCountingTracks = include.loadCount?.includes('tracks') ?? false;
    const [owners, editors, counts, trackRows] = await Promise.all([
      want.has('owner')
        ? publicUsers(
            db,
            rows.map((row) => row.owner_id),
          )
        : null,
      want.has('editors') ? playlistsRepository.editorsOf(db, ids) : null,
      include.loadCount?.length ? loadCounts(db, 'playlist', include.loadCount, ids) : null,
      want.has('tracks') && single ? tracksOf(single, viewerId) : null,
    ]);
    const smartTrackCounts = isCountingTracks ? await smartCounts(rows, viewerId) : null;
    const editorRefs = editors
      ? await publicUsers(
          db,
          editors.map((row) => row.user_id),
        )
      : null;
    const trackDtos = trackRows ? await toTrackDtos(db, trackRows) : null;
    return rows.map((row) => {
      const dto: TPlaylist = {
        id: row.id,
        name: row.name,
        slug: row.slug,
        description: row.description,
        image: row.image,
        public: row.public,
        collaborative: row.collaborative,
        owner_id: row.owner_id,
        plays: Number(row.plays),
        views: Number(row.views),
        created_at: isoRequired(row.created_at),
        updated_at: isoRequired(row.updated_at),
        smart_rules: row.smart_rules,
      };
      if (owners) dto.owner = owners.get(row.owner_id) ?? null;
      if (editors && editorRefs)
        dto.editors = editors
          .filter((editor) => editor.playlist_id === row.id)
          .map((editor) => editorRefs.get(editor.user_id))
          .filter((ref): ref is TUserRef => !!ref);
      if (counts) dto.counts = counts.get(row.id) ?? {};
      const smartCount = smartTrackCounts?.get(row.id);
      if (dto.counts && smartCount !== undefined) dto.counts = { ...dto.counts, tracks: smartCount };
      if (trackDtos && trackRows)
        dto.tracks = trackDtos.map((track, index) => ({
          ...track,
          position: (trackRows[index] as { position: number }).position,
          added_at: isoRequired((trackRows[index] as { added_at: Date }).added_at),
        }));
      return dto;
    });
  }

  async function findOr404(id: number): Promise<PlaylistRow> {
    return orNotFound(await playlistsRepository.find(db, id), 'Playlist not found.');
  }

  const isEditor = (userId: number, playlistId: number) =>
    playlistsRepository.isEditor(db, userId, playlistId);

  /** Private playlists exist only for their owner, collaborators and playlist editors (404 otherwise). */
  async function findVisible(actor: Actor, id: number): Promise<PlaylistRow> {
    const playlist = await findOr404(id);
    const userId = actor.user?.id;
    if (userId === playlist.owner_id) return playlist;
    if (playlist.public) {
      await assertActorCanAny(actor, ['playlists.view', 'playlists.update']);
      return playlist;
    }
    if (userId && (await isEditor(userId, id))) return playlist;
    if (await actorCanAny(actor, ['playlists.update'])) return playlist;
    throw new AppError('not_found', 'Playlist not found.');
  }

  async function assertCanManage(actor: Actor, playlist: PlaylistRow, action: 'update' | 'delete') {
    if (actor.user?.id === playlist.owner_id) return;
    if (await actorCanAny(actor, [`playlists.${action}`])) return;
    // Refused on a playlist the actor cannot see: the same 404 as a missing one, so ids cannot be probed.
    await findVisible(actor, playlist.id);
    throw new AppError(actor.user ? 'forbidden' : 'unauthenticated');
  }

  /** Track edits: the owner, collaborators of a collaborative playlist, or playlists.update. */
  async function assertCanEditTracks(actor: Actor, playlist: PlaylistRow) {
    const userId = actor.user?.id;
    if (playlist.smart_rules)
      throw validationError({
        track_ids: "A smart playlist's tracks come from its rules and cannot be edited.",
      });
    if (userId === playlist.owner_id) return;
    if (userId && playlist.collaborative && (await isEditor(userId, playlist.id))) return;
    if (await actorCanAny(actor, ['playlists.update'])) return;
    throw new AppError(actor.user ? 'forbidden' : 'unauthenticated');
  }

  async function list(query: PlaylistListQuery): Promise<Page<TPlaylist>> {
    const page = await playlistsRepository.listPublic(db, query, listOrder('playlists', SORTABLE, query));
    return mapPage(page, (rows) => toDtos(rows, includeOf(query)));
  }

  /** The user's own and collaborative playlists, plus (for other viewers) only the public ones. */
  async function ofUser(userId: number, viewerId: number | null, options: { page: number; perPage: number }) {
    const page = await playlistsRepository.ofUser(db, userId, viewerId !== userId, options);
    return mapPage(page, (rows) => toDtos(rows, { with: ['owner'], loadCount: ['tracks'] }, viewerId));
  }

  async function show(actor: Actor, id: number, include: CatalogueInclude): Promise<TPlaylist> {
    const [dto] = await toDtos([await findVisible(actor, id)], include, actor.user?.id ?? null);
    return dto as TPlaylist;
  }

  async function create(actor: Actor, input: TPlaylistCreate): Promise<TPlaylist> {
    await assertActorCanAny(actor, ['playlists.create']);
    const user = actor.user;
    if (!user) throw new AppError('unauthenticated');
    const limit = await actorRestriction(actor, 'playlists.create', 'count');
    if (limit !== null) {
      if ((await playlistsRepository.countOwnedBy(db, user.id)) >= limit) {
        throw new AppError(
          'forbidden',
          `You can create up to ${limit} playlists. Upgrade your plan to create more.`,
        );
      }
    }
    const row = await playlistsRepository.insert(db, user.id, input, actor.workspaceId);
    return (await toDtos([row], { with: ['owner'] }))[0] as TPlaylist;
  }

  /**
   * Playlists with their tracks in one transaction (an import): all of them, or none when one
   * fails. The tracks must be ones the actor may add (the caller picked them so).
   */
  async function createWithTracks(
    actor: Actor,
    items: { input: TPlaylistCreate; trackIds: number[] }[],
  ): Promise<number[]> {
    await assertActorCanAny(actor, ['playlists.create']);
    const user = actor.user;
    if (!user) throw new AppError('unauthenticated');
    const limit = await actorRestriction(actor, 'playlists.create', 'count');
    if (limit !== null && (await playlistsRepository.countOwnedBy(db, user.id)) + items.length > limit) {
      throw new AppError(
        'forbidden',
        `You can create up to ${limit} playlists. Upgrade your plan to create more.`,
      );
    }
    return db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (const item of items) {
        const row = await playlistsRepository.insert(trx, user.id, item.input, actor.workspaceId);
        const unique = [...new Set(item.trackIds)];
        // A statement takes at most 65,535 parameters: tracks go in slices.
        for (let start = 0; start < unique.length; start += IMPORT_SLICE)
          await playlistsRepository.appendTracks(
            trx,
            row.id,
            unique.slice(start, start + IMPORT_SLICE),
            user.id,
          );
        ids.push(row.id);
      }
      return ids;
    });
  }

  async function update(actor: Actor, id: number, input: Partial<TPlaylistCreate>): Promise<TPlaylist> {
    const playlist = await findOr404(id);
    await assertCanManage(actor, playlist, 'update');
    const row = await playlistsRepository.update(db, id, input);
    return (await toDtos([row], { with: ['owner', 'editors'] }))[0] as TPlaylist;
  }

  async function remove(actor: Actor, id: number): Promise<void> {
    const playlist = await findOr404(id);
    await assertCanManage(actor, playlist, 'delete');
    await playlistsRepository.remove(db, id);
  }

  async function addTracks(actor: Actor, id: number, trackIds: number[]): Promise<TPlaylist> {
    // Invisible playlists are 404 even for track edits, so private ids cannot be probed.
    const playlist = await findVisible(actor, id);
    await assertCanEditTracks(actor, playlist);
    const unique = [...new Set(trackIds)];
    const visible = await trackVisibility(db, unique);
    const usable = new Set(
      visible.filter((t) => t.visibility !== 'private' || t.owner_id === actor.user?.id).map((t) => t.id),
    );
    if (unique.some((trackId) => !usable.has(trackId)))
      throw validationError({ track_ids: 'Choose existing tracks.' });
    await playlistsRepository.appendTracks(db, id, unique, actor.user?.id ?? null);
    return show(actor, id, { with: ['tracks'], loadCount: ['tracks'] });
  }

  async function removeTracks(actor: Actor, id: number, trackIds: number[]): Promise<TPlaylist> {
    // Invisible playlists are 404 even for track edits, so private ids cannot be probed.
    const playlist = await findVisible(actor, id);
    await assertCanEditTracks(actor, playlist);
    await playlistsRepository.removeTracks(db, id, trackIds);
    return show(actor, id, { with: ['tracks'], loadCount: ['tracks'] });
  }

  /** The new order must name every track of the playlist exactly once. */
  async function reorder(actor: Actor, id: number, trackIds: number[]): Promise<TPlaylist> {
    // Invisible playlists are 404 even for track edits, so private ids cannot be probed.
    const playlist = await findVisible(actor, id);
    await assertCanEditTracks(actor, playlist);
    if (!(await playlistsRepository.reorder(db, id, trackIds))) {
      throw validationError({
        track_ids: 'The new order must list every track of the playlist exactly once.',
      });
    }
    return show(actor, id, { with: ['tracks'] });
  }

  async function addCollaborator(actor: Actor, id: number, userId: number): Promise<TPlaylist> {
    const playlist = await findOr404(id);
    await assertCanManage(actor, playlist, 'update');
    if (!(await userExists(db, userId))) throw validationError({ user_id: 'Choose an existing user.' });
    if (userId === playlist.owner_id)
      throw validationError({ user_id: 'The owner already edits this playlist.' });
    await playlistsRepository.addEditor(db, id, userId);
    return show(actor, id, { with: ['owner', 'editors'] });
  }

  async function removeCollaborator(actor: Actor, id: number, userId: number): Promise<void> {
    const playlist = await findOr404(id);
    // Collaborators may leave on their own, of a playlist they can see.
    if (actor.user?.id === userId) await findVisible(actor, id);
    else await assertCanManage(actor, playlist, 'update');
    await playlistsRepository.removeEditor(db, id, userId);
  }

  /** The editor's live count: the rules as the actor's own playlist would evaluate them now. */
  async function countSmart(actor: Actor, rules: TSmartRules): Promise<number> {
    const user = actor.user;
    if (!user) throw new AppError('unauthenticated');
    return countSmartTracks(db, rules, { ownerId: user.id, viewerId: user.id, now: new Date() });
  }

  /**
   * A smart playlist's tracks for `viewerId`, evaluated now (the owner's plays and likes, the
   * viewer's privacy): ids in order with durations, at most `cap`. Null for a plain playlist.
   */
  async function smartTracksOf(
    playlist: Pick<PlaylistRow, 'owner_id' | 'smart_rules'>,
    viewerId: number,
    cap: number,
  ): Promise<{ id: number; duration: number | null }[] | null> {
    if (!playlist.smart_rules) return null;
    return smartTrackIds(
      db,
      playlist.smart_rules,
      { ownerId: playlist.owner_id, viewerId, now: new Date() },
      cap,
    );
  }

  /** The ids of a playlist's tracks (a smart one evaluated now) as the actor may open it, in order. */
  async function trackIdsOf(actor: Actor, id: number): Promise<number[]> {
    const rows = await tracksOf(await findVisible(actor, id), actor.user?.id ?? null);
    return rows.map((row) => row.id);
  }

  return {
    countSmart,
    smartTracksOf,
    trackIdsOf,
    list,
    ofUser,
    show,
    findVisible,
    create,
    createWithTracks,
    update,
    remove,
    addTracks,
    removeTracks,
    reorder,
    addCollaborator,
    removeCollaborator,
    toDtos,
  };
}
export type PlaylistsService = ReturnType<typeof createPlaylistsService>;
